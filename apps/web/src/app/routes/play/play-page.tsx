import { seatNameOfLetter } from '@bridge/api';
import { Alert, Button, Loader, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import { paths } from '../../../config/paths';
import { site } from '../../../lib/site';
import { myTableQueryOptions, PlayConnection, playUrl, PlayTable, watchedSeat, WatchSeat, type PlaySnapshot } from '../../../features/play';
import { tournamentQueryOptions } from '../../../features/video/api';
import { SeatTile, TableVideoControls, useTableVideo } from '../../../features/video/table-video';
import classes from './play-page.module.css';

const connecting: PlaySnapshot = { status: 'connecting', state: null, error: null, receivedAt: 0 };
const noSubscription = () => () => undefined;

/** One socket to the table while the page shows it; a second mount in development (StrictMode) never opens one. */
function useTableConnection(key: string, table: number | null) {
  const [connection, setConnection] = useState<PlayConnection | null>(null);
  useEffect(() => {
    if (table === null) return;
    let created: PlayConnection | null = null;
    const timer = setTimeout(() => {
      created = new PlayConnection(playUrl(window.location), { key, table });
      setConnection(created);
      created.start();
    });
    return () => {
      clearTimeout(timer);
      created?.stop();
      setConnection(null);
    };
  }, [key, table]);
  const snapshot = useSyncExternalStore(connection?.subscribe ?? noSubscription, connection?.getSnapshot ?? (() => connecting), () => connecting);
  return { connection, snapshot };
}

/** A kibitzer or the director picks the table to watch; a player is taken to their own. */
function TableChooser({ eventKey }: { eventKey: string }) {
  const event = useQuery(tournamentQueryOptions(eventKey));
  const [, setSearch] = useSearchParams();
  const [table, setTable] = useState<number | string>(1);
  const tables = event.data?.tables ?? 1;
  return (
    <Paper withBorder p="lg" radius="md" maw={420} mx="auto" mt="xl">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setSearch({ table: String(table) });
        }}
      >
        <Stack>
          <Title order={1} fz="h3">
            Watch a table
          </Title>
          <Text size="sm" c="gray.7">
            You have no seat in this event now. Choose a table to watch, where the event allows it.
          </Text>
          <NumberInput label="Table" min={1} max={tables} value={table} onChange={setTable} allowDecimal={false} />
          <Button type="submit">Watch</Button>
        </Stack>
      </form>
    </Paper>
  );
}

/**
 * `/play/{key}`: the online table. A player of the event sits at the table the movement gives them now; the
 * organiser, admins and kibitzers choose a table (`?table=`).
 */
export function PlayPage() {
  const { key = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const queryClient = useQueryClient();
  const asked = Number(search.get('table'));
  // A kibitzer or the director watches one seat's view (`?seat=E`), kept in the address so a reload keeps it.
  const watched = watchedSeat(search.get('seat'));
  const mine = useQuery(myTableQueryOptions(key));
  const seated = mine.data?.table ? mine.data : undefined;
  // The table the movement moved the player to, over any table the address names (one of an earlier round).
  const [followed, setFollowed] = useState<number | null>(null);
  const table = followed ?? (asked > 0 ? asked : (seated?.table ?? null));
  const { connection, snapshot } = useTableConnection(key, table);
  const [moveNotice, setMoveNotice] = useState<string | null>(null);

  // A new round moved the player on: the page sits at their new table, and its video joins that table's room.
  const moved = snapshot.moved;
  useEffect(() => {
    if (!moved) return;
    void queryClient.invalidateQueries({ queryKey: myTableQueryOptions(key).queryKey });
    if (moved.table === null) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the move arrives on the table's socket; its notice goes with the refresh and the new address
      setMoveNotice(`You sit out round ${moved.round}: there is no table for you this round. Open this page again when the next round starts.`);
      return;
    }
    setMoveNotice(`Round ${moved.round}: you move to table ${moved.table}.`);
    setFollowed(moved.table);
    // The address names no table then, so a reload finds the player's table as the movement has it.
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('table');
        return next;
      },
      { replace: true },
    );
  }, [key, moved, queryClient, setSearch]);
  // A player's table has its video call built in: the room of the table they sit at now.
  const video = useTableVideo(seated && seated.table === table ? seated.channel : null);
  const [videoHidden, setVideoHidden] = useState(false);

  let body;
  if (table === null) body = mine.isPending ? <Loader m="xl" aria-label="Finding your table" /> : <TableChooser eventKey={key} />;
  else if (snapshot.status === 'refused')
    body = (
      <Alert color="red" title="You cannot sit at this table" maw={520} mx="auto" mt="xl">
        <Stack gap="sm">
          <Text>{snapshot.error}</Text>
          <Button component={Link} to={paths.console.root.getHref()} variant="light">
            Back to the console
          </Button>
        </Stack>
      </Alert>
    );
  else if (!snapshot.state || !connection) body = <Loader m="xl" aria-label="Opening the table" />;
  else
    body = (
      <PlayTable
        snapshot={snapshot}
        connection={connection}
        atSeat={video.call && !videoHidden ? (seat) => <SeatTile video={video} seat={seatNameOfLetter[seat]} /> : undefined}
        barControls={
          <>
            {snapshot.state.seat ? null : (
              <WatchSeat
                seat={watched}
                onChange={(seat) =>
                  setSearch(
                    (now) => {
                      const next = new URLSearchParams(now);
                      next.set('seat', seat);
                      return next;
                    },
                    { replace: true },
                  )
                }
              />
            )}
            {video.call ? <TableVideoControls video={video} hidden={videoHidden} onHidden={setVideoHidden} /> : null}
          </>
        }
        bottom={watched}
      />
    );

  return (
    <div className={classes.page}>
      <title>{`${table ? `Table ${table}` : 'Online table'} | ${site.name}`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <main>
        <h1 className={classes.srOnly}>{table ? `Table ${table}, event ${key}` : `Event ${key}`}</h1>
        {moveNotice ? (
          <Alert role="status" color="blue" variant="light" withCloseButton closeButtonLabel="Dismiss" onClose={() => setMoveNotice(null)} m="sm">
            {moveNotice}
          </Alert>
        ) : null}
        {body}
      </main>
    </div>
  );
}
