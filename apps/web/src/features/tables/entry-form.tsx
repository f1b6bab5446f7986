import type { TableResultBody } from '@bridge/api';
import { nsScore } from '@bridge/engine';
import { Button, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import '@mantine/core/styles/SegmentedControl.layer.css';
import { BoardResultEntry, Choice, entryClasses, Question, strainFaces, suitFace, type ContractChoice } from '../../components/board-result-entry';
import {
  boardFacts,
  LEAD_SUITS,
  offsetsFor,
  rankNames,
  RANKS,
  relativeName,
  relativeText,
  signedScore,
  type Rank,
  type Seat,
  type Strain,
  type SuitLetter,
  type TableBoard,
} from './format';
import classes from './table-page.module.css';

/** What North has chosen so far; `offset` is the tricks against the contract (0 is `=`). */
export type EntryValues = {
  declarer: Seat | null;
  passedOut: boolean;
  level: number | null;
  strain: Strain | null;
  doubled: 0 | 1 | 2;
  offset: number | null;
  leadSuit: SuitLetter | null;
  leadRank: Rank | null;
};

export type EntryBody = Omit<TableResultBody, 'entryId'>;

export const emptyEntry: EntryValues = {
  declarer: null,
  passedOut: false,
  level: null,
  strain: null,
  doubled: 0,
  offset: null,
  leadSuit: null,
  leadRank: null,
};

/** The form's values for an entry as the server keeps it (East-West sent it back: North starts from it). */
export function valuesOfEntry(entry: TableBoard['entry'] | EntryBody | null): EntryValues {
  if (!entry) return emptyEntry;
  const { contract } = entry;
  if (contract.level === 0 || contract.strain === null) return { ...emptyEntry, passedOut: true };
  const lead = entry.lead ?? null;
  return {
    declarer: entry.declarer ?? null,
    passedOut: false,
    level: contract.level,
    strain: contract.strain,
    doubled: contract.doubled === 2 ? 2 : contract.doubled === 1 ? 1 : 0,
    offset: entry.tricks === null ? null : entry.tricks - 6 - contract.level,
    leadSuit: lead ? (lead[0] as SuitLetter) : null,
    leadRank: lead ? (lead.slice(1) as Rank) : null,
  };
}

type Complete = { board: number; body: EntryBody; score: number };
type Problems = Partial<Record<'declarer' | 'level' | 'strain' | 'tricks' | 'lead', string>>;

/** The body to send and its Law 77 score, or what is still missing, each at its own field. */
export function checkEntry(board: TableBoard, values: EntryValues): { complete: Complete } | { problems: Problems } {
  if (values.passedOut) {
    return {
      complete: {
        board: board.board,
        score: 0,
        body: { board: board.board, declarer: null, contract: { level: 0, strain: 'NT', doubled: 0 }, tricks: 0 },
      },
    };
  }
  const problems: Problems = {};
  if (!values.declarer) problems.declarer = 'Choose the declarer';
  if (values.level === null) problems.level = 'Choose the level, or Passed out';
  if (!values.strain) problems.strain = 'Choose the suit or no trumps';
  if (values.offset === null) problems.tricks = 'Choose the tricks';
  if (!!values.leadSuit !== !!values.leadRank) problems.lead = values.leadSuit ? 'Choose the card led' : 'Choose the suit led';
  const { declarer, level, strain, offset } = values;
  if (!declarer || level === null || !strain || offset === null || problems.lead) return { problems };
  const tricks = 6 + level + offset;
  const contract = { level: level as 1, strain, doubled: values.doubled };
  const body: EntryBody = { board: board.board, declarer, contract, tricks };
  if (values.leadSuit && values.leadRank) body.lead = `${values.leadSuit}${values.leadRank}`;
  return { complete: { board: board.board, body, score: nsScore(contract, declarer, tricks, board.vulnerability) } };
}

/** The score so far: as soon as the contract and the tricks are known, before the declarer when it does not matter. */
function previewScore(board: TableBoard, values: EntryValues): number | null {
  if (values.passedOut) return 0;
  const { declarer, level, strain, offset } = values;
  if (!declarer || level === null || !strain || offset === null) return null;
  return nsScore({ level: level as 1, strain, doubled: values.doubled }, declarer, 6 + level + offset, board.vulnerability);
}

/**
 * North's entry of one board: declarer, contract, tricks and, if wanted, the lead. The North-South score (Law 77,
 * with the board's vulnerability) shows as soon as the choices make one.
 */
export function EntryForm({
  board,
  initial = emptyEntry,
  sending,
  error,
  onSend,
  onCancel,
}: {
  board: TableBoard;
  initial?: EntryValues;
  sending: boolean;
  /** The server's refusal of the last send. */
  error?: string | null;
  onSend: (body: EntryBody) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<EntryValues>(initial);
  const [tricksAs, setTricksAs] = useState<'relative' | 'count'>('relative');
  const [problems, setProblems] = useState<Problems>({});
  const [showLead, setShowLead] = useState(!!initial.leadSuit);
  const headingId = useId();

  const change = (patch: Partial<EntryValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setProblems((current) => {
      const next = { ...current };
      if ('declarer' in patch) delete next.declarer;
      if ('level' in patch || 'passedOut' in patch) delete next.level;
      if ('strain' in patch) delete next.strain;
      if ('offset' in patch) delete next.tricks;
      if ('leadSuit' in patch || 'leadRank' in patch) delete next.lead;
      return next;
    });
  };

  const changeContract = (patch: Partial<ContractChoice>) => {
    const { level } = patch;
    if (level === undefined || level === null) return change(patch);
    // The tricks stay as counted when the level changes: keep the number, move the offset.
    const tricks = values.offset === null || values.level === null ? null : 6 + values.level + values.offset;
    change({ ...patch, offset: tricks === null ? null : tricks - 6 - level });
  };

  const score = previewScore(board, values);
  const submit = () => {
    const checked = checkEntry(board, values);
    if ('problems' in checked) setProblems(checked.problems);
    else onSend(checked.complete.body);
  };

  return (
    <form
      aria-labelledby={headingId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <div>
          <Title order={2} id={headingId} tabIndex={-1} data-autofocus>
            Board {board.board}: North enters
          </Title>
          <Text c="dimmed">{boardFacts(board)}</Text>
        </div>

        <BoardResultEntry
          look="touch"
          values={values}
          onChange={changeContract}
          errors={{ declarer: problems.declarer, level: problems.level, strain: problems.strain }}
        >
          <Question
            legend="Tricks"
            error={problems.tricks}
            hint={
              <SegmentedControl
                fullWidth
                mb="xs"
                aria-label="Tricks as"
                value={tricksAs}
                onChange={(value) => setTricksAs(value)}
                data={[
                  { value: 'relative', label: `Over or under (${MINUS_SAMPLE})` },
                  { value: 'count', label: 'Tricks taken' },
                ]}
              />
            }
          >
            {values.level === null ? (
              <Text size="sm" c="dimmed">
                Choose the level first.
              </Text>
            ) : tricksAs === 'relative' ? (
              <div className={entryClasses.gridTricks}>
                {offsetsFor(values.level).map((offset) => (
                  <Choice key={offset} pressed={values.offset === offset} label={relativeName(offset)} onClick={() => change({ offset })}>
                    {relativeText(offset)}
                  </Choice>
                ))}
              </div>
            ) : (
              <div className={entryClasses.gridTricks}>
                {Array.from({ length: 14 }, (_, tricks) => (
                  <Choice
                    key={tricks}
                    pressed={values.offset !== null && 6 + values.level! + values.offset === tricks}
                    label={`${tricks} tricks`}
                    onClick={() => change({ offset: tricks - 6 - values.level! })}
                  >
                    {tricks}
                  </Choice>
                ))}
              </div>
            )}
          </Question>

          {showLead ? (
            <Question legend="Opening lead (optional)" error={problems.lead}>
              <Stack gap="xs">
                <div className={entryClasses.grid4} role="group" aria-label="Suit led">
                  {LEAD_SUITS.map((suit) => (
                    <Choice
                      key={suit}
                      pressed={values.leadSuit === suit}
                      label={strainFaces[suit].name}
                      onClick={() => change({ leadSuit: values.leadSuit === suit ? null : suit })}
                    >
                      {suitFace(suit, values.leadSuit === suit)}
                    </Choice>
                  ))}
                </div>
                <div className={entryClasses.grid7} role="group" aria-label="Card led">
                  {RANKS.map((rank) => (
                    <Choice
                      key={rank}
                      pressed={values.leadRank === rank}
                      label={rankNames[rank]}
                      onClick={() => change({ leadRank: values.leadRank === rank ? null : rank })}
                    >
                      {rank === 'T' ? '10' : rank}
                    </Choice>
                  ))}
                </div>
                <Button variant="subtle" onClick={() => (setShowLead(false), change({ leadSuit: null, leadRank: null }))}>
                  No lead
                </Button>
              </Stack>
            </Question>
          ) : (
            <Button variant="light" size="md" onClick={() => setShowLead(true)}>
              Add the opening lead (optional)
            </Button>
          )}
        </BoardResultEntry>

        <div className={classes.scoreBox} role="status" aria-live="polite" aria-atomic="true">
          {score === null ? (
            <Text c="dimmed">The score shows here once the contract and the tricks are chosen.</Text>
          ) : (
            <Text className={classes.score}>
              <span className={classes.scoreLabel}>North-South</span> {signedScore(score)}
            </Text>
          )}
        </div>

        {error ? (
          <Text role="alert" c="var(--mantine-color-error)" fw={600}>
            {error}
          </Text>
        ) : null}

        <Button type="submit" size="lg" loading={sending}>
          Send to East-West
        </Button>
        <Button type="button" variant="default" size="lg" onClick={onCancel}>
          Back
        </Button>
      </Stack>
    </form>
  );
}

const MINUS_SAMPLE = `+1 = ${relativeText(-2)}`;
