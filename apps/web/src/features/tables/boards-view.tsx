import type { TableState } from '@bridge/api';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import '@mantine/core/styles/Badge.layer.css';
import { paths } from '../../config/paths';
import { EntryText } from './entry-text';
import { valuesOfEntry, type EntryValues } from './entry-form';
import { entryOfBody } from './sent-entry';
import type { QueuedEntry } from './entry-queue';
import { boardFacts, signedScore, type TableBoard } from './format';
import classes from './table-page.module.css';
import type { Refusal, useEntrySender } from './use-entry-sender';

function BoardRow({
  board,
  queued,
  showTravellers,
  onEnter,
  onConfirm,
  onTraveller,
  onCorrect,
}: {
  board: TableBoard;
  queued: QueuedEntry | undefined;
  showTravellers: boolean;
  onEnter: () => void;
  onConfirm: () => void;
  onTraveller: () => void;
  onCorrect: () => void;
}) {
  let status: ReactNode;
  let action: ReactNode = null;
  if (queued && board.status === 'open') {
    status = (
      <>
        <Badge color="orange" variant="light">
          Waiting to send
        </Badge>
        <Text size="sm">
          <EntryText entry={entryOfBody(queued.body)} />
        </Text>
      </>
    );
  } else if (board.status === 'open') {
    status = (
      <Badge color="gray" variant="light">
        To play
      </Badge>
    );
    action = (
      <Button size="md" className={classes.rowAction} onClick={onEnter} aria-label={`Enter board ${board.board}`}>
        Enter
      </Button>
    );
  } else if (board.status === 'entered') {
    status = (
      <>
        <Badge color="yellow" variant="light" c="dark">
          Awaiting East-West
        </Badge>
        {board.entry ? (
          <Text size="sm">
            <EntryText entry={board.entry} />
          </Text>
        ) : null}
      </>
    );
    action = (
      <Button size="md" variant="light" className={classes.rowAction} onClick={onConfirm} aria-label={`Confirm board ${board.board}`}>
        Confirm
      </Button>
    );
  } else {
    status = (
      <>
        <Badge color="felt" variant="light">
          Confirmed
        </Badge>
        <Text size="sm" fw={700}>
          NS {board.nsScore === null ? '–' : signedScore(board.nsScore)}
        </Text>
        {/* Until the round ends the table may correct its own result; East-West confirm it again. */}
        <Button size="compact-md" variant="subtle" onClick={onCorrect} aria-label={`Correct board ${board.board}`}>
          Correct
        </Button>
      </>
    );
    if (showTravellers)
      action = (
        <Button size="md" variant="default" className={classes.rowAction} onClick={onTraveller} aria-label={`Traveller of board ${board.board}`}>
          Traveller
        </Button>
      );
  }
  return (
    <li className={classes.boardRow}>
      <div className={classes.boardInfo}>
        <Text fw={700} size="lg">
          Board {board.board}
        </Text>
        <Text size="sm" c="dimmed">
          {boardFacts(board)}
        </Text>
        <div className={classes.boardStatus}>{status}</div>
      </div>
      {action}
    </li>
  );
}

/** Where everyone goes, in big letters: the round is over. */
function MoveBox({ state }: { state: TableState }) {
  return (
    <Paper className={classes.moveBox} role="region" aria-label="Next move" p="lg" radius="md">
      <Stack gap="xs">
        <Title order={2}>Round {state.round} is over</Title>
        {state.next ? (
          <>
            <Text className={classes.moveText}>{state.next.text}</Text>
            <Text>Wait for the director to start round {state.round + 1}: this screen changes by itself.</Text>
          </>
        ) : (
          <Text>That was the last round. Thank you for playing: the director completes the event.</Text>
        )}
      </Stack>
    </Paper>
  );
}

