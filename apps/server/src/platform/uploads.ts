import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { formatBytes } from '@cohort/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { uploads } from '../db/schema';
import type { Actor } from './access';
import { audit } from './audit';
import { cleanText } from './db-errors';
import { AppError, badRequest } from './errors';
import { randomKey, sniffImage, thumbnailKey } from './files';
import { bucketName } from './storage';

/** What the person is sending, in the messages: a file, or an image. */
type Upload = { noun: 'file' | 'image'; chosen: string };
const FILE: Upload = { noun: 'file', chosen: 'Choose a file' };
const IMAGE: Upload = { noun: 'image', chosen: 'Choose an image' };

/**
 * The one file of a multipart request, from `field`, its size capped at `maxBytes`: 415 when the
 * request is not multipart, 400 naming the field when no file or another field was sent.
 */
async function openUploadedFile(request: FastifyRequest, field: string, maxBytes: number, what = FILE) {
  if (!request.isMultipart())
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', `Send the ${what.noun} as multipart/form-data`);
  // A file past the cap is cut there and marked truncated (not thrown at), so the 413 can say the cap.
  const file = await request.file({ limits: { fileSize: maxBytes, files: 1 }, throwFileSizeLimit: false });
  if (!file) throw badRequest('No file was sent', [{ path: [field], message: what.chosen }]);
  if (file.fieldname !== field) {
    file.file.resume();
    throw badRequest(`Send the file in the field "${field}"`, [{ path: [file.fieldname], message: 'Unknown field' }]);
  }
  return file;
}

/** The 413 of a file past its cap (the multipart reader stops at the cap and marks it truncated). */
const tooLarge = (maxBytes: number, what = FILE) =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', `The ${what.noun} is larger than ${formatBytes(maxBytes)}`);

/** Reads the one file of a multipart request from `field`, capped at `maxBytes` (413), into memory. */
export async function readUploadedFile(
  request: FastifyRequest,
  field: string,
  maxBytes: number,
): Promise<{ buf: Buffer; filename?: string }> {
  const file = await openUploadedFile(request, field, maxBytes);
  const buf = await file.toBuffer();
  if (file.file.truncated) throw tooLarge(maxBytes);
  return { buf, filename: file.filename };
}

/** Where uploads are received before they are stored: beside the local store, on the same disk. */
export function incomingDir(app: FastifyInstance): string {
  return path.join(app.config.DATA_DIR, 'incoming');
}

/**
 * Removes received files left behind by a process that stopped mid-upload: those older than
 * `olderThanMs` (another process sharing the data directory may be receiving one right now).
 */
export async function sweepIncoming(dir: string, olderThanMs = 3_600_000, now = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return 0; // nothing received yet
  }
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith('.upload')) continue;
    const file = path.join(dir, name);
    const stat = await fs.stat(file).catch(() => null);
    if (stat && now - stat.mtimeMs > olderThanMs) {
      await fs.rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}

/** Bytes of an upload kept in memory to tell its type by (file-type reads at most this many). */
const HEAD_BYTES = 4100;

/** An upload received to a file of its own: its first bytes (for its type), size and name. */
export type ReceivedFile = {
  path: string;
  size: number;
  head: Buffer;
  filename?: string;
  /** Removes the received file (always call it, in a `finally`). */
  discard: () => Promise<void>;
};

/**
 * Receives the one file of a multipart request from `field`, capped at `maxBytes` (413), into a
 * file under `dir`: a 100 MB video costs the server a disk write, not 100 MB of memory. Only its
 * first bytes stay in memory, to tell its type by. A refused or failed upload leaves nothing.
 */
