import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { subscribeStorage } from '../../lib/storage';
import { tableQueryKey } from './api';
import type { EntryBody } from './entry-form';
import { enqueueEntry, flushEntries, newEntryId, queuedEntries, sendEntry, type SendOutcome } from './entry-queue';

export type Refusal = { board: number; message: string };

const RETRY_MS = 20_000;

/**
 * North's entries, sent at once when the phone is online and otherwise kept on the phone: sent again when the
 * connection comes back ('online') and after the next good load of the table, each with its own key.
 */
export function useEntrySender(eventKey: string, table: number) {
  const queryClient = useQueryClient();
  const [version, setVersion] = useState(0);
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  useEffect(() => subscribeStorage(() => setVersion((current) => current + 1)), []);
  // `version` changes whenever the stored queue does, here or in another tab.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- version is the storage's change count: it is what makes the queue read again
  const queued = useMemo(() => queuedEntries(eventKey, table), [eventKey, table, version]);

  const settle = useCallback(
    (outcomes: SendOutcome[]) => {
      if (outcomes.some((outcome) => outcome.kind !== 'waiting')) void queryClient.invalidateQueries({ queryKey: tableQueryKey(eventKey, table) });
      const refused = outcomes.flatMap((outcome) =>
        outcome.kind === 'refused' ? [{ board: outcome.entry.body.board, message: outcome.message }] : [],
      );
      if (refused.length) setRefusals((current) => [...current.filter((old) => !refused.some((r) => r.board === old.board)), ...refused]);
    },
    [queryClient, eventKey, table],
  );

  const flush = useCallback(async () => {
    if (!queuedEntries(eventKey, table).length) return [];
    const outcomes = await flushEntries(eventKey, table);
    settle(outcomes);
    return outcomes;
  }, [eventKey, table, settle]);

  useEffect(() => {
    const onOnline = () => void flush();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [flush]);

  // Weak Wi-Fi can drop requests while the phone still says it is online, and then no 'online' event comes: while
  // entries wait, they are tried again now and then as well.
  const waiting = queued.length > 0;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void flush(), RETRY_MS);
    return () => clearInterval(timer);
  }, [waiting, flush]);

  /** Keeps the entry on the phone, then sends it unless the phone knows it is offline. */
  const send = useCallback(
    async (body: EntryBody): Promise<SendOutcome> => {
      const entryId = newEntryId();
      const entry = { key: eventKey, table, entryId, body: { ...body, entryId } };
      enqueueEntry(entry);
      setRefusals((current) => current.filter((old) => old.board !== body.board));
      if (typeof navigator !== 'undefined' && navigator.onLine === false) return { kind: 'waiting', entry };
      const outcome = await sendEntry(entry);
      if (outcome.kind === 'sent') void queryClient.invalidateQueries({ queryKey: tableQueryKey(eventKey, table) });
      return outcome;
    },
    [eventKey, table, queryClient],
  );

  const dismiss = useCallback((board: number) => setRefusals((current) => current.filter((old) => old.board !== board)), []);

  return { queued, refusals, send, flush, dismiss };
}
