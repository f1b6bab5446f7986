import { ErrorCode, FINDABLE_VALUE_MESSAGE, messages, PASSWORD_MIN_LENGTH, type EditType, type RegisterBody } from '@bridge/api';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { EventChanges } from '../../lib/event-changes.ts';

import type { UserRow } from '../../db/schema.ts';

import type { AttemptCounter } from '../../lib/attempts.ts';
import { AppError, badRequest, conflict, forbidden, tooManyAttempts } from '../../lib/errors.ts';

import { normalisePhone } from '../../lib/phone.ts';
import { hashPassword, hashToken, newToken, verifyDecoy, verifyPassword } from '../../lib/secrets.ts';
import { enqueueMail, type Mailer } from '../../mail/mailer.ts';
import { accountExistsMail, resetPasswordMail, verifyEmailMail } from '../../mail/templates.ts';
import { countAudits, recordAudit, recordChange } from '../audits/service.ts';

import { playersOfOrganiser } from '../entries/service.ts';

import * as repo from './repo.ts';
import { deleteOwnAccount } from './account-deletion.ts';

export { type AccountEvents } from './account-deletion.ts';
export {
  deleteUserAsAdmin,
  exportUsers,
  listUsersPage,
  setUserDisabled,
  setUserRole,
  verifyUserEmail,
  weeklyUsers,
  type AdminActor,
} from './admin-users.ts';

export interface UsersContext {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'tokenTtl' | 'rateLimits'>;
  mailer: Pick<Mailer, 'kick'>;
  attempts: AttemptCounter;
  /** Where an account's deletion tells the events it touched, once committed. */
  changes: EventChanges;
}

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

async function issueToken(db: Db, ctx: UsersContext, user: UserRow, purpose: 'verify' | 'reset'): Promise<string> {
  await repo.expireUnusedTokens(db, user.id, purpose);
  const token = newToken();
  const ttl = purpose === 'verify' ? ctx.config.tokenTtl.verify : ctx.config.tokenTtl.reset;
  await repo.insertEmailToken(db, {
    tokenHash: hashToken(token),
    userId: user.id,
    purpose,
    email: user.email,
    expiresAt: new Date(Date.now() + ttl),
  });
  return token;
}

const verifyLink = (ctx: UsersContext, token: string) => `${ctx.config.publicUrl}/verify-email?token=${token}`;
const resetLink = (ctx: UsersContext, token: string) => `${ctx.config.publicUrl}/reset-password?token=${token}`;

/**
 * Creates an unverified account and mails its verification link. When the address already has an account the
 * owner is told by mail instead, and the caller gets the same answer, so registration never reveals who is a user.
 */
export async function registerUser(ctx: UsersContext, body: RegisterBody, ip: string): Promise<{ email: string; message: string }> {
  // Each sign-up mails the address; counted per address of the mail, from wherever they come.
  const [signUps] = await ctx.attempts.add([`register:${body.email.toLowerCase()}`], ctx.config.rateLimits.registerWindowMs);
  if (signUps!.count > ctx.config.rateLimits.registerPerEmail) throw tooManyAttempts(signUps!.ttlMs);
  const passwordHash = await hashPassword(body.password);
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const existing = await repo.findUserByEmail(trx, body.email);
      if (existing) {
        await enqueueMail(
          trx,
          existing.email,
          accountExistsMail(existing.names, `${ctx.config.publicUrl}/login`, `${ctx.config.publicUrl}/reset-password`),
        );
        await recordAudit(trx, { action: 'user.register', outcome: 'failure', target: body.email, ip, details: { reason: 'email exists' } });
        return;
      }
      const user = await repo.insertUser(trx, { email: body.email, names: body.names, passwordHash });
      const token = await issueToken(trx, ctx, user, 'verify');
      await enqueueMail(trx, user.email, verifyEmailMail(user.names, verifyLink(ctx, token)));
      await recordChange(trx, user, 'user.register', user.email, ip);
    });
  } catch (error) {
    // Two registrations of one address at the same moment: the loser gets the usual answer.
    if (!isUniqueViolation(error)) throw error;
  }
  ctx.mailer.kick();
  return { email: body.email, message: messages.registrationSent(body.email) };
}

/** How long an account counts as signing in from an address after it last did (see startGuess). */
const KNOWN_ADDRESS_MS = 30 * 24 * 3600_000;

/**
 * Counts a sign-in as a guess before its password is checked, so parallel guesses cannot slip past the limit,
 * and answers a function that takes it back once the password proves right. Refused, without a look at the
 * password: more than `login` wrong passwords for this account from this address, or more than
 * `loginPerAddress` from this address over all accounts unless this account signed in from here lately. A club's
 * players share one address: their own sign-ins never count, and one guesser locks out only the account guessed
 * at and newcomers to that address. The player and admin sign-in share these counts.
 */
