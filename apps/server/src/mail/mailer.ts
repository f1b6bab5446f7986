import nodemailer, { type Transporter } from 'nodemailer';
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/schema.ts';
import type { MailContent } from './templates.ts';

/**
 * Mail is written to the outbox inside the transaction of the change that causes it (so a crash never
 * leaves an account without its mail, or a mail without its account), then delivered after commit:
 * over SMTP when SMTP_URL is set, otherwise printed to the log with its link.
 */
export async function enqueueMail(db: Kysely<Database>, to: string, mail: MailContent): Promise<void> {
  await db.insertInto('outbox').values({ toAddress: to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html, link: mail.link }).execute();
}

const MAX_ATTEMPTS = 5;
const RETRY_INTERVAL_MS = 30_000;

export class Mailer {
  private readonly transport: Transporter | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: { smtpUrl?: string; from: string; log: FastifyBaseLogger },
  ) {
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  }

  start(): void {
    this.timer = setInterval(() => this.kick(), RETRY_INTERVAL_MS);
    this.timer.unref();
    this.kick();
  }

  /** Delivers pending mail soon; calls while a delivery runs are folded into one more round. */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.deliverPending()
      .catch((err) => this.options.log.warn({ err }, 'mail delivery round failed'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Waits until everything queued so far has been tried (tests and shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.idle();
    this.transport?.close();
  }

  private async deliverPending(): Promise<void> {
    for (;;) {
      // Claim a batch without holding a transaction open while talking to SMTP (PGlite has one connection).
      const batch = await sql<{ id: string; toAddress: string; subject: string; textBody: string; htmlBody: string | null; link: string | null }>`
        update outbox set attempts = attempts + 1, claimed_at = now()
        where id in (
          select id from outbox
          where sent_at is null and attempts < ${MAX_ATTEMPTS}
            and (claimed_at is null or claimed_at < now() - interval '2 minutes')
          order by id limit 20 for update skip locked)
        returning id, to_address, subject, text_body, html_body, link`.execute(this.db);
      if (batch.rows.length === 0) return;
      for (const mail of batch.rows) {
        try {
          if (this.transport) {
            await this.transport.sendMail({
              from: this.options.from,
              to: mail.toAddress,
              subject: mail.subject,
              text: mail.textBody,
              html: mail.htmlBody ?? undefined,
            });
          } else {
            this.options.log.info(
              { to: mail.toAddress, subject: mail.subject, link: mail.link },
              `mail (no SMTP_URL, kept in the outbox): "${mail.subject}" to ${mail.toAddress}${mail.link ? `: ${mail.link}` : ''}`,
            );
          }
          await this.db
            .updateTable('outbox')
            .set({ sentAt: new Date(), transport: this.transport ? 'smtp' : 'log', lastError: null })
            .where('id', '=', mail.id)
            .execute();
        } catch (err) {
          this.options.log.warn({ err, to: mail.toAddress }, 'mail delivery failed; will retry');
          await this.db
            .updateTable('outbox')
            .set({ lastError: err instanceof Error ? err.message : String(err) })
            .where('id', '=', mail.id)
            .execute();
        }
      }
    }
  }
}
