import {
  ISA_UPDATE_MOVES,
  type IsaMove,
  isaAssignSchema,
  isaExtendSchema,
  isaFileQuerySchema,
  isaMovePermission,
  isaRemoveSchema,
  isaResendSchema,
  isaStateSchema,
  isaStoredFileSchema,
  isaUpdateSchema,
  isaUserQuerySchema,
  isaVerifySchema,
  mailOutboxEntrySchema,
  moveConflictSchema,
} from '@cohort/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../platform/access';
import { parseByteRange } from '../../platform/byte-range';
import { AppError } from '../../platform/errors';
import { errors, streamed } from '../../platform/openapi';
import { assignIsa } from './assign-isa';
import { extendIsa, removeIsa, updateIsa, verifyIsa } from './change-isa';
import { getIsaDocument, getIsaState, ISA_TICKET, openIsaFile } from './read-isa';
import { resendIsaLink } from './resend-isa-link';
import { ISA_FILES, type IsaFileKind, uploadIsaFile } from './upload-isa-file';

/** A refused move names the moves that are open (409); a stale version is a plain 409. */
const conflict = moveConflictSchema;

/** A stored file in any of these types. */
function streamedAny(types: string[], description: string) {
  const content = Object.assign({}, ...types.map((t) => streamed(t, description).content));
  return { description, content };
}
const DOCUMENT_TYPES = [...ISA_FILES.document.types.keys()];
const VIDEO_TYPES = [...ISA_FILES.video.types.keys()];