export async function receiveUploadedFile(
  request: FastifyRequest,
  field: string,
  maxBytes: number,
  dir: string,
): Promise<ReceivedFile> {
  const file = await openUploadedFile(request, field, maxBytes);
  await fs.mkdir(dir, { recursive: true });
  const target = path.join(dir, `${randomBytes(12).toString('hex')}.upload`);
  const discard = () => fs.rm(target, { force: true });
  const heads: Buffer[] = [];
  let size = 0;
  try {
    await pipeline(
      file.file,
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          if (size < HEAD_BYTES) heads.push(chunk.subarray(0, HEAD_BYTES - size));
          size += chunk.length;
          done(null, chunk);
        },
      }),
      createWriteStream(target, { flags: 'wx' }),
    );
    if (file.file.truncated) throw tooLarge(maxBytes);
  } catch (error) {
    await discard();
    throw error;
  }
  return { path: target, size, head: Buffer.concat(heads), filename: file.filename, discard };
}

/** Reads one multipart image (size capped, type from magic bytes), stores it, answers its URL. */
export async function storeImage(app: FastifyInstance, request: FastifyRequest, actor: Actor): Promise<string> {
  const file = await openUploadedFile(request, 'image', app.config.UPLOAD_MAX_BYTES, IMAGE);
  const buf = await file.toBuffer();
  if (file.file.truncated) throw tooLarge(app.config.UPLOAD_MAX_BYTES, IMAGE);
  const kind = await sniffImage(buf);
  if (!kind) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Only PNG, JPEG, GIF and WebP images are accepted', [
      { path: ['image'], message: 'Not a PNG, JPEG, GIF or WebP image' },
    ]);
  }
  // Decoding it for the thumbnail also proves the image is whole: a file with the right
  // first bytes and nothing readable behind them is refused here, not shown broken later.
  const thumb = await makeThumbnail(buf).catch(() => {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'This image could not be read', [
      { path: ['image'], message: 'The file is damaged or not really an image' },
    ]);
  });
  const bucket = bucketName('miscellaneous', app.config.APP_ENV);
  const key = randomKey(kind.ext);
  await app.storage.put(bucket, key, buf, kind.contentType);
  await app.storage.put(bucket, thumbnailKey(key), thumb, 'image/webp');
  await app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(uploads)
      .values([
        {
          bucket,
          key,
          contentType: kind.contentType,
          size: buf.length,
          // A name the browser sent: cleaned of control characters (a NUL cannot be stored).
          originalName: file.filename ? cleanText(file.filename).slice(0, 200) : null,
          uploadedBy: actor.user.id,
        },
        { bucket, key: thumbnailKey(key), contentType: 'image/webp', size: thumb.length, uploadedBy: actor.user.id },
      ])
      .returning();
    await audit(tx, actor, { action: 'upload', entity: 'upload', entityId: row.id, after: row });
  });
  return `/files/${bucket}/${key}`;
}

/** Longest side of a thumbnail, in pixels: a list cell or a picker tile, sharp on a 2x screen. */
export const THUMBNAIL_SIZE = 320;
/** Images larger than this many pixels are refused before decoding (a "decompression bomb"). */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * A small WebP of an image (first frame of an animation), turned upright by its EXIF orientation.
 * sharp (libvips, ~17 MB resident) is loaded at the first image, not at start.
 */
export async function makeThumbnail(buf: Buffer): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp(buf, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
}

const FILE_URL = /^\/files\/([a-z0-9-]+)\/([A-Za-z0-9_-]+\.[a-z0-9]+)$/;

/**
 * Deletes a file this server stored (a `/files/{bucket}/{key}` URL) and its thumbnail from
 * storage and from `uploads`: a replaced or removed image leaves nothing behind. Other URLs
 * are left alone.
 */
export async function removeStoredFile(app: FastifyInstance, url: unknown): Promise<void> {
  const m = typeof url === 'string' ? FILE_URL.exec(url) : null;
  if (!m) return;
  const [, bucket, key] = m;
  const keys = [key, thumbnailKey(key)];
  await app.db.delete(uploads).where(and(eq(uploads.bucket, bucket), inArray(uploads.key, keys)));
  for (const k of keys) await app.storage.delete(bucket, k);
}
