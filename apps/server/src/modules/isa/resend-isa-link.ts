import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mailOutbox } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { audit, declareLearnerOwned } from '../../platform/audit';
import { deliverMail, queueMail } from '../../platform/mail';
import { auditActionOf, lockLearnerIsa, targetOf } from './move-isa';

declareLearnerOwned('mailOutbox', 'userId');

/** The link a learner opens to see and sign their ISA. */
export function isaLink(base: string, isaId: number): string {
  return `${base.replace(/\/+$/, '')}/isa/${isaId}`;
}

/**
 * Mails the learner their ISA link (open ISAs only). The message is written to the outbox with
 * the move's audit, then sent after the commit; without SMTP, or when sending fails, it stays
 * in the outbox (queued or failed, with the error) for the console to show.
 */
export async function resendIsaLink(app: FastifyInstance, actor: Actor, userId: number) {
  const entry = await app.db.transaction(async (tx) => {
    const { isa, status, learner } = await lockLearnerIsa(tx, actor, userId);
    targetOf(status, 'resend');
    if (!isa) throw new Error('an ISA in an open status has a row');
    const link = isaLink(app.config.LEARNER_APP_URL, isa.id);
    const row = await queueMail(tx, actor, {
      kind: 'isaLink',
      userId,
      to: learner.email,
      subject: 'Your income-share agreement',
      text: [
        `Hello ${learner.name},`,
        '',
        `Your income-share agreement is waiting for you (${status}). Open it here to read it, upload your documents and record your acceptance video:`,
        '',
        link,
        '',
        `Please send your documents by ${isa.documentDeadline}.`,
      ].join('\n'),
    });
    await audit(tx, actor, {
      action: auditActionOf('resend'),
      entity: 'learnerIsa',
      entityId: isa.id,
      after: { ...isa, mailId: row.id },
    });
    return row;
  });
  await deliverMail(app.db, app.mailer, entry.id);
  const [row] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, entry.id));
  return { ...row, status: row.status as 'queued' | 'sent' | 'failed' };
}
