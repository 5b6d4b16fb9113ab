import { calls } from '@cohort/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireActor } from '../../platform/access';
import { parseByteRange } from '../../platform/byte-range';
import { AppError } from '../../platform/errors';
import { registerCall } from '../../platform/register-call';
import { assignIsa } from './assign-isa';
import { extendIsa, removeIsa, updateIsa, verifyIsa } from './change-isa';
import { getIsaDocument, getIsaState, openIsaFile } from './read-isa';
import { resendIsaLink } from './resend-isa-link';
import { uploadIsaFile } from './upload-isa-file';

/** A learner's income-share agreement (spec §7 Users `isa/*`; decision 017; declared in calls.isa). */
export function registerIsaRoutes(app: FastifyInstance) {
  const c = calls.isa;
  const stateOf = (request: FastifyRequest, userId: number) => getIsaState(app, requireActor(request), userId);
  const whoFor = (request: FastifyRequest) => ({ actor: requireActor(request), ticketSubject: request.ticketSubject });

  registerCall(app, c.get, async (request) => stateOf(request, request.query.userId));
  registerCall(app, c.document, async (request) => getIsaDocument(app, requireActor(request), request.query.userId));
  registerCall(app, c.documentFile, async (request, reply) => {
    const file = await openIsaFile(app, whoFor(request), request.query.userId, 'document');
    fileHeaders(reply, file.name, file.contentType).header('content-length', file.size);
    return file.stream;
  });
  registerCall(app, c.video, async (request, reply) => {
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
  });

  // A move runs in its transaction, then answers the ISA as it now is.
  registerCall(app, c.assign, async (request) => {
    await app.db.transaction((tx) => assignIsa(tx, requireActor(request), request.body, new Date()));
    return stateOf(request, request.body.userId);
  });
  registerCall(app, c.verify, async (request) => {
    await app.db.transaction((tx) => verifyIsa(tx, requireActor(request), request.body, new Date()));
    return stateOf(request, request.body.userId);
  });
  registerCall(app, c.extend, async (request) => {
    await app.db.transaction((tx) => extendIsa(tx, requireActor(request), request.body, new Date()));
    return stateOf(request, request.body.userId);
  });
  registerCall(app, c.update, async (request) => {
    await app.db.transaction((tx) => updateIsa(tx, requireActor(request), request.body));
    return stateOf(request, request.body.userId);
  });
  registerCall(app, c.remove, async (request) => {
    await app.db.transaction((tx) => removeIsa(tx, requireActor(request), request.body));
    return stateOf(request, request.body.userId);
  });
  registerCall(app, c.resend, async (request) => resendIsaLink(app, requireActor(request), request.body.userId));
  for (const [call, kind] of [
    [c.uploadDocument, 'document'],
    [c.uploadVideo, 'video'],
  ] as const) {
    registerCall(app, call, async (request) => {
      await uploadIsaFile(app, request, requireActor(request), request.query.userId, kind);
      return stateOf(request, request.query.userId);
    });
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
