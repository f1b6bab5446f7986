import type { TableState } from '@bridge/api';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { BoardsView } from './boards-view';
import { ConfirmView } from './confirm-view';
import { EntryForm, valuesOfEntry, type EntryBody, type EntryValues } from './entry-form';
import { signedScore } from './format';
import classes from './table-page.module.css';
import { Traveller } from './traveller';
import { useEntrySender } from './use-entry-sender';

/** What the phone shows: the round's boards, or one board's entry, confirmation or traveller. */
type View =
  | { kind: 'boards' }
  | { kind: 'enter'; board: number; initial?: EntryValues; error?: string | null }
  | { kind: 'confirm'; board: number; sent?: { body: EntryBody; score: number } }
  | { kind: 'traveller'; board: number };

/** An opened table: its boards, and the entry, confirm and traveller views one board at a time. */
export function TableScreen({ eventKey, table, state, loadedAt }: { eventKey: string; table: number; state: TableState; loadedAt: number }) {
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
    body = (
      <BoardsView
        state={state}
        sender={sender}
        onEnter={(board, initial) => setView({ kind: 'enter', board, initial })}
        onConfirm={(board) => setView({ kind: 'confirm', board })}
        onTraveller={(board) => setView({ kind: 'traveller', board })}
      />
    );
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
