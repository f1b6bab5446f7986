import type { TableState } from '@bridge/api';
import { Anchor, Badge, Button, Container, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Input.layer.css';
import { paths } from '../../config/paths';
import { errorMessage, isApiError } from '../../lib/api-client';
import type { StreamStatus } from '../../lib/event-stream';
import { site } from '../../lib/site';
import { tableStateQueryOptions, useJudgeEntry, useOpenTable, useTableStream } from './api';
import { EntryText } from './entry-text';
import { EntryForm, valuesOfEntry, type EntryBody, type EntryValues } from './entry-form';
import type { QueuedEntry } from './entry-queue';
import { boardFacts, signedScore, type TableBoard } from './format';
import classes from './table-page.module.css';
import { Traveller } from './traveller';
import { useEntrySender, type Refusal } from './use-entry-sender';

type View =
  | { kind: 'boards' }
  | { kind: 'enter'; board: number; initial?: EntryValues; error?: string | null }
  | { kind: 'confirm'; board: number; sent?: { body: EntryBody; score: number } }
  | { kind: 'traveller'; board: number };

const subscribeOnline = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};
const useOnline = () =>
  useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine !== false,
    () => true,
  );

/** The page's frame: no site header, a slim bar naming the table, and room for thumbs. */
function Frame({ table, status, children }: { table: number; status?: ReactNode; children: ReactNode }) {
  return (
    <div className={classes.page}>
      <title>{`Table ${table} | ${site.name}`}</title>
      {/* A table's page is for the phone at that table only. */}
      <meta name="robots" content="noindex, nofollow" />
      <header className={classes.bar}>
        <Text fw={700}>{site.name}</Text>
        {status}
      </header>
      <main className={classes.main}>
        <Container size={640} px={0}>
          {children}
        </Container>
      </main>
    </div>
  );
}

/** "Table 3" and its six-digit code, typed once from the table card. */
function CodeForm({ eventKey, table }: { eventKey: string; table: number }) {
  const open = useOpenTable(eventKey, table);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const error = problem ?? (open.isError ? errorMessage(open.error) : null);
  return (
    <Paper withBorder p="lg" radius="md">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const typed = code.trim();
          if (!/^[0-9]{6}$/.test(typed)) {
            setProblem('A table code is six digits');
            return;
          }
          setProblem(null);
          open.mutate(typed);
        }}
      >
        <Stack gap="md">
          <Title order={1}>Table {table}</Title>
          <Text>Type the six-digit code from the table card. This phone then keeps the table for the evening.</Text>
          <TextInput
            label="Table code"
            size="lg"
            value={code}
            onChange={(event) => {
              setCode(event.currentTarget.value.replace(/\D/g, '').slice(0, 6));
              setProblem(null);
              open.reset();
            }}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            required
            error={error}
            classNames={{ input: classes.codeInput }}
          />
          <Button type="submit" size="lg" loading={open.isPending}>
            Open the table
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

function LiveStatus({ status, online }: { status: StreamStatus; online: boolean }) {
  const text = !online ? 'Offline' : status === 'live' ? 'Live' : status === 'reconnecting' ? 'Reconnecting…' : 'Connecting…';
  return (
    <span role="status" className={classes.live} data-state={!online ? 'offline' : status}>
      <span className={classes.liveDot} aria-hidden="true" />
      {text}
    </span>
  );
}

const waitingText = (entry: QueuedEntry) => ({
  declarer: entry.body.declarer ?? null,
  contract: entry.body.contract,
  tricks: entry.body.contract.level === 0 ? null : entry.body.tricks,
  lead: entry.body.lead ?? null,
});

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
          <EntryText entry={waitingText(queued)} />
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

