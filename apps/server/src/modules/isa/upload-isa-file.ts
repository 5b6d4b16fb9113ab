import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../../platform/access';
import { cleanText } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import { type FileKind, randomKey, sniffFile } from '../../platform/files';
import { bucketName } from '../../platform/storage';
import { incomingDir, receiveUploadedFile } from '../../platform/uploads';
import { type IsaRow, lockLearnerIsa, targetOf, writeIsaMove } from './move-isa';

export type IsaFileKind = 'document' | 'video';

/** What each kind may be (by its bytes, never its name or declared type) and how large. */
export const ISA_FILES: Record<
  IsaFileKind,
  { types: ReadonlyMap<string, FileKind>; refused: string; maxBytes: number }
> = {
  document: {
    types: new Map([
      ['application/pdf', { ext: 'pdf', contentType: 'application/pdf' }],
      ['image/png', { ext: 'png', contentType: 'image/png' }],
      ['image/jpeg', { ext: 'jpg', contentType: 'image/jpeg' }],
      ['image/webp', { ext: 'webp', contentType: 'image/webp' }],
    ]),
    refused: 'A document must be a PDF, PNG, JPEG or WebP file',
    maxBytes: 10 * 1024 * 1024,
  },
  video: {
    types: new Map([
      ['video/mp4', { ext: 'mp4', contentType: 'video/mp4' }],
      ['video/webm', { ext: 'webm', contentType: 'video/webm' }],
      ['video/quicktime', { ext: 'mov', contentType: 'video/quicktime' }],
    ]),
    refused: 'The acceptance video must be an MP4, WebM or QuickTime video',
    maxBytes: 100 * 1024 * 1024,
  },
};

/**
 * Staff upload the learner's signed documents or acceptance video on their behalf (multipart
 * field "file"). The file is stored first under a random key; the move (submitDocuments or
 * uploadVideo) and the file's details are one transaction, and a refused move deletes the file
 * again. A replaced file is deleted once the new one is in. ISA files are never in `uploads`:
 * only the ISA's own calls serve them, inside the reader's row scope.
 */
export async function uploadIsaFile(
  app: FastifyInstance,
  request: FastifyRequest,
  actor: Actor,
  userId: number,
  kind: IsaFileKind,
): Promise<IsaRow> {
  const move = kind === 'document' ? 'submitDocuments' : 'uploadVideo';
  // Refused before reading the body when the move is not open now (and the learner must be in scope).
  await app.db.transaction(async (tx) => {
    const { status } = await lockLearnerIsa(tx, actor, userId);
    targetOf(status, move);
  });
  const spec = ISA_FILES[kind];
  const upload = await receiveUploadedFile(request, 'file', spec.maxBytes, incomingDir(app));
  const bucket = bucketName('miscellaneous', app.config.APP_ENV);
  let key: string;
  let found: FileKind | null;
  try {
    found = await sniffFile(upload.head, spec.types);
    if (!found)
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', spec.refused, [{ path: ['file'], message: spec.refused }]);
    key = `isa-${kind}-${randomKey(found.ext)}`;
    await app.storage.putFile(bucket, key, upload.path, upload.size, found.contentType);
  } finally {
    await upload.discard();
  }
  const size = upload.size;
  const name = upload.filename ? cleanText(upload.filename).slice(0, 200) : `${kind}.${found.ext}`;
  const now = new Date();
  let replaced: string | null = null;
  try {
    const after = await app.db.transaction(async (tx) => {
      const { isa, status } = await lockLearnerIsa(tx, actor, userId);
      targetOf(status, move);
      if (!isa) throw new Error('an ISA in an open status has a row');
      replaced = kind === 'document' ? isa.documentKey : isa.videoKey;
      const changes =
        kind === 'document'
          ? {
              documentKey: key,
              documentName: name,
              documentType: found.contentType,
              documentSize: size,
              documentUploadedAt: now,
            }
          : {
              videoKey: key,
              videoName: name,
              videoType: found.contentType,
              videoSize: size,
              videoUploadedAt: now,
            };
      return writeIsaMove(tx, actor, { isa, move, changes });
    });
    if (replaced) await app.storage.delete(bucket, replaced);
    return after;
  } catch (error) {
    await app.storage.delete(bucket, key);
    throw error;
  }
}