async function startGuess(ctx: UsersContext, email: string, ip: string): Promise<() => Promise<void>> {
  const limits = ctx.config.rateLimits;
  const account = `login:${ip}:${email.toLowerCase()}`;
  const address = `login:${ip}`;
  const known = `login-known:${ip}:${email.toLowerCase()}`;
  const [forAccount, fromAddress] = await ctx.attempts.add([account, address], limits.windowMs);
  if (forAccount!.count > limits.login) throw tooManyAttempts(forAccount!.ttlMs);
  if (fromAddress!.count > limits.loginPerAddress && !(await ctx.attempts.remembers(known))) throw tooManyAttempts(fromAddress!.ttlMs);
  return async () => {
    await ctx.attempts.takeBack([account, address]);
    await ctx.attempts.remember(known, KNOWN_ADDRESS_MS);
  };
}

/** Checks the credentials; unknown email and wrong password are indistinguishable, in text and in time. */
export async function authenticate(
  ctx: UsersContext,
  email: string,
  password: string,
  ip: string,
  options: { adminOnly?: boolean } = {},
): Promise<UserRow> {
  const passwordRight = await startGuess(ctx, email, ip);
  const user = await repo.findUserByEmail(ctx.db, email);
  const action = options.adminOnly ? 'admin.login' : 'user.login';
  const ok = user ? await verifyPassword(user.passwordHash, password) : await verifyDecoy(password);
  if (ok) await passwordRight();
  /** Records the refused sign-in under the address given and answers its error. */
  const refusal = async (reason: string, actorEmail: string, error: AppError) => {
    await recordAudit(ctx.db, { action, outcome: 'failure', actorId: user?.id, actorEmail, target: actorEmail, ip, details: { reason } });
    return error;
  };
  if (!user || !ok) throw await refusal('wrong credentials', email, new AppError(401, 'wrong_credentials', messages.wrongCredentials));
  if (user.disabled) throw await refusal('disabled', user.email, forbidden(messages.accountDisabled));
  if (options.adminOnly && user.role !== 'admin') throw await refusal('not an admin', user.email, forbidden(messages.adminOnly));
  await recordAudit(ctx.db, { action, outcome: 'success', actorId: user.id, actorEmail: user.email, target: user.email, ip });
  return user;
}

/** Mails a fresh verification link (older ones stop working). Unknown or verified addresses are answered alike. */
export async function sendVerification(ctx: UsersContext, target: { user?: UserRow; email?: string }): Promise<void> {
  if (target.user?.emailVerified) throw badRequest(messages.alreadyVerified, 'already_verified');
  const sent = await ctx.db.transaction().execute(async (trx) => {
    const user = target.user ?? (target.email ? await repo.findUserByEmail(trx, target.email) : undefined);
    if (!user || user.emailVerified || user.disabled) return false;
    const token = await issueToken(trx, ctx, user, 'verify');
    await enqueueMail(trx, user.email, verifyEmailMail(user.names, verifyLink(ctx, token)));
    return true;
  });
  if (sent) ctx.mailer.kick();
}

export async function confirmVerification(ctx: UsersContext, token: string, ip: string): Promise<UserRow> {
  return ctx.db.transaction().execute(async (trx) => {
    const used = await repo.consumeEmailToken(trx, hashToken(token), 'verify');
    const user = used ? await repo.findUserById(trx, used.userId) : undefined;
    // A link sent to an address the user has since changed must not verify the new one.
    if (!used || !user || user.email.toLowerCase() !== used.email.toLowerCase()) {
      throw badRequest(messages.invalidVerifyLink, 'invalid_token');
    }
    const verified = await repo.updateUser(trx, user.id, { emailVerified: true });
    await recordChange(trx, user, 'user.verify', user.email, ip);
    return verified;
  });
}

/** Mails a reset link when the address has an active account; answers the same either way. */
export async function sendPasswordReset(ctx: UsersContext, email: string, ip: string): Promise<string> {
  const sent = await ctx.db.transaction().execute(async (trx) => {
    const user = await repo.findUserByEmail(trx, email);
    if (!user || user.disabled) return false;
    const token = await issueToken(trx, ctx, user, 'reset');
    await enqueueMail(trx, user.email, resetPasswordMail(user.names, resetLink(ctx, token)));
    await recordChange(trx, user, 'user.password_reset_requested', user.email, ip);
    return true;
  });
  if (sent) ctx.mailer.kick();
  return messages.passwordResetSent(email);
}

