import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box';
import { issueTicket, readTicket } from './tickets';

describe('tickets', () => {
  const box = createSecretBox(randomBytes(32));
  it('name the session they were issued to, and nothing without one', () => {
    const sealed = box.seal(JSON.stringify({ sub: 'x', exp: Date.now() + 60_000 }), 'ticket:isa-video');
    expect(readTicket(box, 'isa-video', sealed)).toBeNull();
  });
  it('open for their context until they expire', () => {
    const now = Date.parse('2026-11-25T10:00:00Z');
    const t = issueTicket(box, 'isa-video', { subject: '7:isa-video-abc.webm', sessionId: 42 }, 60_000, now);
    expect(readTicket(box, 'isa-video', t, now + 59_000)).toEqual({ subject: '7:isa-video-abc.webm', sessionId: 42 });
    expect(readTicket(box, 'isa-video', t, now + 60_000)).toBeNull();
    expect(readTicket(box, 'isa-document', t, now)).toBeNull();
  });
  it('refuse another key, an altered ticket and plain text', () => {
    const t = issueTicket(box, 'isa-video', { subject: 'x', sessionId: 1 }, 60_000);
    expect(readTicket(createSecretBox(randomBytes(32)), 'isa-video', t)).toBeNull();
    expect(readTicket(box, 'isa-video', `${t.slice(0, -2)}AA`)).toBeNull();
    expect(readTicket(box, 'isa-video', 'not-a-ticket')).toBeNull();
  });
});
