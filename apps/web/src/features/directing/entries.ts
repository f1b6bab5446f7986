import type { EntryView, PairEntry } from '@bridge/api';

/** One player as the director edits it: a registered account (with its name) or a guest's name alone. */
export type PlayerDraft = { userId: string | null; name: string };
/** A pair of the movement with its two players; both blank when the pair is not entered. */
export type PairDraft = { pair: string; table: number | null; direction: 'NS' | 'EW' | null; players: [PlayerDraft, PlayerDraft] };

const blank = (): PlayerDraft => ({ userId: null, name: '' });

export function draftsOf(entries: EntryView[]): PairDraft[] {
  return entries.map((entry) => {
    const [first, second] = entry.players.map((p) => ({ userId: p.userId, name: p.name }));
    return { pair: entry.pair, table: entry.table, direction: entry.direction, players: [first ?? blank(), second ?? blank()] };
  });
}

const filled = (player: PlayerDraft) => player.name.trim() !== '';
export const isEntered = (draft: PairDraft) => draft.players.some(filled);

/** The pairs with their players exchanged: pair `a` gets `b`'s players and the other way round. */
export function swapPairs(drafts: PairDraft[], a: string, b: string): PairDraft[] {
  const first = drafts.find((d) => d.pair === a);
  const second = drafts.find((d) => d.pair === b);
  if (!first || !second || a === b) return drafts;
  return drafts.map((d) => (d.pair === a ? { ...d, players: second.players } : d.pair === b ? { ...d, players: first.players } : d));
}

export function withdrawPair(drafts: PairDraft[], pair: string): PairDraft[] {
  return drafts.map((d) => (d.pair === pair ? { ...d, players: [blank(), blank()] } : d));
}

export function setPlayer(drafts: PairDraft[], pair: string, index: 0 | 1, player: PlayerDraft): PairDraft[] {
  return drafts.map((d) => {
    if (d.pair !== pair) return d;
    const players: [PlayerDraft, PlayerDraft] = [...d.players];
    players[index] = player;
    return { ...d, players };
  });
}

/** A field's key in the errors: `NS3.0` is the first player of pair NS3. */
export const fieldKey = (pair: string, index: number) => `${pair}.${index}`;

/**
 * The PUT body (every entered pair, in the movement's order) and the pair of each place in it, so a server issue
 * at `pairs.2.players.1` finds its field; or the problems found before sending.
 */
export function entriesBody(drafts: PairDraft[]): { pairs: PairEntry[]; order: string[]; errors: Record<string, string> } {
  const pairs: PairEntry[] = [];
  const order: string[] = [];
  const errors: Record<string, string> = {};
  for (const draft of drafts) {
    if (!isEntered(draft)) continue;
    draft.players.forEach((player, index) => {
      if (!filled(player)) errors[fieldKey(draft.pair, index)] = 'Give both players, or withdraw the pair';
      else if (!player.userId && player.name.trim().length > 60) errors[fieldKey(draft.pair, index)] = "A guest's name is at most 60 characters";
    });
    const [a, b] = draft.players.map((p) => (p.userId ? { userId: p.userId } : { name: p.name.trim() }));
    pairs.push({ pair: draft.pair, players: [a!, b!] });
    order.push(draft.pair);
  }
  return { pairs, order, errors };
}

/** The field a server issue names (`pairs.2.players.1.name`), or null when it names no one player. */
export function fieldOfEntryIssue(path: string, order: string[]): string | null {
  const match = /^pairs\.(\d+)(?:\.players\.([01]))?/.exec(path);
  if (!match) return null;
  const pair = order[Number(match[1])];
  if (!pair) return null;
  return fieldKey(pair, Number(match[2] ?? 0));
}

/**
 * The pairs without opponents in round 1: those the movement sits out (no table), and those whose opponents at
 * their starting table are not entered.
 */
export function sittingOut(drafts: PairDraft[]): string[] {
  const out: string[] = [];
  for (const draft of drafts) {
    if (!isEntered(draft)) continue;
    if (draft.table === null) {
      out.push(draft.pair);
      continue;
    }
    const opponents = drafts.find((d) => d.table === draft.table && d.pair !== draft.pair);
    if (opponents && !isEntered(opponents)) out.push(draft.pair);
  }
  return out;
}

export const pairLabel = (pair: string) => `Pair ${pair}`;

/** Where a pair starts: "Table 3, North-South", or that it sits out in round 1. */
export function startText(draft: Pick<PairDraft, 'table' | 'direction'>): string {
  if (draft.table === null) return 'Sits out in round 1';
  const side = draft.direction === 'NS' ? 'North-South' : draft.direction === 'EW' ? 'East-West' : '';
  return side ? `Table ${draft.table}, ${side}` : `Table ${draft.table}`;
}