/** Sets a new password from a reset link and ends every session of that user; answers the user's id. */
export async function resetPassword(ctx: UsersContext, token: string, password: string, ip: string): Promise<string> {
  const passwordHash = await hashPassword(password);
  return ctx.db.transaction().execute(async (trx) => {
    const used = await repo.consumeEmailToken(trx, hashToken(token), 'reset');
    const user = used ? await repo.findUserById(trx, used.userId) : undefined;
    if (!used || !user || user.disabled) throw badRequest(messages.invalidResetLink, 'invalid_token');
    // Following the link proves the address, so an unverified account becomes verified too.
    const sameAddress = user.email.toLowerCase() === used.email.toLowerCase();
    await repo.updateUser(trx, user.id, { passwordHash, emailVerified: user.emailVerified || sameAddress });
    await repo.expireUnusedTokens(trx, user.id, 'reset');
    await repo.deleteSessionsOfUser(trx, user.id);
    await recordChange(trx, user, 'user.password_reset', user.email, ip);
    return user.id;
  });
}

const PIN_PATTERN = /^[1-9][0-9]{5}$/;

export interface ProfileUpdate {
  type: EditType;
  value: string;
  currentPassword?: string;
  /** The hash of the session making the change: it survives a password change, the others end. */
  sessionIdHash?: string;
  ip: string;
}

/** Wrong current passwords an account may give in CURRENT_PASSWORD_WINDOW_MS before the check refuses all. */
export const CURRENT_PASSWORD_TRIES = 10;
const CURRENT_PASSWORD_WINDOW_MS = 15 * 60_000;
const CURRENT_PASSWORD_WRONG = 'user.current_password_wrong';

/**
 * The password, email and delete edits would let a stolen session take the account over, so they need the
 * current password too; a missing or wrong one is refused before anything is changed. Each wrong one is an audit
 * row, and after CURRENT_PASSWORD_TRIES of them in 15 minutes the account's session may not try again until
 * they age out, so the session cannot guess its way to the password (the count is in the database, so every
 * instance sees it).
 */
async function requireCurrentPassword(db: Db, user: UserRow, edit: ProfileUpdate): Promise<void> {
  const since = new Date(Date.now() - CURRENT_PASSWORD_WINDOW_MS);
  const failures = await countAudits(db, { action: CURRENT_PASSWORD_WRONG, actorId: user.id, since });
  if (failures >= CURRENT_PASSWORD_TRIES) throw new AppError(429, ErrorCode.rateLimited, messages.tooManyRequests('15 minutes'));
  if (!edit.currentPassword || !(await verifyPassword(user.passwordHash, edit.currentPassword))) {
    await recordAudit(db, {
      action: CURRENT_PASSWORD_WRONG,
      outcome: 'failure',
      actorId: user.id,
      actorEmail: user.email,
      target: user.email,
      ip: edit.ip,
      details: { edit: edit.type },
    });
    throw badRequest(messages.currentPasswordWrong, 'wrong_password');
  }
}

/**
 * Applies one profile edit; answers the updated user, or null when the account was deleted (`deleted` is then told
 * the keys of the events deleted with it).
 */
