import { z } from 'zod';
import { moveConflictSchema } from '../flows';
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
} from '../isa';
import { defineCall, fileOf } from './define-call';

const tags = ['ISA'];
/** A refused move names the state and the moves that are open (409, the one shape: decision 032); a stale version is a plain 409. */
export const isaConflictSchema = moveConflictSchema;

/** The one permission action of the moves a call makes, as the ISA flow declares it (decision 032). */
function permissionOf(...moves: IsaMove[]): string {
  const actions = new Set(moves.map(isaMovePermission));
  const [action] = actions;
  if (actions.size !== 1 || !action) throw new Error(`ISA moves ${moves.join(', ')} need one permission`);
  return action;
}
/** The media types the server stores (apps/server/src/modules/isa/upload-isa-file.ts sniffs them). */
export const ISA_DOCUMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const;
export const ISA_VIDEO_TYPES = ['video/mp4', 'video/webm', 'video/quicktime'] as const;

const move = <B extends z.ZodType, P extends string>(action: string, path: P, summary: string, body: B) =>
  defineCall({
    method: 'POST',
    path: `/admin/user/isa/${path}` as `/admin/user/isa/${P}`,
    access: { resource: 'isa', action },
    tags,
    summary,
    body,
    answers: { 200: isaStateSchema },
    errors: [404],
    errorAnswers: { 409: isaConflictSchema },
  });

const upload = (kind: 'document' | 'video', summary: string) =>
  defineCall({
    method: 'POST',
    path: `/admin/user/isa/upload-${kind}` as const,
    access: { resource: 'isa', action: permissionOf('submitDocuments', 'uploadVideo') },
    multipart: ['file'],
    tags,
    summary,
    query: isaUserQuerySchema,
    answers: { 200: isaStateSchema },
    errors: [404],
    errorAnswers: { 409: isaConflictSchema },
  });

/** A learner's income-share agreement (spec §7 Users `isa/*`; decision 017). */
export const isaCalls = {
  get: defineCall({
    method: 'GET',
    path: '/admin/user/isa/get',
    access: { resource: 'isa', action: 'read' },
    tags,
    summary: "A learner's current ISA (null when none) with its type, dates, files, and the moves open now",
    query: isaUserQuerySchema,
    answers: { 200: isaStateSchema },
    errors: [404],
  }),
  document: defineCall({
    method: 'GET',
    path: '/admin/user/isa/get-document',
    access: { resource: 'isa', action: 'read' },
    tags,
    summary: "The ISA document's name, type, size and a link to it (for this session, at most ten minutes)",
    query: isaUserQuerySchema,
    answers: { 200: isaStoredFileSchema },
    errors: [404],
  }),
  documentFile: defineCall({
    method: 'GET',
    path: '/admin/user/isa/get-document-file',
    access: { resource: 'isa', action: 'read', ticket: 'isa-document' },
    tags,
    summary: 'The ISA document itself (the `token` header, or the `ticket` of its link)',
    query: isaFileQuerySchema,
    answers: { 200: fileOf(ISA_DOCUMENT_TYPES, 'The document as uploaded') },
    errors: [404],
  }),
  video: defineCall({
    method: 'GET',
    path: '/admin/user/isa/get-isa-video',
    access: { resource: 'isa', action: 'read', ticket: 'isa-video' },
    tags,
    summary:
      'The acceptance video, with HTTP range requests (206 and Content-Range; 416 outside the file) so a player seeks',
    query: isaFileQuerySchema,
    headers: z.object({ range: z.string().max(200).optional() }),
    answers: {
      200: fileOf(ISA_VIDEO_TYPES, 'The whole video'),
      206: fileOf(ISA_VIDEO_TYPES, 'The bytes the Range asked for'),
    },
    errors: [404, 416],
  }),
  assign: move(
    permissionOf('assign'),
    'assign',
    'Give a learner an ISA of an offered type (Not Assigned or ended -> Documents Not Submitted); dates default to 14 days and the type’s duration',
    isaAssignSchema,
  ),
  verify: move(
    permissionOf('verify'),
    'verify',
    'Verify the ISA (ISA Acceptance Video Uploaded -> ISA Verified)',
    isaVerifySchema,
  ),
  extend: move(
    permissionOf('extend'),
    'extend',
    'New dates: a later document deadline (an overdue ISA waits for documents again) or a later expiry',
    isaExtendSchema,
  ),
  update: move(
    permissionOf(...ISA_UPDATE_MOVES),
    'update',
    'Change the ISA type (before verification), request or cancel termination, terminate, or opt out (with a reason)',
    isaUpdateSchema,
  ),
  remove: move(
    permissionOf('remove'),
    'remove',
    'Take the ISA off the learner (before verification, or once ended); it stays in their history',
    isaRemoveSchema,
  ),
  resend: defineCall({
    method: 'POST',
    path: '/admin/user/isa/resend',
    access: { resource: 'isa', action: permissionOf('resend') },
    tags,
    summary:
      'Mail the learner their ISA link; the message is in the outbox (sent, or queued without SMTP, or failed with the error)',
    body: isaResendSchema,
    answers: { 200: mailOutboxEntrySchema },
    errors: [404],
    errorAnswers: { 409: isaConflictSchema },
  }),
  uploadDocument: upload(
    'document',
    `Upload the learner's signed ISA documents (multipart "file": PDF, PNG, JPEG or WebP, up to 10 MB)`,
  ),
  uploadVideo: upload(
    'video',
    `Upload the learner's acceptance video (multipart "file": MP4, WebM or QuickTime, up to 100 MB)`,
  ),
};
