import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uploads } from '../../db/schema';
import { requireActor } from '../../platform/access';
import { notFound } from '../../platform/errors';
import { streamed } from '../../platform/openapi';
import { storeImage } from '../../platform/uploads';

/**
 * Uploaded files. Keys are 128-bit random, so a link is the permission (images
 * shown on public pages); the type is the one sniffed at upload, never guessed.
 */
export function registerFileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/files/:bucket/:key',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Files'],
        summary: 'An uploaded file',
        params: z.object({
          bucket: z.string().regex(/^[a-z0-9-]{1,64}$/),
          key: z.string().regex(/^[A-Za-z0-9_-]{1,64}\.[a-z0-9]{1,8}$/),
        }),
        response: {
          200: streamed('image/*', 'The file, with the type sniffed at upload'),
        },
      },
    },
    async (request, reply) => {
      const { bucket, key } = request.params;
      const [file] = await app.db
        .select()
        .from(uploads)
        .where(and(eq(uploads.bucket, bucket), eq(uploads.key, key)));
      if (!file) throw notFound('File');
      const stream = await app.storage.get(bucket, key);
      if (!stream) throw notFound('File');
      reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('content-disposition', `inline; filename="${key}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=31536000, immutable');
      return stream;
    },
  );

  r.post(
    '/admin/upload/image',
    {
      config: { access: { resource: 'upload', action: 'create' } },
      schema: {
        tags: ['Files'],
        summary: 'Upload an image (multipart field "image"); answers its URL',
        consumes: ['multipart/form-data'],
        response: { 201: z.object({ url: z.string() }) },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const url = await storeImage(app, request, actor);
      reply.code(201);
      return { url };
    },
  );
}
