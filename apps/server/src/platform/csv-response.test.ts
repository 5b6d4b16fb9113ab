import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendErrors } from '../db/schema';
import { createTestApp, TEST_ROUTE, type TestApp } from '../test/test-app';
import { sendCsv } from './csv-response';

/** Chunks as an engine export yields them; `failAt` makes one page's query fail. */
async function* pages(count: number, failAt?: number): AsyncGenerator<string> {
  for (let i = 0; i < count; i++) {
    if (i === failAt) throw new Error(`page ${i} could not be read`);
    yield `${i === 0 ? 'Id\r\n' : ''}${'x'.repeat(64 * 1024)}\r\n`;
  }
}

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    for (const [name, failAt] of [
      ['whole', undefined],
      ['first-fails', 0],
      ['later-fails', 3],
    ] as const) {
      app.get(`/admin/test/csv/${name}`, { config: { access: 'public' }, schema: TEST_ROUTE }, async (request, reply) =>
        sendCsv(request, reply, `${name}.csv`, pages(6, failAt)),
      );
    }
  });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

describe('CSV answers never look whole when they are not (issue 6, finding 9)', () => {
  it('a complete export arrives whole', async () => {
    const res = await fetch(`${base}/admin/test/csv/whole`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="whole.csv"');
    expect((await res.text()).length).toBe(6 * (64 * 1024 + 2) + 4);
  });

  it('a failure on the first page is an error answer, not a 200 with a header row', async () => {
    const res = await fetch(`${base}/admin/test/csv/first-fails`);
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toMatch(/json/);
  });

  it('a failure on a later page breaks the download and is recorded', async () => {
    const res = await fetch(`${base}/admin/test/csv/later-fails`);
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
    // The record is written while the stream fails; give it a moment.
    let rows: unknown[] = [];
    for (let i = 0; i < 50 && rows.length === 0; i++) {
      rows = await t.db.select().from(backendErrors).where(eq(backendErrors.url, '/admin/test/csv/later-fails'));
      if (!rows.length) await new Promise((r) => setTimeout(r, 20));
    }
    expect(rows).toHaveLength(1);
  });
});
