import { and, asc, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
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
  const url = config.SMTP_URL;
  // nodemailer (~16 MB) loads with the first message, not with the server.
  let transport: Promise<Transporter> | undefined;
  return {
    configured: true,
    async send(message) {
      transport ??= import('nodemailer').then((m) => m.default.createTransport(url));
      await (await transport).sendMail({
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
  return (await tryMail(db, mailer, id)).row;
}

/** How long a message being sent is left to its sender before another may try it. */
const IN_FLIGHT_MS = 2 * 60 * 1000;

/** One try at a message, and whether this call was the one that tried (claimed) it. */
async function tryMail(db: Db, mailer: Mailer, id: number) {
  const current = async () => (await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];
  const before = await current();
  if (!before || !mailer.configured || before.status === 'sent') return { row: before, tried: false };
  // Claimed: queued again with one more attempt. A queued message with attempts is being sent
  // (or its sender died): left alone until IN_FLIGHT_MS have passed.
  const [claimed] = await db
    .update(mailOutbox)
    .set({ status: 'queued', attempts: sql`${mailOutbox.attempts} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(mailOutbox.id, id),
        eq(mailOutbox.attempts, before.attempts),
        ne(mailOutbox.status, 'sent'),
        or(
          ne(mailOutbox.status, 'queued'),
          eq(mailOutbox.attempts, 0),
          lt(mailOutbox.updatedAt, new Date(Date.now() - IN_FLIGHT_MS)),
        ),
      ),
    )
    .returning();
  if (!claimed) return { row: await current(), tried: false };
  try {
    await mailer.send({ to: claimed.toAddress, subject: claimed.subject, text: claimed.body });
    const [row] = await db
      .update(mailOutbox)
      .set({ status: 'sent', error: null, sentAt: new Date(), updatedAt: new Date() })
      .where(eq(mailOutbox.id, id))
      .returning();
    return { row, tried: true };
  } catch (error) {
    const [row] = await db
      .update(mailOutbox)
      .set({ status: 'failed', error: describeError(error).message.slice(0, 1000), updatedAt: new Date() })
      .where(eq(mailOutbox.id, id))
      .returning();
    return { row, tried: true };
  }
}

/** How many times a message is tried before it is left failed for a person to look at. */
export const MAIL_MAX_ATTEMPTS = 5;

/**
 * Sends what waits in the outbox: queued messages (written while there was no SMTP, or whose
 * sending never started) and failed ones with attempts left, oldest first. For a scheduled job;
 * each message is claimed as `deliverMail` claims it, so two runs at once send it once.
 */
export async function deliverPendingMail(
  db: Db,
  mailer: Mailer,
  limit = 100,
): Promise<{ sent: number; failed: number }> {
  if (!mailer.configured) return { sent: 0, failed: 0 };
  const due = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(inArray(mailOutbox.status, ['queued', 'failed']), lt(mailOutbox.attempts, MAIL_MAX_ATTEMPTS)))
    .orderBy(asc(mailOutbox.id))
    .limit(limit);
  let sent = 0;
  let failed = 0;
  for (const { id } of due) {
    const { row, tried } = await tryMail(db, mailer, id);
    if (tried && row?.status === 'sent') sent++;
    else if (tried && row?.status === 'failed') failed++;
  }
  return { sent, failed };
}
