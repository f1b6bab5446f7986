import { messages } from '@bridge/api';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audits/service.ts';
import { forgetAccount } from '../entries/service.ts';
import * as repo from './repo.ts';

// An account's deletion, the one way for its owner and for an admin (admin-users.ts).

/** The keys of the events an account's deletion deleted, and of the other events where it had a seat. */
export interface AccountEvents {
  deletedKeys: string[];
  changedKeys: string[];
}

/** The profile's delete: the same deletion as the admin's, refused (and audited) for the last admin; answers the events it touched. */
export async function deleteOwnAccount(db: Db, user: UserRow, ip: string): Promise<AccountEvents> {
  const audit = { action: 'user.delete_self', actorEmail: user.email, target: user.email, ip };
  try {
    return await db.transaction().execute(async (trx) => {
      const { eventsDeleted, deletedKeys, changedKeys } = await deleteAccount(trx, user.id);
      await recordAudit(trx, { ...audit, outcome: 'success', actorId: null, details: { eventsDeleted } });
      return { deletedKeys, changedKeys };
    });
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 409) {
      await recordAudit(db, { ...audit, outcome: 'failure', actorId: user.id, details: { reason: error.message } });
    }
    throw error;
  }
}

/** The last enabled admin may not be disabled, demoted or deleted, by anyone, through any path. */
export function assertAnAdminRemains(enabledAdmins: string[], target: UserRow): void {
  if (target.role === 'admin' && !target.disabled && enabledAdmins.filter((id) => id !== target.id).length === 0) {
    throw conflict(messages.lastAdmin);
  }
}

/**
 * The one deletion of an account, by its owner or an admin, in the caller's transaction: never the last admin;
 * its sessions and tokens go with the row, its events as the entries module's forgetAccount says.
 */
export async function deleteAccount(trx: Db, uid: string): Promise<{ target: UserRow; eventsDeleted: number } & AccountEvents> {
  // Admins first, then the user: one lock order everywhere, so two deletions at once cannot both pass the check.
  const admins = await repo.lockAdmins(trx);
  const target = await repo.lockUser(trx, uid);
  if (!target) throw notFound(messages.userNotFound);
  assertAnAdminRemains(admins, target);
  const { eventsDeleted, deletedKeys, changedKeys } = await forgetAccount(trx, target.id);
  await repo.deleteUser(trx, target.id);
  return { target, eventsDeleted, deletedKeys, changedKeys };
}