export async function updateProfile(ctx: UsersContext, user: UserRow, edit: ProfileUpdate): Promise<UserRow | null> {
  const value = edit.value.trim();
  // SPEC's catalogue: a blank profile value is 'Please enter a valid name', but a blank email gets the email message.
  if (edit.type !== 'delete' && edit.type !== 'findable' && value.length < 1)
    throw badRequest(edit.type === 'email' ? messages.emailRequired : messages.invalidName);
  switch (edit.type) {
    case 'findable':
      // Whether any director's player search finds the player (decision 058).
      if (edit.value !== 'true' && edit.value !== 'false') throw badRequest(FINDABLE_VALUE_MESSAGE);
      return repo.updateUser(ctx.db, user.id, { findable: edit.value === 'true' });
    case 'name':
    case 'text':
      if (value.length > 120) throw badRequest(messages.invalidName);
      return repo.updateUser(ctx.db, user.id, { names: value });
    case 'city':
      if (value.length > 80) throw badRequest('Please enter a valid city');
      return repo.updateUser(ctx.db, user.id, { city: value });
    case 'pin':
      if (!PIN_PATTERN.test(value)) throw badRequest('Please enter a valid 6-digit PIN code');
      return repo.updateUser(ctx.db, user.id, { postalIndexNumber: value });
    case 'bfi id':
      if (!/^[A-Za-z0-9-]{1,40}$/.test(value)) throw badRequest('Please enter a valid BFI or BBO number');
      return repo.updateUser(ctx.db, user.id, { bfiId: value });
    case 'contact':
    case 'tel': {
      // Indian numbers only, as the profile hint says.
      const contact = normalisePhone(value, { indianOnly: true });
      return repo.updateUser(ctx.db, user.id, { contact, phoneNumber: contact });
    }
    case 'password': {
      if (edit.value.length < PASSWORD_MIN_LENGTH) throw badRequest(messages.passwordTooShort);
      await requireCurrentPassword(ctx.db, user, edit);
      const passwordHash = await hashPassword(edit.value);
      return ctx.db.transaction().execute(async (trx) => {
        const updated = await repo.updateUser(trx, user.id, { passwordHash });
        await repo.deleteSessionsOfUser(trx, user.id, edit.sessionIdHash);
        await recordChange(trx, user, 'user.password_change', user.email, edit.ip);
        return updated;
      });
    }
    case 'email': {
      const email = value.toLowerCase();
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) throw badRequest(messages.invalidEmail);
      await requireCurrentPassword(ctx.db, user, edit);
      if (email === user.email.toLowerCase()) return user;
      try {
        const updated = await ctx.db.transaction().execute(async (trx) => {
          const changed = await repo.updateUser(trx, user.id, { email, emailVerified: false });
          await repo.expireUnusedTokens(trx, user.id, 'reset');
          const token = await issueToken(trx, ctx, changed, 'verify');
          await enqueueMail(trx, changed.email, verifyEmailMail(changed.names, verifyLink(ctx, token)));
          await recordAudit(trx, {
            action: 'user.email_change',
            outcome: 'success',
            actorId: user.id,
            actorEmail: email,
            target: user.email,
            ip: edit.ip,
            details: { from: user.email, to: email },
          });
          return changed;
        });
        ctx.mailer.kick();
        return updated;
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(messages.emailInUse);
        throw error;
      }
    }
    case 'delete':
      await requireCurrentPassword(ctx.db, user, edit);
      // Once committed, the events it organised and those it sat in are told (lib/event-changes.ts).
      await ctx.changes.emit({ kind: 'accountDeleted', ...(await deleteOwnAccount(ctx.db, user, edit.ip)) });
      return null;
  }
}

/** Creates the configured admin at start when that address has no account yet. */
export async function ensureAdmin(db: Db, admin: { email: string; password: string }): Promise<boolean> {
  const existing = await repo.findUserByEmail(db, admin.email);
  if (existing) return false;
  const passwordHash = await hashPassword(admin.password);
  try {
    await db.transaction().execute(async (trx) => {
      await repo.insertUser(trx, { email: admin.email, names: 'Administrator', passwordHash, role: 'admin', emailVerified: true });
      await recordAudit(trx, { action: 'admin.bootstrap', outcome: 'success', target: admin.email });
    });
  } catch (error) {
    if (isUniqueViolation(error)) return false; // another instance created it first
    throw error;
  }
  return true;
}

/** The user of an unexpired session of an enabled account, as it is now: who a video socket belongs to. */
export const sessionUser = (db: Db, idHash: string) => repo.findLiveSessionUser(db, idHash);

/** A user's role (null when the account is gone or disabled) and unexpired sessions: what a video socket may still do. */
export const userAccess = (db: Db, userId: string) => repo.findUserAccess(db, userId);

// Players for the director's entries ------------------------------------------------------------------------------

/** A registered player as a director finds them: never their phone nor their address. */
export interface FoundPlayer {
  userId: string;
  name: string;
  bfiId: string | null;
}

/** At most this many players answer one search. */
export const PLAYER_SEARCH_LIMIT = 10;

/**
 * The director's search (decision 058): verified accounts in use, found by name or BFI number, among those that
 * chose to be found and those seated in the director's own complete events. An address is not a key: typed in
 * full or nearly, it answers alike (nothing, unless a name or number contains it).
 */
export async function searchPlayers(db: Db, directorId: string, text: string): Promise<FoundPlayer[]> {
  const known = await playersOfOrganiser(db, directorId);
  const rows = await repo.searchPlayers(db, text.trim(), PLAYER_SEARCH_LIMIT, known);
  return rows.map((row) => ({ userId: row.id, name: row.names, bfiId: row.bfiId }));
}

/**
 * The accounts an event's organiser may seat by pick, by id, with the name to seat them by: those the search would
 * find them (verified, in use, findable or seated in the organiser's complete events). Any other id is left out,
 * whether or not it is an account.
 */
export async function seatablePlayers(db: Db, organiserId: string, ids: readonly string[]): Promise<Map<string, { id: string; names: string }>> {
  const known = await playersOfOrganiser(db, organiserId);
  const rows = await repo.findFindablePlayers(db, [...new Set(ids)], known);
  return new Map(rows.map((row) => [row.id, { id: row.id, names: row.names }]));
}
