import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, PNG } from '../test/multipart';
import { createTestApp } from '../test/test-app';
import { localStorageDriver, type StorageDriver, s3StorageDriver } from './storage';

/**
 * One storage suite, run on the local driver and on the S3 driver against a real
 * S3-protocol server (s3rver) started here on loopback.
 */
let s3: { close(): Promise<void> };
let endpoint: string;
const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-storage-'));
  dirs.push(d);
  return d;
};

beforeAll(async () => {
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: tempDir() });
  const { port } = await server.run();
  s3 = server;
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await s3.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}

const s3Driver = () =>
  s3StorageDriver({
    endpoint,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });

describe.each([
  ['local', () => localStorageDriver(tempDir())],
  ['S3 (s3rver)', s3Driver],
] as [string, () => StorageDriver][])('%s storage driver', (_name, make) => {
  it('stores, reads back byte for byte, and deletes', async () => {
    const storage = make();
    const body = Buffer.concat([PNG, Buffer.from('ünïcode ✓')]);
    await storage.put('miscellaneous', 'abc_DEF-123.png', body, 'image/png');
    const got = await storage.get('miscellaneous', 'abc_DEF-123.png');
    expect(got).not.toBeNull();
    expect((await read(got!)).equals(body)).toBe(true);
    await storage.delete('miscellaneous', 'abc_DEF-123.png');
    expect(await storage.get('miscellaneous', 'abc_DEF-123.png')).toBeNull();
  });

  it('stores a file from disk as a stream (a large upload), byte for byte, leaving the file where it was', async () => {
    const storage = make();
    const file = path.join(tempDir(), 'received.upload');
    // 3 MiB of varied bytes: more than one chunk of a read stream, so order shows.
    const body = Buffer.alloc(3 * 1024 * 1024 + 17, 0);
    for (let i = 0; i < body.length; i++) body[i] = (i * 7 + (i >> 12)) & 0xff;
    fs.writeFileSync(file, body);
    await storage.putFile('miscellaneous', 'isa-video-abc.webm', file, body.length, 'video/webm');
    expect(fs.existsSync(file)).toBe(true);
    const got = await storage.get('miscellaneous', 'isa-video-abc.webm');
    expect((await read(got!)).equals(body)).toBe(true);
    const part = await storage.get('miscellaneous', 'isa-video-abc.webm', { start: 1_000_000, end: 1_000_099 });
    expect((await read(part!)).equals(body.subarray(1_000_000, 1_000_100))).toBe(true);
    await storage.delete('miscellaneous', 'isa-video-abc.webm');
    await expect(storage.putFile('miscellaneous', '../x.webm', file, body.length, 'video/webm')).rejects.toThrow(
      /invalid storage key/,
    );
  });

  it('answers null for a missing key, and deleting one is fine', async () => {
    const storage = make();
    expect(await storage.get('task-description', 'never-stored.pdf')).toBeNull();
    await expect(storage.delete('task-description', 'never-stored.pdf')).resolves.toBeUndefined();
  });

  it('refuses unsafe bucket and key names', async () => {
    const storage = make();
    await expect(storage.put('../etc', 'x.png', PNG, 'image/png')).rejects.toThrow(/invalid storage key/);
    await expect(storage.put('miscellaneous', '../../x.png', PNG, 'image/png')).rejects.toThrow(/invalid storage key/);
    await expect(storage.get('miscellaneous', 'a/b.png')).rejects.toThrow(/invalid storage key/);
  });
});

describe('the app on the S3 driver', () => {
  it('an uploaded image lands in the object store and is served back', async () => {
    const t = await createTestApp({}, undefined, undefined, { storage: s3Driver() });
    try {
      const res = await t.call({
        method: 'POST',
        url: '/admin/upload/image',
        token: await t.tokenFor('MARKETING'),
        ...multipart('image', 'banner.png', PNG),
      });
      expect(res.statusCode).toBe(201);
      const url = res.json().url as string;
      const [, , bucket, key] = url.split('/');
      const direct = await s3Driver().get(bucket, key);
      expect((await read(direct!)).equals(PNG)).toBe(true);
      const served = await t.call({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(PNG)).toBe(true);
    } finally {
      await t.close();
    }
  });
});
