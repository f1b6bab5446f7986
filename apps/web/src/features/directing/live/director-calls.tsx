import type { LiveView } from '@bridge/api';
import { seatName } from '@bridge/engine';
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import classes from './live-view.module.css';

/** A call's time in the director's own time zone, "20:15". */
const timeOf = (at: string) => new Date(at).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });

/** "Join the table", its name telling the table apart from the others' links. */
export function JoinTableLink({ table, href }: { table: number; href: string }) {
  return (
    <Anchor component={Link} to={href} size="sm" fw={400} aria-label={`Join the table, table ${table}`}>
      Join the table
    </Anchor>
  );
}

/**
 * The online tables whose player called the director, oldest first, each with the way to its table: the organiser
 * and admins sit there as the director.
 */
export function DirectorCalls({ calls, joinHref }: { calls: LiveView['directorCalls']; joinHref: (table: number) => string }) {
  if (calls.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="director-calls-heading" className={classes.calls}>
      <Stack gap="xs">
        <Title order={2} fz="lg" id="director-calls-heading">
          {calls.length === 1 ? 'A call for the director' : `${calls.length} calls for the director`}
        </Title>
        <ul className={classes.callList}>
          {calls.map((call) => (
            <li key={call.table}>
              <Text span>
                <strong>Table {call.table}</strong>
                {`: ${seatName(call.seat)} called at ${timeOf(call.at)}`}
              </Text>
              <JoinTableLink table={call.table} href={joinHref(call.table)} />
            </li>
          ))}
        </ul>
      </Stack>
    </Paper>
  );
}
