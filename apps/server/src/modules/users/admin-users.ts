import { messages, UserFilters, type Role } from '@bridge/api';
import type { Db } from '../../db/database.ts';
import type { ChangeContext } from '../../lib/event-changes.ts';
import { pageOfRows, type PageRequest } from '../../db/keyset.ts';
import type { UserRow } from '../../db/schema.ts';
import type { WeeklyCounts } from '../../db/weekly.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { BATCH, pages, parseQuery, table, when, yesNo, type Column, type Table } from '../../lib/exports/writers.ts';
import { recordAudit } from '../audits/service.ts';
import { countOrganisedEvents } from '../events/service.ts';
import { presentAdminUser } from './presenter.ts';
import * as repo from './repo.ts';
import { assertAnAdminRemains, deleteAccount, type AccountEvents } from './account-deletion.ts';

// The admin console's user actions: the list, its export, and each change to an account with its audit row.

export interface AdminActor {
  user: UserRow;
  ip: string;
}

/** A page of users for the admin list, newest first, optionally those whose name or email contains `query`. */
export async function listUsersPage(db: Db, request: PageRequest & { query?: string | undefined }) {
  const rows = await repo.listUsers(db, request);
  const page = pageOfRows(rows, request.limit, (row) => row.id);
  // What a delete would take with each account, so its confirmation can say so.
  const organised = await countOrganisedEvents(
    db,
    page.rows.map((row) => row.id),
  );
  return { data: page.rows.map((row) => presentAdminUser(row, organised.get(row.id) ?? 0)), lastDocId: page.lastDocId };
}

/** The `users` export: every user matching the list's search, in the list's order. */
export async function exportUsers(db: Db, query: unknown): Promise<Table> {
  const { query: search } = parseQuery(UserFilters, query);
  type Row = Awaited<ReturnType<typeof listUsersPage>>['data'][number];
  const columns: Column<Row>[] = [
    { header: 'Name', width: 24, value: (r) => r.names },
    { header: 'Email', width: 30, value: (r) => r.email },
    { header: 'Role', width: 8, value: (r) => r.role },
    { header: 'Status', width: 9, value: (r) => (r.disabled ? 'Disabled' : 'Enabled') },
    { header: 'Email Verified', width: 9, value: (r) => yesNo(r.emailVerified) },
    { header: 'Contact', width: 16, value: (r) => r.contact },
    { header: 'BFI or BBO Number', width: 14, value: (r) => r.bfiId },
    { header: 'City', width: 14, value: (r) => r.city },
    { header: 'Postal Index Number', width: 10, value: (r) => r.postalIndexNumber },
    { header: 'Created At', width: 17, value: (r) => when(new Date(r.createdAt)) },
  ];
  return table(
    'users',
    'Users',
    columns,
    pages(async (lastDocId) => {
      const page = await listUsersPage(db, { limit: BATCH, page: 1, lastDocId, query: search });
      return { rows: page.data, lastDocId: page.lastDocId };
    }),
  );
}

/** The Dashboard's users figures. */
export const weeklyUsers = (db: Db, now: Date): Promise<WeeklyCounts> => repo.weeklyUsers(db, now);

type AdminChange = 'disable' | 'enable' | 'role' | 'delete' | 'verify';

/**
 * Runs one admin change to a user in a transaction with its audit row. An admin may not disable, demote or delete
 * their own account, nor take away the last enabled admin; refusals are audited too.
 */
async function changeUser<T>(
  db: Db,
  actor: AdminActor,
  uid: string,
  change: AdminChange,
  apply: (trx: Db, target: UserRow) => Promise<{ result: T; details?: Record<string, unknown> }>,
  removesAdmin: (target: UserRow) => boolean,
): Promise<T> {
  const action = `admin.user.${change}`;
  const audit = { action, actorId: actor.user.id, actorEmail: actor.user.email, ip: actor.ip };
  if (!UUID.test(uid)) throw notFound(messages.userNotFound);
  try {
    return await db.transaction().execute(async (trx) => {
      // Admins are locked in one order first, so two admins acting at once cannot both remove the other.
      const admins = await repo.lockAdmins(trx);
      const target = await repo.lockUser(trx, uid);
      if (!target) throw notFound(messages.userNotFound);
      if (removesAdmin(target)) {
        if (target.id === actor.user.id) throw forbidden(messages.notYourself);
        assertAnAdminRemains(admins, target);
      }
      const { result, details } = await apply(trx, target);
      await recordAudit(trx, { ...audit, outcome: 'success', target: target.email, details });
      return result;
    });
  } catch (error) {
    if (error instanceof AppError && (error.statusCode === 403 || error.statusCode === 409)) {
      // The row names its target as the successes do, by email; the id only when no such account exists.
      const target = (await repo.findUserById(db, uid))?.email ?? uid;
      await recordAudit(db, { ...audit, outcome: 'failure', target, details: { reason: error.message } });
    }
    throw error;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Disables (ending every session of the user) or enables an account; answers the catalogue's text. */
export function setUserDisabled(db: Db, actor: AdminActor, uid: string, disabled: boolean): Promise<string> {
  return changeUser(
    db,
    actor,
    uid,
    disabled ? 'disable' : 'enable',
    async (trx, target) => {
      await repo.updateUser(trx, target.id, { disabled });
      if (disabled) await repo.deleteSessionsOfUser(trx, target.id);
      return { result: disabled ? messages.userDisabled : messages.userEnabled };
    },
    () => disabled,
  );
}

/**
 * Marks a user's email address as verified, for a support case where the verification mail cannot arrive (the
 * admin has confirmed the address another way), and for demo data. Pending verification links stop working.
 */
export function verifyUserEmail(db: Db, actor: AdminActor, uid: string): Promise<string> {
  return changeUser(
    db,
    actor,
    uid,
    'verify',
    async (trx, target) => {
      await repo.updateUser(trx, target.id, { emailVerified: true });
      await repo.deleteEmailTokens(trx, target.id, 'verify');
      return { result: messages.userVerified, details: { wasVerified: target.emailVerified } };
    },
    () => false,
  );
}

/** Makes a user a player or an admin; answers the catalogue's text. */
export function setUserRole(db: Db, actor: AdminActor, uid: string, role: Role): Promise<string> {
  return changeUser(
    db,
    actor,
    uid,
    'role',
    async (trx, target) => {
      await repo.updateUser(trx, target.id, { role });
      return { result: messages.roleUpdated(role), details: { from: target.role, to: role } };
    },
    (target) => role !== 'admin' && target.role === 'admin',
  );
}

/**
 * Deletes an account for good: its sessions and tokens, the events it organised (with their participants, boards
 * and results); its seats in other events stay as a name, without the account or its email address. Answers the
 * catalogue's text and the keys of the events deleted.
 */
export async function deleteUserAsAdmin(
  { db, changes }: ChangeContext,
  actor: AdminActor,
  uid: string,
): Promise<{ message: string } & AccountEvents> {
  const answer = await changeUser(
    db,
    actor,
    uid,
    'delete',
    async (trx, target) => {
      const { eventsDeleted, deletedKeys, changedKeys } = await deleteAccount(trx, target.id);
      return {
        result: { message: messages.userDeleted, deletedKeys, changedKeys },
        details: { names: target.names, role: target.role, eventsDeleted },
      };
    },
    () => true,
  );
  await changes.emit({ kind: 'accountDeleted', deletedKeys: answer.deletedKeys, changedKeys: answer.changedKeys });
  return answer;
}
