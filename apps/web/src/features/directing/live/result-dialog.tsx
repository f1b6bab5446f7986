import type { GridCell } from '@bridge/api';
import { Alert, Button, Group, Modal, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { BoardResultEntry, SegmentsQuestion, signWithName } from '../../../components/board-result-entry';
import { titleStyles } from '../../../components/modal-styles';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { usePostResult, useNotPlayed } from './api';
import { boardStatusWords, type GridBoard } from './board-status';
import { draftOf, draftProblems, draftScore, formatNsScore, leadOf, parseTricks, vulnerabilityText, type ResultDraft } from './result-entry';

/** The board chosen in the grid, with the pairs' labels and names as the dialog shows them (`NS 3 (Ann Able & Bob Baker)`). */
export type BoardTarget = { cell: GridCell; board: GridBoard; pairName: (side: 'NS' | 'EW', pair: number) => string };

type Field = 'declarer' | 'level' | 'strain' | 'doubled' | 'tricks' | 'lead' | 'adjusted' | 'notPlayed' | 'general';
type FieldErrors = Partial<Record<Field, string>>;

/** Where a refusal belongs: the field its issue names, else the field its sentence is about. */
function refusalErrors(error: unknown, fallback: Field): FieldErrors {
  const errors: FieldErrors = {};
  const fieldOfPath = (path: string): Field | null => {
    if (path.startsWith('declarer')) return 'declarer';
    if (path.startsWith('contract.level') || path === 'contract') return 'level';
    if (path.startsWith('contract.strain')) return 'strain';
    if (path.startsWith('contract.doubled')) return 'doubled';
    if (path.startsWith('tricks')) return 'tricks';
    if (path.startsWith('lead')) return 'lead';
    if (path.startsWith('adjusted')) return 'adjusted';
    return null;
  };
  if (isApiError(error) && error.issues?.length) {
    for (const issue of error.issues) {
      const field = fieldOfPath(issue.path) ?? fallback;
      errors[field] ??= issue.message;
    }
    return errors;
  }
  const message = errorMessage(error);
  if (fallback === 'declarer' || fallback === 'general') {
    if (/declarer/i.test(message)) return { declarer: message };
    if (/trick/i.test(message)) return { tricks: message };
    if (/level|contract/i.test(message)) return { level: message };
  }
  return { [fallback]: message };
}

const adjustments = ['A+', 'A', 'A-'] as const;
type Adjustment = (typeof adjustments)[number];

type ResultDialogProps = { eventKey: string; target: BoardTarget | null; onClose: () => void };

/** Enter or correct a board's result, give an adjusted score, or mark the board not played. */
export function ResultDialog({ eventKey, target, onClose }: ResultDialogProps) {
  const title = target ? `Board ${target.board.board}, table ${target.cell.table}, round ${target.cell.round}` : '';
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={title}
      centered
      radius="md"
      size="lg"
      styles={titleStyles}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {target ? (
        <ResultForms key={`${target.cell.round}-${target.cell.table}-${target.board.board}`} eventKey={eventKey} target={target} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

function ResultForms({ eventKey, target, onClose }: { eventKey: string; target: BoardTarget; onClose: () => void }) {
  const { cell, board, pairName } = target;
  const place = { round: cell.round, board: board.board, table: cell.table, nsPair: cell.nsPair, ewPair: cell.ewPair };
  const post = usePostResult(eventKey);
  const notPlayed = useNotPlayed(eventKey);
  const [tab, setTab] = useState<string | null>(board.adjusted ? 'adjusted' : board.status === 'notPlayed' ? 'not-played' : 'result');
  const [draft, setDraft] = useState<ResultDraft>(() => draftOf(board.entry));
  const [shownProblems, setShownProblems] = useState(false);
  const [refusal, setRefusal] = useState<FieldErrors>({});
  const [adjusted, setAdjusted] = useState<{ ns: Adjustment; ew: Adjustment }>(board.adjusted ?? { ns: 'A', ew: 'A' });

  const change = (patch: Partial<ResultDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setRefusal({});
  };
  const problems = shownProblems ? draftProblems(draft) : {};
  const errors: FieldErrors = { ...problems, ...refusal };
  const score = draftScore(draft, board.board);

  const saved = (message: string) => {
    notifySuccess(message);
    onClose();
  };

  const submitResult = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefusal({});
    if (Object.keys(draftProblems(draft)).length > 0) {
      setShownProblems(true);
      return;
    }
    const line = draft.passedOut
      ? { ...place, contract: { level: 0, strain: 'NT' as const, doubled: 0 as const }, tricks: 0, declarer: null }
      : {
          ...place,
          declarer: draft.declarer,
          contract: { level: draft.level!, strain: draft.strain!, doubled: draft.doubled },
          // Known to read once the draft has no problems.
          tricks: parseTricks(draft.tricks, draft.level)!,
          lead: leadOf(draft.lead),
        };
    try {
      await post.mutateAsync(line);
      saved(`Board ${board.board} at table ${cell.table} saved`);
    } catch (error) {
      setRefusal(refusalErrors(error, 'general'));
    }
  };

  const submitAdjusted = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefusal({});
    try {
      await post.mutateAsync({ ...place, adjusted });
      saved(`Adjusted score given on board ${board.board} at table ${cell.table}`);
    } catch (error) {
      setRefusal(refusalErrors(error, 'adjusted'));
    }
  };

  const markNotPlayed = async (value: boolean) => {
    setRefusal({});
    try {
      await notPlayed.mutateAsync({ round: cell.round, table: cell.table, board: board.board, notPlayed: value });
      saved(value ? `Board ${board.board} at table ${cell.table} marked not played` : `Board ${board.board} at table ${cell.table} is to be played`);
    } catch (error) {
      setRefusal(refusalErrors(error, 'notPlayed'));
    }
  };

  return (
    <Stack gap="md">
      <div>
        <Text>
          {pairName('NS', cell.nsPair)} v {pairName('EW', cell.ewPair)}. {vulnerabilityText(board.board)}.
        </Text>
        <Text size="sm" c="dimmed">
          Now: {boardStatusWords(board)}
          {board.contract ? `, ${board.contract}` : ''}
          {board.nsScore !== null ? `, ${formatNsScore(board.nsScore)}` : ''}
          {board.adjusted ? `, adjusted NS ${board.adjusted.ns} EW ${board.adjusted.ew}` : ''}
        </Text>
        {withdrawnLines(board.withdrawn, 'rejected', 'Withdrawn by East-West')}
        {withdrawnLines(board.withdrawn, 'replaced', 'Confirmed, then entered again by the table')}
      </div>
      <Tabs value={tab} onChange={(value) => (setTab(value), setRefusal({}))} keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab value="result">Result</Tabs.Tab>
          <Tabs.Tab value="adjusted">Adjusted score</Tabs.Tab>
          <Tabs.Tab value="not-played">Not played</Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="result" pt="md">
          <form onSubmit={(event) => void submitResult(event)} noValidate>
            <Stack gap="sm">
              <BoardResultEntry
                look="compact"
                values={draft}
                onChange={change}
                errors={{ declarer: errors.declarer, level: errors.level, strain: errors.strain, doubled: errors.doubled }}
              >
                <TextInput
                  label="Tricks"
                  description="=, +1, -2, or the tricks taken"
                  value={draft.tricks}
                  onChange={(event) => change({ tricks: event.currentTarget.value })}
                  error={errors.tricks}
                  autoComplete="off"
                  inputMode="text"
                  maw={220}
                />
                <TextInput
                  label="Opening lead"
                  description="Optional: suit and rank, as HK or D2"
                  value={draft.lead}
                  onChange={(event) => change({ lead: event.currentTarget.value })}
                  error={errors.lead}
                  autoComplete="off"
                  autoCapitalize="characters"
                  maw={220}
                />
              </BoardResultEntry>
              <Text aria-live="polite" fw={600}>
                {score === null ? 'Score: complete the result to see it' : `Score: ${formatNsScore(score)}`}
              </Text>
              {errors.general ? (
                <Alert color="red" variant="light" role="alert">
                  {errors.general}
                </Alert>
              ) : null}
              <TabActions onCancel={onClose}>
                <Button type="submit" loading={post.isPending}>
                  Save result
                </Button>
              </TabActions>
            </Stack>
          </form>
        </Tabs.Panel>

        <Tabs.Panel value="adjusted" pt="md">
          <form onSubmit={(event) => void submitAdjusted(event)} noValidate>
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                An artificial adjusted score in place of a result: average plus, average or average minus for each side.
              </Text>
              {(['ns', 'ew'] as const).map((side) => (
                <SegmentsQuestion
                  key={side}
                  label={side === 'ns' ? 'North-South' : 'East-West'}
                  fullWidth={false}
                  value={adjusted[side]}
                  onChange={(value) => setAdjusted((current) => ({ ...current, [side]: value as Adjustment }))}
                  data={adjustments.map((value) => ({ value, label: signWithName(value, adjustmentNames[value]) }))}
                />
              ))}
              {errors.adjusted ? (
                <Text size="sm" c="red.8" role="alert">
                  {errors.adjusted}
                </Text>
              ) : null}
              <TabActions onCancel={onClose}>
                <Button type="submit" loading={post.isPending}>
                  Give adjusted score
                </Button>
              </TabActions>
            </Stack>
          </form>
        </Tabs.Panel>

        <Tabs.Panel value="not-played" pt="md">
          <Stack gap="sm">
            <Text size="sm">
              {board.status === 'notPlayed'
                ? 'This board is marked not played at this table. It can be played again and its result entered.'
                : 'A board not played at this table (no time, a fouled board) is left out of both pairs\u2019 scores.'}
            </Text>
            {errors.notPlayed ? (
              <Text size="sm" c="red.8" role="alert">
                {errors.notPlayed}
              </Text>
            ) : null}
            <TabActions onCancel={onClose}>
              {board.status === 'notPlayed' ? (
                <Button onClick={() => void markNotPlayed(false)} loading={notPlayed.isPending}>
                  Mark as to be played
                </Button>
              ) : (
                <Button color="red.8" onClick={() => void markNotPlayed(true)} loading={notPlayed.isPending}>
                  Mark not played
                </Button>
              )}
            </TabActions>
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** A tab's buttons: Cancel, then its own action. */
function TabActions({ onCancel, children }: { onCancel: () => void; children: ReactNode }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      {children}
    </Group>
  );
}

/**
 * The board's lines that are no longer its result, by why they went: rejected by East-West, or confirmed and then
 * entered again (the table could read the board's traveller meanwhile). Nothing when there are none.
 */
function withdrawnLines(withdrawn: GridBoard['withdrawn'], reason: GridBoard['withdrawn'][number]['reason'], label: string) {
  const lines = withdrawn.filter((w) => w.reason === reason);
  if (lines.length === 0) return null;
  return (
    <Text size="sm" c="dimmed">
      {label}: {lines.map((w) => `${w.contract}, ${formatNsScore(w.nsScore)}`).join('; ')}
    </Text>
  );
}

const adjustmentNames: Record<Adjustment, string> = { 'A+': 'Average plus', A: 'Average', 'A-': 'Average minus' };