function RefusalList({ refusals, onDismiss }: { refusals: Refusal[]; onDismiss: (board: number) => void }) {
  if (!refusals.length) return null;
  return (
    <Stack gap="xs" role="alert">
      {refusals.map((refusal) => (
        <Paper key={refusal.board} withBorder p="sm" className={classes.refusal}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="sm">
              <strong>Board {refusal.board} was not accepted:</strong> {refusal.message}
            </Text>
            <Button
              size="compact-sm"
              variant="subtle"
              onClick={() => onDismiss(refusal.board)}
              aria-label={`Dismiss the message about board ${refusal.board}`}
            >
              OK
            </Button>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

function Pairs({ state }: { state: TableState }) {
  const names = (list: string[]) => (list.length ? list.join(' & ') : 'names not given');
  return (
    <dl className={classes.pairs}>
      <div>
        <dt>NS pair {state.nsPair}</dt>
        <dd>{names(state.names.ns)}</dd>
      </div>
      <div>
        <dt>EW pair {state.ewPair}</dt>
        <dd>{names(state.names.ew)}</dd>
      </div>
    </dl>
  );
}

/** The round's boards, each with what the table may do with it next; or why there are none to play. */
export function BoardsView({
  state,
  sender,
  onEnter,
  onConfirm,
  onTraveller,
}: {
  state: TableState;
  sender: ReturnType<typeof useEntrySender>;
  onEnter: (board: number, initial?: EntryValues) => void;
  onConfirm: (board: number) => void;
  onTraveller: (board: number) => void;
}) {
  if (state.complete) {
    return (
      <Paper withBorder p="lg" radius="md">
        <Stack gap="sm">
          <Title order={2}>The event is complete</Title>
          <Text>Every result is in. Thank you for playing.</Text>
          <Anchor component={Link} to={paths.results.getHref(state.event.key)} size="lg">
            See the results
          </Anchor>
        </Stack>
      </Paper>
    );
  }
  if (!state.started) {
    return (
      <Paper withBorder p="lg" radius="md">
        <Stack gap="xs">
          <Title order={2}>Waiting for the director</Title>
          <Text>The session has not started yet. The boards of round {state.round} open here when the director starts it: keep this page open.</Text>
          <Pairs state={state} />
        </Stack>
      </Paper>
    );
  }
  if (state.sitOut) {
    return (
      <Stack gap="md">
        <Paper withBorder p="lg" radius="md">
          <Stack gap="xs">
            <Title order={2}>Sit-out this round</Title>
            <Text>The pair at this table has no boards in round {state.round}.</Text>
          </Stack>
        </Paper>
        {state.next ? (
          <Paper className={classes.moveBox} role="region" aria-label="Next move" p="lg" radius="md">
            <Text fw={700}>After this round</Text>
            <Text className={classes.moveText}>{state.next.text}</Text>
          </Paper>
        ) : null}
      </Stack>
    );
  }
  const roundOver = state.boards.length > 0 && state.boards.every((board) => board.status === 'confirmed');
  const queuedByBoard = new Map(sender.queued.map((entry) => [entry.body.board, entry]));
  return (
    <Stack gap="md">
      {roundOver ? <MoveBox state={state} /> : null}
      <RefusalList refusals={sender.refusals} onDismiss={sender.dismiss} />
      {sender.queued.length ? (
        <Text size="sm" className={classes.waiting}>
          {sender.queued.length === 1 ? '1 entry is' : `${sender.queued.length} entries are`} waiting to send: they go as soon as the connection is
          back.
        </Text>
      ) : null}
      <Pairs state={state} />
      <section aria-labelledby="table-boards">
        <Title order={2} id="table-boards" mb="xs">
          Boards
        </Title>
        <ul className={classes.boardList}>
          {state.boards.map((board) => (
            <BoardRow
              key={board.board}
              board={board}
              queued={queuedByBoard.get(board.board)}
              showTravellers={state.event.showTravellers}
              onEnter={() => onEnter(board.board)}
              onConfirm={() => onConfirm(board.board)}
              onTraveller={() => onTraveller(board.board)}
              onCorrect={() => onEnter(board.board, valuesOfEntry(board.entry))}
            />
          ))}
        </ul>
      </section>
    </Stack>
  );
}
