import { idParam, listQuerySchema, PAGE_NUM_MAX, pageHeadersSchema } from '@cohort/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

/**
 * The request pieces every list and record route shares, declared once: ids in paths,
 * the `page_num` header and `page_size`, all plain decimal integers (decision 009).
 */
export const idParams = z.object({ id: idParam });

/** Lists take the page in the `page_num` header (spec §7), 1-based. Other headers pass through. */
export { PAGE_NUM_MAX };
export const pageHeaders = pageHeadersSchema;

export const pageSizeParam = listQuerySchema.shape.page_size;

/** The validated page of a route that declares `headers: pageHeaders`. */
export function pageOf(request: FastifyRequest): number {
  return (request.headers as { page_num?: number }).page_num ?? 1;
}
