import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { users } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { cleanText } from '../../platform/db-errors';
import { AppError, notFound } from '../../platform/errors';
import { randomKey, sniffFile } from '../../platform/files';
import { bucketName } from '../../platform/storage';
import { incomingDir, receiveUploadedFile } from '../../platform/uploads';
import { updateVersioned } from '../../platform/versioned-update';
import type { ResourceService } from '../../resources/engine';

const PDF = new Map([['application/pdf', { ext: 'pdf', contentType: 'application/pdf' }]]);

/**
 * Stores a learner's resume (multipart field "file", a PDF by its bytes, size capped) and
 * replaces the one before, which is deleted. Resumes are not in `uploads`: the public
 * `/files/` route never serves them; only `resume/get`, inside the reader's row scope, does.
 */
export async function uploadLearnerResume(
  app: FastifyInstance,
  request: FastifyRequest,
  actor: Actor,
  learners: ResourceService,
  userId: number,
) {
  await learners.get(app.db, actor, userId);
  const upload = await receiveUploadedFile(request, 'file', app.config.UPLOAD_MAX_BYTES, incomingDir(app));
  const bucket = bucketName('miscellaneous', app.config.APP_ENV);
  const key = `resume-${randomKey('pdf')}`;
  try {
    if (!(await sniffFile(upload.head, PDF))) {
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'A resume must be a PDF', [
        { path: ['file'], message: 'Not a PDF file' },
      ]);
    }
    await app.storage.putFile(bucket, key, upload.path, upload.size, 'application/pdf');
  } finally {
    await upload.discard();
  }
  const { filename } = upload;
  let replaced: string | null = null;
  try {
    await app.db.transaction(async (tx) => {
      const before = (await learners.get(tx, actor, userId, true)) as Record<string, unknown> & {
        id: number;
        version: number;
      };
      replaced = (before.resumeKey as string | null) ?? null;
      await updateVersioned(tx, actor, {
        table: users,
        entity: 'user',
        before,
        version: before.version,
        changes: {
          resumeKey: key,
          resumeName: filename ? cleanText(filename).slice(0, 200) : 'resume.pdf',
          resumeSize: upload.size,
          resumeUploadedAt: new Date(),
        },
        snapshot: (row) => learners.toRecord(row),
        audit: { action: 'uploadResume' },
      });
    });
  } catch (error) {
    await app.storage.delete(bucket, key);
    throw error;
  }
  if (replaced) await app.storage.delete(bucket, replaced);
  return learners.toRecord(await learners.get(app.db, actor, userId), actor);
}

/** The learner's resume as a stream, with its name and size; 404 when none was uploaded. */
export async function readLearnerResume(app: FastifyInstance, actor: Actor, learners: ResourceService, userId: number) {
  await learners.get(app.db, actor, userId);
  const [row] = await app.db
    .select({ key: users.resumeKey, name: users.resumeName, size: users.resumeSize })
    .from(users)
    .where(and(eq(users.id, userId)));
  if (!row?.key) throw notFound('Resume');
  const stream = await app.storage.get(bucketName('miscellaneous', app.config.APP_ENV), row.key);
  if (!stream) throw notFound('Resume');
  return { stream, name: row.name ?? 'resume.pdf', size: row.size };
}
