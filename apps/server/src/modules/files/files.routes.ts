import { calls } from '@cohort/domain';
import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { uploads } from '../../db/schema';
import { requireActor } from '../../platform/access';
import { notFound } from '../../platform/errors';
import { thumbnailKey } from '../../platform/files';
import { registerCall } from '../../platform/register-call';
import { makeThumbnail, storeImage } from '../../platform/uploads';

/**
 * Uploaded files. Keys are 128-bit random, so a link is the permission (images
 * shown on public pages); the type is the one sniffed at upload, never guessed.
 */
export function registerFileRoutes(app: FastifyInstance) {
  registerCall(app, calls.files.get, async (request, reply) => {
    const { bucket, key } = request.params;
    const file = (await findUpload(app, bucket, key)) ?? (await thumbnailOfOlderUpload(app, bucket, key));
    if (!file) throw notFound('File');
    // A key names one content forever (a replaced image gets a new key), so the key is a strong ETag.
    const etag = `"${key}"`;
    reply.header('etag', etag).header('cache-control', 'public, max-age=31536000, immutable');
    if (request.headers['if-none-match']?.split(/\s*,\s*/).includes(etag))
      return reply.code(304).send(undefined as never);
    const stream = await app.storage.get(bucket, key);
    if (!stream) throw notFound('File');
    reply
      .header('content-type', file.contentType)
      .header('content-length', file.size)
      .header('content-disposition', `inline; filename="${key}"`)
      .header('x-content-type-options', 'nosniff');
    return stream;
  });

  registerCall(app, calls.files.uploadImage, async (request) => ({
    url: await storeImage(app, request, requireActor(request)),
  }));
}

async function findUpload(app: FastifyInstance, bucket: string, key: string) {
  const [file] = await app.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.bucket, bucket), eq(uploads.key, key)));
  return file;
}

/**
 * Images uploaded before thumbnails were made at upload get theirs on first request: made
 * from the original, stored and recorded once (a second request racing it keeps the first).
 */
async function thumbnailOfOlderUpload(app: FastifyInstance, bucket: string, key: string) {
  const m = /^([A-Za-z0-9_-]+)-thumb\.webp$/.exec(key);
  if (!m) return undefined;
  const [original] = await app.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.bucket, bucket), like(uploads.key, `${m[1].replace(/[\\%_]/g, '\\$&')}.%`)))
    .limit(1);
  if (!original || thumbnailKey(original.key) !== key) return undefined;
  const stream = await app.storage.get(bucket, original.key);
  if (!stream) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const thumb = await makeThumbnail(Buffer.concat(chunks)).catch(() => null);
  if (!thumb) return undefined;
  // Stored before it is recorded, so a recorded thumbnail is always there. A request racing
  // this one finds the file already stored (the same bytes) and records it too, once.
  const stored = await app.storage.put(bucket, key, thumb, 'image/webp').then(
    () => true,
    () => false,
  );
  if (!stored) {
    const there = await app.storage.get(bucket, key);
    if (!there) return undefined;
    there.destroy();
  }
  await app.db
    .insert(uploads)
    .values({ bucket, key, contentType: 'image/webp', size: thumb.length, uploadedBy: original.uploadedBy })
    .onConflictDoNothing();
  return findUpload(app, bucket, key);
}
