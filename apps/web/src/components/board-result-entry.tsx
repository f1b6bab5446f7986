import { SEAT_LETTERS, seatNameOfLetter, type SeatLetter } from '@bridge/api';
import { Button, Checkbox, SegmentedControl, Stack, Text } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import classes from './board-result-entry.module.css';
import hidden from './visually-hidden.module.css';

// A board's contract as the table phone's North and the director's dialog enter it: declarer, level (or passed out),
// strain and doubling, each a question with its problem under it, then the screen's own tricks and lead. The phone
// asks with big buttons for thumbs (`touch`), the dialog with a row of segments each (`compact`).

export type Strain = 'C' | 'D' | 'H' | 'S' | 'NT';
export type Doubled = 0 | 1 | 2;

/** The contract chosen so far. */
export type ContractChoice = {
  passedOut: boolean;
  declarer: SeatLetter | null;
  level: number | null;
  strain: Strain | null;
  doubled: Doubled;
};
export type ContractQuestion = 'declarer' | 'level' | 'strain' | 'doubled';

/** Lowest first, as bidding goes. */
export const STRAINS: readonly Strain[] = ['C', 'D', 'H', 'S', 'NT'];
export const strainFaces: Record<Strain, { symbol: string; name: string; red: boolean }> = {
  C: { symbol: '♣', name: 'Clubs', red: false },
  D: { symbol: '♦', name: 'Diamonds', red: true },
  H: { symbol: '♥', name: 'Hearts', red: true },
  S: { symbol: '♠', name: 'Spades', red: false },
  NT: { symbol: 'NT', name: 'No trumps', red: false },
};
const LEVELS = [1, 2, 3, 4, 5, 6, 7] as const;
// What each doubling shows and is read out as: words on the phone's buttons, signs in the dialog's segments.
const DOUBLINGS: { value: Doubled; touch: [string, string]; compact: [string, string] }[] = [
  { value: 0, touch: ['None', 'Not doubled'], compact: ['-', 'Undoubled'] },
  { value: 1, touch: ['X', 'Doubled'], compact: ['X', 'Doubled'] },
  { value: 2, touch: ['XX', 'Redoubled'], compact: ['XX', 'Redoubled'] },
];

/** A suit's symbol in its card colour, white on a pressed button. */
export const suitFace = (strain: Strain, pressed: boolean) => (
  <span className={`${classes.suitButton} ${pressed ? '' : strainFaces[strain].red ? classes.red : classes.black}`}>
    {strainFaces[strain].symbol}
  </span>
);

/** A button that stays pressed while its value is chosen: big enough for a thumb. */
export function Choice({
  pressed,
  onClick,
  label,
  children,
  disabled,
}: {
  pressed: boolean;
  onClick: () => void;
  label?: string;
  children: ReactNode;
  disabled?: boolean;
}) {
  return (
    <Button
      type="button"
      size="lg"
      px={4}
      variant={pressed ? 'filled' : 'default'}
      aria-pressed={pressed}
      aria-label={label}
      onClick={onClick}
      disabled={disabled}
      className={pressed ? classes.pressed : undefined}
      fullWidth
    >
      {children}
    </Button>
  );
}

/** One question on the phone: a group named by its legend, with its problem said under it. */
export function Question({ legend, error, children, hint }: { legend: string; error?: string; children: ReactNode; hint?: ReactNode }) {
  const errorId = useId();
  return (
    <fieldset className={classes.fieldset} aria-describedby={error ? errorId : undefined}>
      <legend className={classes.legend}>{legend}</legend>
      {hint}
      {children}
      {error ? (
        <Text id={errorId} c="var(--mantine-color-error)" size="sm" fw={600} mt={6}>
          {error}
        </Text>
      ) : null}
    </fieldset>
  );
}

