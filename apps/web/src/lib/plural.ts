// Counts in words: "1 event", "14 events". One helper on Intl.PluralRules, so every screen picks the form the
// same way instead of writing "event(s)" or a plain "events" after a 1.

const rules = new Intl.PluralRules('en-GB');

/** A noun's singular and plural forms; the plural defaults to the singular with an s. */
export type Noun = { one: string; other?: string };

/** The form of `noun` that goes with `count`, without the number: "event" for 1, "events" for 0 or 2. */
export function pluralWord(count: number, noun: Noun | string): string {
  const forms = typeof noun === 'string' ? { one: noun } : noun;
  return rules.select(count) === 'one' ? forms.one : (forms.other ?? `${forms.one}s`);
}

/** The count and its noun: "1 event", "14 events", "1,200 new users". */
export function plural(count: number, noun: Noun | string): string {
  return `${count.toLocaleString('en-GB')} ${pluralWord(count, noun)}`;
}