/** A learner's income-share agreement (spec §7 Users `isa/*`; decision 017). */
export function registerIsaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['ISA'];
  const stateOf = (request: FastifyRequest, userId: number) => getIsaState(app, requireActor(request), userId);

  r.get(
    '/admin/user/isa/get',
    {
      config: { access: { resource: 'isa', action: 'read' } },
      schema: {
        tags,
        summary: "A learner's current ISA (null when none) with its type, dates, files, and the moves open now",
        querystring: isaUserQuerySchema,
        response: { 200: isaStateSchema, ...errors(404) },
      },
    },
    async (request) => stateOf(request, request.query.userId),
  );

  r.get(
    '/admin/user/isa/get-document',
    {
      config: { access: { resource: 'isa', action: 'read' } },
      schema: {
        tags,
        summary: "The ISA document's name, type, size and a link to it (for this session, at most ten minutes)",
        querystring: isaUserQuerySchema,
        response: { 200: isaStoredFileSchema, ...errors(404) },
      },
    },
    async (request) => getIsaDocument(app, requireActor(request), request.query.userId),
  );

  const whoFor = (request: FastifyRequest) => ({ actor: requireActor(request), ticketSubject: request.ticketSubject });

  r.get(
    '/admin/user/isa/get-document-file',
    {
      config: { access: { resource: 'isa', action: 'read', ticket: ISA_TICKET.document } },
      schema: {
        tags,
        summary: 'The ISA document itself (the `token` header, or the `ticket` of its link)',
        querystring: isaFileQuerySchema,
        response: { 200: streamedAny(DOCUMENT_TYPES, 'The document as uploaded'), ...errors(404) },
      },
    },
    async (request, reply) => {
      const file = await openIsaFile(app, whoFor(request), request.query.userId, 'document');
      fileHeaders(reply, file.name, file.contentType).header('content-length', file.size);
      return file.stream;
    },
  );

  r.get(
    '/admin/user/isa/get-isa-video',
    {
      config: { access: { resource: 'isa', action: 'read', ticket: ISA_TICKET.video } },
      schema: {
        tags,
        summary:
          'The acceptance video, with HTTP range requests (206 and Content-Range; 416 outside the file) so a player seeks',
        querystring: isaFileQuerySchema,
        headers: z.object({ range: z.string().max(200).optional() }),
        response: {
          200: streamedAny(VIDEO_TYPES, 'The whole video'),
          206: streamedAny(VIDEO_TYPES, 'The bytes the Range asked for'),
          ...errors(404, 416),
        },
      },
    },
    async (request, reply) => {
      const file = await openIsaFile(app, whoFor(request), request.query.userId, 'video', (size) => {
        const range = parseByteRange(request.headers.range, size);
        if (range !== 'unsatisfiable') return range;
        throw new AppError(
          416,
          'RANGE_NOT_SATISFIABLE',
          `The video has ${size} bytes; this range is outside it`,
          undefined,
          {
            'content-range': `bytes */${size}`,
            'accept-ranges': 'bytes',
          },
        );
      });
      fileHeaders(reply, file.name, file.contentType).header('accept-ranges', 'bytes');
      if (file.range) {
        reply
          .code(206)
          .header('content-range', `bytes ${file.range.start}-${file.range.end}/${file.size}`)
          .header('content-length', file.range.end - file.range.start + 1);
      } else {
        reply.header('content-length', file.size);
      }
      return file.stream;
    },
  );

  /** The one permission action of the moves a route makes, as the ISA flow declares it. */
  const permissionOf = (...moves: IsaMove[]): string => {
    const actions = new Set(moves.map(isaMovePermission));
    const [action] = actions;
    if (actions.size !== 1 || !action) throw new Error(`ISA moves ${moves.join(', ')} need one permission`);
    return action;
  };

  const move = <S extends z.ZodType>(
    path: string,
    action: string,
    summary: string,
    body: S,
    run: (request: FastifyRequest, body: z.infer<S>) => Promise<unknown>,
  ) =>
    r.post(
      `/admin/user/isa/${path}`,
      {
        config: { access: { resource: 'isa', action } },
        schema: { tags, summary, body, response: { 200: isaStateSchema, 409: conflict, ...errors(404) } },
      },
      async (request) => {
        const b = request.body as z.infer<S> & { userId: number };
        await run(request, b);
        return stateOf(request, b.userId);
      },
    );

  move(
    'assign',
    permissionOf('assign'),
    'Give a learner an ISA of an offered type (Not Assigned or ended -> Documents Not Submitted); dates default to 14 days and the type’s duration',
    isaAssignSchema,
    (request, b) => app.db.transaction((tx) => assignIsa(tx, requireActor(request), b, new Date())),
  );
  move(
    'verify',
    permissionOf('verify'),
    'Verify the ISA (ISA Acceptance Video Uploaded -> ISA Verified)',
    isaVerifySchema,
    (request, b) => app.db.transaction((tx) => verifyIsa(tx, requireActor(request), b, new Date())),
  );
  move(
    'extend',
    permissionOf('extend'),
    'New dates: a later document deadline (an overdue ISA waits for documents again) or a later expiry',
    isaExtendSchema,
    (request, b) => app.db.transaction((tx) => extendIsa(tx, requireActor(request), b, new Date())),
  );
  move(
    'update',
    permissionOf(...ISA_UPDATE_MOVES),
    'Change the ISA type (before verification), request or cancel termination, terminate, or opt out (with a reason)',
    isaUpdateSchema,
    (request, b) => app.db.transaction((tx) => updateIsa(tx, requireActor(request), b)),
  );
  move(
    'remove',
    permissionOf('remove'),
    'Take the ISA off the learner (before verification, or once ended); it stays in their history',
    isaRemoveSchema,
    (request, b) => app.db.transaction((tx) => removeIsa(tx, requireActor(request), b)),
  );

  r.post(
    '/admin/user/isa/resend',
    {
      config: { access: { resource: 'isa', action: permissionOf('resend') } },
      schema: {
        tags,
        summary:
          'Mail the learner their ISA link; the message is in the outbox (sent, or queued without SMTP, or failed with the error)',
        body: isaResendSchema,
        response: { 200: mailOutboxEntrySchema, 409: conflict, ...errors(404) },
      },
    },
    async (request) => resendIsaLink(app, requireActor(request), request.body.userId),
  );

  for (const kind of ['document', 'video'] as IsaFileKind[]) {
    const spec = ISA_FILES[kind];
    r.post(
      `/admin/user/isa/upload-${kind}`,
      {
        config: {
          access: { resource: 'isa', action: permissionOf('submitDocuments', 'uploadVideo') },
          multipart: ['file'],
        },
        schema: {
          tags,
          summary:
            kind === 'document'
              ? `Upload the learner's signed ISA documents (multipart "file": PDF, PNG, JPEG or WebP, up to ${spec.maxBytes / 1024 / 1024} MB)`
              : `Upload the learner's acceptance video (multipart "file": MP4, WebM or QuickTime, up to ${spec.maxBytes / 1024 / 1024} MB)`,
          querystring: isaUserQuerySchema,
          consumes: ['multipart/form-data'],
          response: { 200: isaStateSchema, 409: conflict, ...errors(404) },
        },
      },
      async (request) => {
        const actor = requireActor(request);
        await uploadIsaFile(app, request, actor, request.query.userId, kind);
        return stateOf(request, request.query.userId);
      },
    );
  }
}

function fileHeaders(reply: FastifyReply, name: string, contentType: string) {
  const safe = name.replace(/[^A-Za-z0-9._ -]/g, '_');
  return reply
    .header('content-type', contentType)
    .header('content-disposition', `inline; filename="${safe}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
}
