import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';

export type FileKind = { ext: string; contentType: string };

/** The images an upload may be: what browsers show everywhere. SVG is refused (it can carry script). */
export const IMAGE_TYPES: ReadonlyMap<string, FileKind> = new Map([
  ['image/png', { ext: 'png', contentType: 'image/png' }],
  ['image/jpeg', { ext: 'jpg', contentType: 'image/jpeg' }],
  ['image/gif', { ext: 'gif', contentType: 'image/gif' }],
  ['image/webp', { ext: 'webp', contentType: 'image/webp' }],
]);

/**
 * Identifies a file by its magic bytes (`file-type`), among the kinds allowed; the declared
 * type and the file name are never trusted. Null when it is none of them.
 */
export async function sniffFile(buf: Buffer, allowed: ReadonlyMap<string, FileKind>): Promise<FileKind | null> {
  const found = await fileTypeFromBuffer(buf);
  return (found && allowed.get(found.mime)) ?? null;
}

/** An image upload's kind, or null when the bytes are not a PNG, JPEG, GIF or WebP image. */
export function sniffImage(buf: Buffer): Promise<FileKind | null> {
  return sniffFile(buf, IMAGE_TYPES);
}

export function randomKey(ext: string): string {
  return `${randomBytes(16).toString('base64url')}.${ext}`;
}

export { thumbnailKey } from '@cohort/domain';
