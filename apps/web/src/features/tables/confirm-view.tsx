import { Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { errorMessage } from '../../lib/api-client';
import { useJudgeEntry } from './api';
import { EntryText } from './entry-text';
import { valuesOfEntry, type EntryBody, type EntryValues } from './entry-form';
import { entryOfBody } from './sent-entry';
import { boardFacts, signedScore, type TableBoard } from './format';
import classes from './table-page.module.css';

/** East-West check North's entry on the same phone: Confirm, or Reject and re-enter. */
export function ConfirmView({
  eventKey,
  table,
  board,
  sent,
  showTravellers,
  onDone,
  onReenter,
  onBack,
  announce,
}: {
  eventKey: string;
  table: number;
  board: TableBoard;
  sent?: { body: EntryBody; score: number };
  showTravellers: boolean;
  onDone: (traveller: boolean) => void;
  onReenter: (values: EntryValues) => void;
  onBack: () => void;
  announce: (text: string) => void;
}) {
  const { confirm, reject } = useJudgeEntry(eventKey, table);
  const headingId = useId();
  const entry = board.status === 'entered' && board.entry ? board.entry : sent ? entryOfBody(sent.body) : null;
  // The server's score once it has the entry; until the state catches up, the one it answered the send with.
  const score = board.status === 'entered' && board.nsScore !== null ? board.nsScore : (sent?.score ?? null);
  const error = confirm.error ?? reject.error;

  if (board.status === 'confirmed') {
    return (
      <section aria-labelledby={headingId}>
        <Stack gap="md">
          <Title order={2} id={headingId} tabIndex={-1} data-autofocus>
            Board {board.board} is confirmed
          </Title>
          <Text className={classes.score}>NS {board.nsScore === null ? '–' : signedScore(board.nsScore)}</Text>
          <Button size="lg" onClick={() => onDone(showTravellers)}>
            {showTravellers ? 'See the traveller' : 'Back to the boards'}
          </Button>
        </Stack>
      </section>
    );
  }
  if (!entry) {
    return (
      <section aria-labelledby={headingId}>
        <Stack gap="md">
          <Title order={2} id={headingId} tabIndex={-1} data-autofocus>
            Board {board.board} has no entry
          </Title>
          <Text>North-South have not entered this board, or East-West sent it back.</Text>
          <Button size="lg" onClick={onBack}>
            Back to the boards
          </Button>
        </Stack>
      </section>
    );
  }
  return (
    <section aria-labelledby={headingId}>
      <Stack gap="md">
        <div>
          <Title order={2} id={headingId} tabIndex={-1} data-autofocus>
            East-West: confirm board {board.board}
          </Title>
          <Text c="dimmed">{boardFacts(board)}</Text>
        </div>
        <Paper withBorder p="md" radius="md">
          <Stack gap={4}>
            <Text size="xl" fw={700}>
              <EntryText entry={entry} />
            </Text>
            {score === null ? null : (
              <Text className={classes.score}>
                <span className={classes.scoreLabel}>North-South</span> {signedScore(score)}
              </Text>
            )}
          </Stack>
        </Paper>
        <Text>Hand the phone to East or West: is this what happened at the table?</Text>
        {error ? (
          <Text role="alert" c="var(--mantine-color-error)" fw={600}>
            {errorMessage(error)}
          </Text>
        ) : null}
        <Button
          size="lg"
          loading={confirm.isPending}
          disabled={reject.isPending}
          onClick={() =>
            confirm.mutate(board.board, {
              onSuccess: () => {
                announce(`Board ${board.board} confirmed`);
                onDone(showTravellers);
              },
            })
          }
        >
          Confirm
        </Button>
        <Button
          size="lg"
          variant="default"
          loading={reject.isPending}
          disabled={confirm.isPending}
          onClick={() =>
            reject.mutate(board.board, {
              onSuccess: () => {
                announce(`Board ${board.board} sent back to North`);
                onReenter(valuesOfEntry(entry));
              },
            })
          }
        >
          Reject and re-enter
        </Button>
        <Anchor component="button" type="button" onClick={onBack} className={classes.backLink}>
          Back to the boards
        </Anchor>
      </Stack>
    </section>
  );
}
