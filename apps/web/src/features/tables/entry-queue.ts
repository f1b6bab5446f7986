import type { TableResultBody } from '@bridge/api';
import { isApiError } from '../../lib/api-client';
import { getStoredJson, setStoredJson, storageKeys } from '../../lib/storage';
import { sendTableEntry } from './api';

/**
 * North's entries not yet answered by the server, kept on the phone so weak Wi-Fi loses none. Each keeps its own
 * `entryId`: a retry the server already took changes nothing there, so an entry counts once however often it
 * is sent. An entry leaves the queue only when the server answered it: accepted, or finally refused.
 */
export type QueuedEntry = { key: string; table: number; entryId: string; body: TableResultBody };

export type SendOutcome =
  | { kind: 'sent'; entry: QueuedEntry; score: number }
  | { kind: 'refused'; entry: QueuedEntry; message: string }
  | { kind: 'waiting'; entry: QueuedEntry };

const isQueuedEntry = (value: unknown): value is QueuedEntry => {
  if (!value || typeof value !== 'object') return false;
  const entry = value as Record<string, unknown>;
  return typeof entry.key === 'string' && typeof entry.table === 'number' && typeof entry.entryId === 'string' && !!entry.body;
};

function readQueue(): QueuedEntry[] {
  const stored = getStoredJson(storageKeys.tableQueue);
  return Array.isArray(stored) ? stored.filter(isQueuedEntry) : [];
}

const writeQueue = (queue: QueuedEntry[]) => setStoredJson(storageKeys.tableQueue, queue.length ? queue : null);

/** This table's waiting entries, oldest first. */
export const queuedEntries = (key: string, table: number): QueuedEntry[] => readQueue().filter((entry) => entry.key === key && entry.table === table);

export function enqueueEntry(entry: QueuedEntry): void {
  writeQueue([...readQueue().filter((queued) => queued.entryId !== entry.entryId), entry]);
}

const dropEntry = (entryId: string) => writeQueue(readQueue().filter((queued) => queued.entryId !== entryId));

/** A new entry key: 32 letters and digits, unguessable, made on the phone. */
export function newEntryId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID().replace(/-/g, '');
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

// A refusal that will not change on a retry. No connection (0), a lost session (401, 403: the table is opened
// again and the entry goes then), too many requests (429) and the server's own trouble (5xx) are worth another try.
const FINAL_REFUSALS = new Set([400, 404, 409, 422]);

// Entries on their way now: a second 'online' event while the first send is out must not send them again.
const inFlight = new Set<string>();

/** Sends one queued entry and takes it off the queue once the server has answered it. */
export async function sendEntry(entry: QueuedEntry): Promise<SendOutcome> {
  if (inFlight.has(entry.entryId)) return { kind: 'waiting', entry };
  inFlight.add(entry.entryId);
  try {
    const { score } = await sendTableEntry(entry.key, entry.table, entry.body);
    dropEntry(entry.entryId);
    return { kind: 'sent', entry, score };
  } catch (error) {
    if (isApiError(error) && FINAL_REFUSALS.has(error.status)) {
      dropEntry(entry.entryId);
      return { kind: 'refused', entry, message: error.message };
    }
    return { kind: 'waiting', entry };
  } finally {
    inFlight.delete(entry.entryId);
  }
}

/** Sends this table's waiting entries in the order they were made; stops at the first that still cannot go. */
export async function flushEntries(key: string, table: number): Promise<SendOutcome[]> {
  const outcomes: SendOutcome[] = [];
  for (const entry of queuedEntries(key, table)) {
    if (inFlight.has(entry.entryId)) continue;
    const outcome = await sendEntry(entry);
    outcomes.push(outcome);
    if (outcome.kind === 'waiting') break;
  }
  return outcomes;
}