/** One question in the dialog: a row of segments named by its label, with its problem under it. */
export function SegmentsQuestion({
  label,
  error,
  value,
  onChange,
  data,
  fullWidth = true,
}: {
  label: string;
  error?: string;
  value: string;
  onChange: (value: string) => void;
  data: { value: string; label: ReactNode }[];
  fullWidth?: boolean;
}) {
  const id = useId();
  return (
    <div>
      <Text id={`${id}-label`} size="sm" fw={500} mb={4}>
        {label}
      </Text>
      <SegmentedControl
        fullWidth={fullWidth}
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${id}-error` : undefined}
        value={value}
        onChange={onChange}
        data={data}
      />
      {error ? (
        <Text id={`${id}-error`} size="sm" c="red.8" mt={4}>
          {error}
        </Text>
      ) : null}
    </div>
  );
}

/** Shown as a sign, read out as a word. */
export const signWithName = (shown: ReactNode, name: string) => (
  <>
    <span aria-hidden="true">{shown}</span>
    <span className={hidden.srOnly}>{name}</span>
  </>
);

export const entryClasses = classes;

type EntryProps = {
  look: 'touch' | 'compact';
  values: ContractChoice;
  onChange: (patch: Partial<ContractChoice>) => void;
  errors: Partial<Record<ContractQuestion, string>>;
  /** The screen's own questions after the contract (the tricks, the lead), asked only while the board was played. */
  children?: ReactNode;
};

/**
 * A board's contract, question by question. On the phone a passed-out board keeps the declarer (greyed) and the
 * level in sight, its Passed out button beside the levels; in the dialog a Passed out box above hides them all.
 */
export function BoardResultEntry({ look, values, onChange, errors, children }: EntryProps) {
  const played = !values.passedOut;
  if (look === 'compact')
    return (
      <>
        <Checkbox label="Passed out" checked={values.passedOut} onChange={(event) => onChange({ passedOut: event.currentTarget.checked })} />
        {played ? (
          <>
            <SegmentsQuestion
              label="Declarer"
              error={errors.declarer}
              value={values.declarer ?? ''}
              onChange={(value) => onChange({ declarer: value as SeatLetter })}
              data={SEAT_LETTERS.map((seat) => ({ value: seat, label: signWithName(seat, seatNameOfLetter[seat]) }))}
            />
            <SegmentsQuestion
              label="Level"
              error={errors.level}
              value={values.level ? String(values.level) : ''}
              onChange={(value) => onChange({ level: Number(value) })}
              data={LEVELS.map((level) => ({ value: String(level), label: String(level) }))}
            />
            <SegmentsQuestion
              label="Strain"
              error={errors.strain}
              value={values.strain ?? ''}
              onChange={(value) => onChange({ strain: value as Strain })}
              data={STRAINS.map((strain) => {
                const { symbol, name, red } = strainFaces[strain];
                // Read out in the run of a sentence: `4 hearts`.
                return { value: strain, label: <span className={red ? classes.red : undefined}>{signWithName(symbol, name.toLowerCase())}</span> };
              })}
            />
            <SegmentsQuestion
              label="Doubling"
              error={errors.doubled}
              value={String(values.doubled)}
              onChange={(value) => onChange({ doubled: Number(value) as Doubled })}
              data={DOUBLINGS.map((doubling) => ({ value: String(doubling.value), label: signWithName(...doubling.compact) }))}
            />
            {children}
          </>
        ) : null}
      </>
    );

  return (
    <>
      <Question legend="Declarer" error={played ? errors.declarer : undefined}>
        <div className={classes.grid4}>
          {SEAT_LETTERS.map((seat) => (
            <Choice
              key={seat}
              pressed={values.declarer === seat}
              label={seatNameOfLetter[seat]}
              disabled={!played}
              onClick={() => onChange({ declarer: seat })}
            >
              {seat}
            </Choice>
          ))}
        </div>
      </Question>

      <Question legend="Level" error={errors.level}>
        <div className={classes.grid7}>
          {LEVELS.map((level) => (
            <Choice key={level} pressed={played && values.level === level} onClick={() => onChange({ level, passedOut: false })}>
              {level}
            </Choice>
          ))}
        </div>
        <div className={classes.passRow}>
          <Choice pressed={values.passedOut} onClick={() => onChange({ passedOut: !values.passedOut })}>
            Passed out
          </Choice>
        </div>
      </Question>

      {played ? (
        <Stack gap="md">
          <Question legend="Strain" error={errors.strain}>
            <div className={classes.grid5}>
              {STRAINS.map((strain) => (
                <Choice key={strain} pressed={values.strain === strain} label={strainFaces[strain].name} onClick={() => onChange({ strain })}>
                  {suitFace(strain, values.strain === strain)}
                </Choice>
              ))}
            </div>
          </Question>

          <Question legend="Doubling" error={errors.doubled}>
            <div className={classes.grid3}>
              {DOUBLINGS.map(({ value, touch: [shown, name] }) => (
                <Choice key={value} pressed={values.doubled === value} label={name} onClick={() => onChange({ doubled: value })}>
                  {shown}
                </Choice>
              ))}
            </div>
          </Question>
          {children}
        </Stack>
      ) : null}
    </>
  );
}
