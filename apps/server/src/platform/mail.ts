import { and, eq, ne, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db, Tx } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { AuditActor } from './audit';
import { audit } from './audit';
import { describeError } from './db-errors';

/** One message: plain text (the console's outbox shows it as written). */
export type MailMessage = { to: string; subject: string; text: string };

/**
 * Sends mail. `configured` is false when the server has no way out (no SMTP_URL): messages
 * then wait in the outbox, never dropped (decision 017).
 */
export type Mailer = {
  configured: boolean;
  send(message: MailMessage): Promise<void>;
};

/** Nodemailer over SMTP_URL, from MAIL_FROM; without SMTP_URL, a mailer that sends nothing. */
export function createMailer(config: { SMTP_URL?: string; MAIL_FROM: string }): Mailer {
  if (!config.SMTP_URL) {
    return {
      configured: false,
      async send() {
        throw new Error('No SMTP server is configured (SMTP_URL)');
      },
    };
  }
  const transport = nodemailer.createTransport(config.SMTP_URL);
  return {
    configured: true,
    async send(message) {
      await transport.sendMail({
        from: config.MAIL_FROM,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
    },
  };
}

/**
 * Writes a message to the outbox, in the caller's transaction and audited with it: the mail
 * exists once the write that caused it commits, and not before. Deliver it after the commit.
 */
export async function queueMail(
  tx: Tx,
  actor: AuditActor,
  message: MailMessage & { kind: string; userId?: number | null },
): Promise<typeof mailOutbox.$inferSelect> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      kind: message.kind,
      toAddress: message.to,
      subject: message.subject,
      body: message.text,
      userId: message.userId ?? null,
      createdById: actor.user.id,
    })
    .returning();
  await audit(tx, actor, { action: 'queueMail', entity: 'mailOutbox', entityId: row.id, after: row });
  return row;
}

/**
 * Tries to send one queued message and records how it went (sent, or failed with the error).
 * Without SMTP it stays queued. Claimed with a conditional update, so two deliveries of the same
 * entry send it once.
 */
export async function deliverMail(db: Db, mailer: Mailer, id: number): Promise<typeof mailOutbox.$inferSelect> {
  const current = async () => (await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];
  const before = await current();
  if (!before || !mailer.configured || before.status === 'sent') return before;
  const [claimed] = await db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, updatedAt: new Date() })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.attempts, before.attempts), ne(mailOutbox.status, 'sent')))
    .returning();
  if (!claimed) return current();
  try {
    await mailer.send({ to: claimed.toAddress, subject: claimed.subject, text: claimed.body });
    const [row] = await db
      .update(mailOutbox)
      .set({ status: 'sent', error: null, sentAt: new Date(), updatedAt: new Date() })
      .where(eq(mailOutbox.id, id))
      .returning();
    return row;
  } catch (error) {
    const [row] = await db
      .update(mailOutbox)
      .set({ status: 'failed', error: describeError(error).message.slice(0, 1000), updatedAt: new Date() })
      .where(eq(mailOutbox.id, id))
      .returning();
    return row;
  }
}
