import type { Db } from '../../db/database.ts';
import { normalisePhone } from '../../lib/phone.ts';
import { enqueueMail, type Mailer } from '../../mail/mailer.ts';
import { contactMessageMail } from '../../mail/templates.ts';

interface ContactContext {
  db: Db;
  mailer: Pick<Mailer, 'kick'>;
  supportEmail: string | undefined;
}

/** Stores the message and, when a support address is configured, mails it there in the same transaction. */
export async function sendContactMessage(
  ctx: ContactContext,
  body: { name: string; email: string; contact: string; description: string; type: number },
  ip: string,
): Promise<void> {
  // Any country's number is accepted here: visitors write from abroad.
  const contact = normalisePhone(body.contact, { indianOnly: false });
  await ctx.db.transaction().execute(async (trx) => {
    await trx.insertInto('contactMessages').values({ ...body, contact, ip }).execute();
    if (ctx.supportEmail) {
      await enqueueMail(trx, ctx.supportEmail, contactMessageMail({ ...body, contact }));
    }
  });
  if (ctx.supportEmail) ctx.mailer.kick();
}
