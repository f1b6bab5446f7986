import type { Selectable } from 'kysely';
import type { ContactMessageRow } from '@bridge/api';
import type { Db } from '../../db/database.ts';
import { pageOfRows, type PageRequest } from '../../db/keyset.ts';
import type { ContactMessagesTable } from '../../db/schema.ts';
import type { WeeklyCounts } from '../../db/weekly.ts';
import { enqueueMail, type Mailer } from '../../mail/mailer.ts';
import { contactMessageMail } from '../../mail/templates.ts';
import * as repo from './repo.ts';

interface ContactContext {
  db: Db;
  mailer: Pick<Mailer, 'kick'>;
  supportEmail: string | undefined;
}

/**
 * Stores the message and, when a support address is configured, mails it there in the same transaction.
 * `body` is as the contract parsed it (`ContactMessageBody`): the number already checked and in E.164 form.
 */
export async function sendContactMessage(
  ctx: ContactContext,
  body: { name: string; email: string; contact: string; description: string; type: number },
  ip: string,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await repo.insertMessage(trx, { ...body, ip });
    if (ctx.supportEmail) {
      await enqueueMail(trx, ctx.supportEmail, contactMessageMail(body));
    }
  });
  if (ctx.supportEmail) ctx.mailer.kick();
}

export const presentContactMessage = (row: Selectable<ContactMessagesTable>): ContactMessageRow => ({
  objectId: String(row.id),
  name: row.name,
  email: row.email,
  contact: row.contact,
  description: row.description,
  type: row.type,
  createdAt: row.createdAt.toISOString(),
});

export async function listContactMessages(db: Db, query: string | undefined, page: PageRequest) {
  const { rows, lastDocId } = pageOfRows(await repo.listMessages(db, query, page), page.limit, (row) => String(row.id));
  return { data: rows.map(presentContactMessage), lastDocId };
}

/** The Dashboard's contact messages figure. */
export const weeklyContactMessages = (db: Db, now: Date): Promise<WeeklyCounts> => repo.weeklyMessages(db, now);
