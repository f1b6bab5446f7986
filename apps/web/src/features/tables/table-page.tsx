import { Button, Container, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, useSyncExternalStore, type ReactNode } from 'react';
import { useParams } from 'react-router';
import '@mantine/core/styles/Input.layer.css';
import { errorMessage, isApiError } from '../../lib/api-client';
import type { StreamStatus } from '../../lib/event-stream';
import { site } from '../../lib/site';
import { tableStateQueryOptions, useOpenTable, useTableStream } from './api';
import classes from './table-page.module.css';
import { TableScreen } from './table-screen';

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
