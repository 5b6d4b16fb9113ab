import { allowedIsaMoves, type IsaRecord, type IsaState, type IsaStatus } from '@cohort/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isaTypes, learnerIsas, users } from '../../db/schema';
import type { Actor } from '../../platform/access';
import { notFound } from '../../platform/errors';
import { type ByteRange, bucketName } from '../../platform/storage';
import { issueTicket } from '../../platform/tickets';
import { assertLearnerVisible, type IsaRow } from './move-isa';
import type { IsaFileKind } from './upload-isa-file';

/** Ticket contexts of the two file calls (declared on their routes). */
export const ISA_TICKET = { document: 'isa-document', video: 'isa-video' } as const;
/**
 * How long a file link handed to the console stays good, at most: each use also needs the
 * session that asked for it, with its access (decision 029); this bounds a copied link.
 */
export const ISA_TICKET_MS = 10 * 60 * 1000;

const FILE_PATH = { document: '/admin/user/isa/get-document-file', video: '/admin/user/isa/get-isa-video' } as const;

/** What a ticket for an ISA file names: the ISA and the stored file, so a replaced file's link no longer opens. */
export const ticketSubject = (isa: Pick<IsaRow, 'id'>, key: string) => `${isa.id}:${key}`;

function fileOf(app: FastifyInstance, isa: IsaRow, kind: IsaFileKind, actor: Actor) {
  const key = kind === 'document' ? isa.documentKey : isa.videoKey;
  if (!key) return null;
  const grant = { subject: ticketSubject(isa, key), sessionId: actor.session.id };
  const ticket = issueTicket(app.secrets, ISA_TICKET[kind], grant, ISA_TICKET_MS);
  const d = kind === 'document';
  return {
    name: (d ? isa.documentName : isa.videoName) ?? kind,
    contentType: (d ? isa.documentType : isa.videoType) ?? 'application/octet-stream',
    size: (d ? isa.documentSize : isa.videoSize) ?? 0,
    uploadedAt: (d ? isa.documentUploadedAt : isa.videoUploadedAt) ?? isa.updatedAt,
    url: `${FILE_PATH[kind]}?userId=${isa.userId}&ticket=${encodeURIComponent(ticket)}`,
  };
}

async function currentRow(app: FastifyInstance, userId: number) {
  const [row] = await app.db
    .select({ isa: learnerIsas, type: isaTypes })
    .from(learnerIsas)
    .innerJoin(isaTypes, eq(isaTypes.id, learnerIsas.isaTypeId))
    .where(and(eq(learnerIsas.userId, userId), isNull(learnerIsas.endedAt)));
  return row ?? null;
}

/** The learner's current ISA as the console shows it (with file links), and the moves open now. */
export async function getIsaState(app: FastifyInstance, actor: Actor, userId: number): Promise<IsaState> {
  await assertLearnerVisible(app.db, actor, userId);
  const [learner] = await app.db.select({ isaStatus: users.isaStatus }).from(users).where(eq(users.id, userId));
  const row = await currentRow(app, userId);
  const status = (row?.isa.status ?? 'Not Assigned') as IsaStatus;
  let isa: IsaRecord | null = null;
  if (row) {
    const { isa: r, type } = row;
    isa = {
      id: r.id,
      version: r.version,
      userId: r.userId,
      status,
      isaTypeId: type.id,
      isaTypeName: type.name,
      salaryPercent: Number(type.salaryPercent),
      currency: type.currency,
      monthlyCapMinor: type.monthlyCapMinor,
      totalCapMinor: type.totalCapMinor,
      durationMonths: type.durationMonths,
      minimumSalaryMinor: type.minimumSalaryMinor,
      assignedAt: r.assignedAt,
      assignedByName: r.assignedByName,
      documentDeadline: r.documentDeadline,
      expiryDate: r.expiryDate,
      verifiedAt: r.verifiedAt,
      verifiedByName: r.verifiedByName,
      reason: r.reason,
      document: fileOf(app, r, 'document', actor),
      video: fileOf(app, r, 'video', actor),
    };
  }
  return { userId, isaStatus: (learner?.isaStatus ?? status) as IsaStatus, isa, allowed: allowedIsaMoves(status) };
}

/** The document's details (404 when none was uploaded). */
export async function getIsaDocument(app: FastifyInstance, actor: Actor, userId: number) {
  const state = await getIsaState(app, actor, userId);
  if (!state.isa?.document) throw notFound('ISA document');
  return state.isa.document;
}

/**
 * One stored ISA file, or a range of it, as a stream. The staff member's row scope is checked
 * either way; a ticket (a browser element, on behalf of the session it names) must also name
 * this very file.
 */
export async function openIsaFile(
  app: FastifyInstance,
  who: { actor: Actor; ticketSubject?: string },
  userId: number,
  kind: IsaFileKind,
  range?: (size: number) => ByteRange | null,
) {
  await assertLearnerVisible(app.db, who.actor, userId);
  const row = await currentRow(app, userId);
  const isa = row?.isa;
  const key = kind === 'document' ? isa?.documentKey : isa?.videoKey;
  const what = kind === 'document' ? 'ISA document' : 'ISA acceptance video';
  if (!isa || !key) throw notFound(what);
  if (who.ticketSubject !== undefined && who.ticketSubject !== ticketSubject(isa, key)) throw notFound(what);
  const file = fileOf(app, isa, kind, who.actor);
  if (!file) throw notFound(what);
  const byteRange = range ? range(file.size) : null;
  const stream = await app.storage.get(bucketName('miscellaneous', app.config.APP_ENV), key, byteRange ?? undefined);
  if (!stream) throw notFound(what);
  return { stream, name: file.name, contentType: file.contentType, size: file.size, range: byteRange };
}