/** East-West check North's entry on the same phone: Confirm, or Reject and re-enter. */
function ConfirmView({
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
  const entry =
    board.status === 'entered' && board.entry
      ? board.entry
      : sent
        ? {
            declarer: sent.body.declarer ?? null,
            contract: sent.body.contract,
            tricks: sent.body.contract.level === 0 ? null : sent.body.tricks,
            lead: sent.body.lead ?? null,
          }
        : null;
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

function TableScreen({ eventKey, table, state, loadedAt }: { eventKey: string; table: number; state: TableState; loadedAt: number }) {
  const [view, setView] = useState<View>({ kind: 'boards' });
  const [announcement, setAnnouncement] = useState('');
  const [sending, setSending] = useState(false);
  const sender = useEntrySender(eventKey, table);
  const container = useRef<HTMLDivElement>(null);

  // After each good load of the table, the entries still on the phone go: the connection is evidently back.
  const { flush } = sender;
  useEffect(() => {
    void flush();
  }, [flush, loadedAt]);

  // A new view puts the keyboard and screen reader at its heading, and the phone at its top.
  useEffect(() => {
    const heading = container.current?.querySelector<HTMLElement>('[data-autofocus]');
    heading?.focus();
    if (typeof window.scrollTo === 'function') window.scrollTo({ top: 0 });
  }, [view]);

  const boards = new Map(state.boards.map((board) => [board.board, board]));
  const current = 'board' in view ? boards.get(view.board) : undefined;
  // A new round (the stream brought it) leaves a view of a board no longer here.
  const shown: View = 'board' in view && !current ? { kind: 'boards' } : view;
  const back = () => setView({ kind: 'boards' });

  const send = async (body: EntryBody) => {
    setSending(true);
    const outcome = await sender.send(body);
    setSending(false);
    if (outcome.kind === 'sent') {
      setAnnouncement(`Board ${body.board} sent: North-South ${signedScore(outcome.score)}`);
      setView({ kind: 'confirm', board: body.board, sent: { body, score: outcome.score } });
    } else if (outcome.kind === 'refused') {
      setView({ kind: 'enter', board: body.board, initial: valuesOfEntry(body), error: outcome.message });
    } else {
      setAnnouncement(`No connection: board ${body.board} waits on this phone and is sent when the connection is back`);
      back();
    }
  };

  let body: ReactNode;
  if (shown.kind === 'enter' && current) {
    body = (
      <EntryForm
        key={`${current.board}-${shown.error ?? ''}`}
        board={current}
        initial={shown.initial}
        error={shown.error}
        sending={sending}
        onSend={(entry) => void send(entry)}
        onCancel={back}
      />
    );
  } else if (shown.kind === 'confirm' && current) {
    body = (
      <ConfirmView
        eventKey={eventKey}
        table={table}
        board={current}
        sent={shown.sent}
        showTravellers={state.event.showTravellers}
        announce={setAnnouncement}
        onDone={(traveller) => setView(traveller ? { kind: 'traveller', board: current.board } : { kind: 'boards' })}
        onReenter={(initial) => setView({ kind: 'enter', board: current.board, initial })}
        onBack={back}
      />
    );
  } else if (shown.kind === 'traveller' && current && state.event.showTravellers) {
    body = <Traveller eventKey={eventKey} table={table} round={state.round} board={current.board} onBack={back} />;
  } else {
    body = <BoardsView state={state} sender={sender} onView={setView} />;
  }

  return (
    <div ref={container}>
      <Stack gap="lg">
        <div>
          <Text c="dimmed" fw={600}>
            {state.event.name}
          </Text>
          <Title order={1}>Table {state.table}</Title>
          {state.complete ? null : (
            <Text size="lg" fw={600}>
              Round {state.round} of {state.event.rounds}
            </Text>
          )}
          {state.event.videoChannel && !state.complete ? (
            <Button
              component={Link}
              to={paths.video.chat.getHref({ table: state.event.videoChannel, name: `Table ${state.table}`, audio: true, video: true })}
              variant="light"
              mt="sm"
            >
              Join the table's video
            </Button>
          ) : null}
        </div>
        {body}
      </Stack>
      <div className={classes.srOnly} role="status" aria-live="polite">
        {announcement}
      </div>
    </div>
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

function BoardsView({ state, sender, onView }: { state: TableState; sender: ReturnType<typeof useEntrySender>; onView: (view: View) => void }) {
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
              onEnter={() => onView({ kind: 'enter', board: board.board })}
              onConfirm={() => onView({ kind: 'confirm', board: board.board })}
              onTraveller={() => onView({ kind: 'traveller', board: board.board })}
              onCorrect={() => onView({ kind: 'enter', board: board.board, initial: valuesOfEntry(board.entry) })}
            />
          ))}
        </ul>
      </section>
    </Stack>
  );
}

/** `/t/{key}/{table}`: the phone at one table opens it with the table's code, then enters and confirms its boards. */
export function TablePage() {
  const params = useParams();
  const eventKey = params.key ?? '';
  const table = Number(params.table);
  const valid = Number.isInteger(table) && table >= 1 && eventKey.length > 0;
  const state = useQuery({ ...tableStateQueryOptions(eventKey, table), enabled: valid });
  const needsCode = state.isError && isApiError(state.error) && (state.error.status === 401 || state.error.status === 403);
  // Listening starts with the first good read and goes on through a failed one (the server restarting, a Wi-Fi
  // blip): closed then, the stream would tell nothing more, and a phone waiting for the next round would wait on.
  const stream = useTableStream(eventKey, table, valid && state.data !== undefined && !needsCode);
  const online = useOnline();

  if (!valid) {
    return (
      <Frame table={0}>
        <Title order={1}>No such table</Title>
        <Text>Scan the QR code on the table card again.</Text>
      </Frame>
    );
  }
  if (needsCode) {
    return (
      <Frame table={table}>
        <CodeForm eventKey={eventKey} table={table} />
      </Frame>
    );
  }
  if (state.isPending) {
    return (
      <Frame table={table}>
        <Group justify="center" py="xl">
          <Loader aria-label={`Loading table ${table}`} />
        </Group>
      </Frame>
    );
  }
  if (!state.data) {
    return (
      <Frame table={table}>
        <Stack gap="md" role="alert">
          <Title order={1}>Table {table}</Title>
          <Text>{errorMessage(state.error)}</Text>
          <Button size="lg" onClick={() => void state.refetch()}>
            Try again
          </Button>
        </Stack>
      </Frame>
    );
  }
  return (
    <Frame table={table} status={<LiveStatus status={stream} online={online} />}>
      <TableScreen eventKey={eventKey} table={table} state={state.data} loadedAt={state.dataUpdatedAt} />
    </Frame>
  );
}
