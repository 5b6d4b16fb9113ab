import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../../db/schema';
import { createMailer, deliverPendingMail, MAIL_MAX_ATTEMPTS } from '../../platform/mail';
import { createTestApp, type TestApp } from '../../test/test-app';

/** `isa/resend` against a real SMTP server started here (smtp-server from npm). */
type Received = { from: string; to: string[]; raw: string };
const received: Received[] = [];
let refuse = false;
let server: SMTPServer;
let t: TestApp;
let negotiator: string;
let learnerId: number;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refuse) return callback(new Error('Mailbox unavailable'));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: 'ISA desk <isa@cohort.test>',
    LEARNER_APP_URL: 'https://learn.cohort.test/',
  });
  negotiator = await t.tokenFor('NEGOTIATOR');
  learnerId = (await t.db.select().from(users).where(eq(users.email, 'l2@test.local')))[0].id;
  const admin = await t.tokenFor('ADMIN');
  const type = await t.call({
    method: 'POST',
    url: '/admin/isa/add',
    token: admin,
    payload: {
      name: 'Mail test',
      salaryPercent: 10,
      currency: 'INR',
      monthlyCapMinor: 1000,
      totalCapMinor: 10000,
      durationMonths: 12,
      minimumSalaryMinor: 0,
    },
  });
  const assigned = await t.call({
    method: 'POST',
    url: '/admin/user/isa/assign',
    token: negotiator,
    payload: { userId: learnerId, isaTypeId: type.json().id },
  });
  expect(assigned.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('isa/resend over SMTP', () => {
  it('delivers the link to the learner, from MAIL_FROM, and marks the outbox entry sent', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/admin/user/isa/resend',
      token: negotiator,
      payload: { userId: learnerId },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ toAddress: 'l2@test.local', status: 'sent', error: null });
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail.to).toEqual(['l2@test.local']);
    expect(mail.from).toBe('isa@cohort.test');
    expect(mail.raw).toMatch(/^Subject: Your income-share agreement$/m);
    const isa = (
      await t.call({ method: 'GET', url: `/admin/user/isa/get?userId=${learnerId}`, token: negotiator })
    ).json().isa;
    // Quoted-printable may fold long lines: compare the body unfolded.
    const body = mail.raw.replace(/=\r?\n/g, '');
    expect(body).toContain(`https://learn.cohort.test/isa/${isa.id}`);
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, res.json().id));
    expect(row).toMatchObject({ status: 'sent', attempts: 1, userId: learnerId });
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it('keeps a refused message in the outbox as failed, with the server’s error', async () => {
    refuse = true;
    try {
      const res = await t.call({
        method: 'POST',
        url: '/admin/user/isa/resend',
        token: negotiator,
        payload: { userId: learnerId },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe('failed');
      expect(res.json().error).toMatch(/Mailbox unavailable/);
      expect(received).toHaveLength(1);
      const list = await t.call({ method: 'GET', url: '/admin/mail/outbox/get', token: negotiator });
      expect(list.json().data.map((m: { status: string }) => m.status)).toEqual(['failed', 'sent']);
    } finally {
      refuse = false;
    }
  });

  it('sends what waited in the outbox once SMTP is there, each message once even with two runs at once', async () => {
    const offline = await t.call({
      method: 'POST',
      url: '/admin/user/isa/resend',
      token: negotiator,
      payload: { userId: learnerId },
    });
    // Written as if no SMTP had been configured: queued, never tried.
    await t.db
      .update(mailOutbox)
      .set({ status: 'queued', attempts: 0, error: null })
      .where(eq(mailOutbox.id, offline.json().id));
    received.length = 0;
    const { port } = server.server.address() as AddressInfo;
    const mailer = createMailer({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'isa@cohort.test' });
    const [a, b] = await Promise.all([deliverPendingMail(t.db, mailer), deliverPendingMail(t.db, mailer)]);
    // The failed message of the test before is tried again too (the server takes it now).
    expect(a.sent + b.sent).toBe(2);
    expect(received).toHaveLength(2);
    expect(await deliverPendingMail(t.db, mailer)).toEqual({ sent: 0, failed: 0 });
    const rows = await t.db.select().from(mailOutbox);
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
    // Without SMTP nothing is tried.
    expect(await deliverPendingMail(t.db, createMailer({ MAIL_FROM: 'x@y.z' }))).toEqual({ sent: 0, failed: 0 });
    expect(MAIL_MAX_ATTEMPTS).toBeGreaterThan(1);
  });
});
