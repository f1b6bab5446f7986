import type { Db } from '../../db/database.ts';
import { enqueueMail, type Mailer } from '../../mail/mailer.ts';
import { contactMessageMail } from '../../mail/templates.ts';

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
    await trx.insertInto('contactMessages').values({ ...body, ip }).execute();
    if (ctx.supportEmail) {
      await enqueueMail(trx, ctx.supportEmail, contactMessageMail(body));
    }
  });
  if (ctx.supportEmail) ctx.mailer.kick();
}
