import type { LiveView } from '@bridge/api';
import { seatName } from '@bridge/engine';
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { notifyInfo } from '../../../lib/notify';
import { plural } from '../../../lib/plural';
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
  const latest = useNewCallNotice(calls);
  if (calls.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="director-calls-heading" className={classes.calls}>
      <Stack gap="xs">
        <Title order={2} fz="lg" id="director-calls-heading">
          {calls.length === 1 ? 'A call for the director' : `${calls.length} calls for the director`}
        </Title>
        {latest ? (
          <Text role="alert" fw={700}>
            New: {latest}
          </Text>
        ) : null}
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

/**
 * The online tables where an opponent rejected a claim, oldest first: play went on there, and the director may join
 * the table and rule on the claim while its board is in play (or adjust the board's result afterwards).
 */
export function DisputedClaims({ claims, joinHref }: { claims: LiveView['disputedClaims']; joinHref: (table: number) => string }) {
  if (claims.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="disputed-claims-heading" className={classes.calls}>
      <Stack gap="xs">
        <Title order={2} fz="lg" id="disputed-claims-heading">
          {claims.length === 1 ? 'A disputed claim' : plural(claims.length, 'disputed claim')}
        </Title>
        <ul className={classes.callList}>
          {claims.map((claim) => (
            <li key={claim.table}>
              <Text span>
                <strong>
                  Table {claim.table}, board {claim.board}
                </strong>
                {`: ${seatName(claim.seat)} claimed ${plural(claim.tricks, 'trick')}, ${seatName(claim.rejectedBy)} rejected it at ${timeOf(claim.at)}`}
              </Text>
              <JoinTableLink table={claim.table} href={joinHref(claim.table)} />
            </li>
          ))}
        </ul>
      </Stack>
    </Paper>
  );
}

/**
 * Tells the director of each call that comes in while the live view is open, wherever they are on the page (a
 * notification), in the list (a line screen readers hear at once), and keeps the count in the tab's title so a tab
 * in the background shows it. The calls already open when the page opens are listed, not announced. Answers the
 * newest call's words, while it is open.
 */
function useNewCallNotice(calls: LiveView['directorCalls']): string | null {
  const known = useRef<Set<string> | null>(null);
  const [latest, setLatest] = useState<{ id: string; words: string } | null>(null);
  useEffect(() => {
    const ids = new Set(calls.map((call) => `${call.table}@${call.at}`));
    if (known.current)
      for (const call of calls) {
        const id = `${call.table}@${call.at}`;
        if (known.current.has(id)) continue;
        const words = `${seatName(call.seat)} called the director at table ${call.table}`;
        notifyInfo(words, 'A call for the director');
        setLatest({ id, words });
      }
    known.current = ids;
  }, [calls]);
  useEffect(() => {
    if (calls.length === 0) return;
    const title = document.title;
    document.title = `(${calls.length}) ${title.replace(/^\(\d+\) /, '')}`;
    return () => {
      document.title = document.title.replace(/^\(\d+\) /, '');
    };
  }, [calls.length]);
  const open = latest && calls.some((call) => `${call.table}@${call.at}` === latest.id);
  return open ? latest.words : null;
}
