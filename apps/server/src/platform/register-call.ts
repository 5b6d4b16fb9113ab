import type { Readable } from 'node:stream';
import type { Answer, AnswerInput, Call, CallSpec, RecordAnswer } from '@cohort/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { streamed } from './openapi';
import { withProgressResponse } from './progress';

/**
 * Registers a declared call (decision 033): method, url, access, multipart fields and every
 * answer come from its declaration in packages/domain/src/calls/; the handler only maps HTTP
 * to a module's workflow, typed from the declaration. A call with one success status other
 * than 200 answers it without the handler saying so. The error answers the call's shape
 * implies are in the declaration (`defineCall`), as platform/openapi.ts adds them to engine routes.
 */

type Parsed<S> = S extends z.ZodType ? z.output<S> : unknown;

export type CallRequest<C extends CallSpec> = FastifyRequest<{
  Body: Parsed<C['body']>;
  Querystring: Parsed<C['query']>;
  Params: Parsed<C['params']>;
  Headers: Parsed<C['headers']>;
}>;

/** What a handler may return: any declared success answer as the serializer takes it, or the reply it sent itself. */
type SuccessInput<C extends CallSpec> = {
  [K in keyof C['answers']]: AnswerInput<C['answers'][K]>;
}[keyof C['answers']];

export type CallHandler<C extends CallSpec> = (
  request: CallRequest<C>,
  reply: FastifyReply,
) => Promise<SuccessInput<C> | FastifyReply | Readable>;

/** Builds the schema of an engine record answer from the resource's table (resources/record-answers.ts). */
export type RecordResolver = (answer: RecordAnswer) => z.ZodType;

export interface RegisterCallOptions {
  /** Needed when the call answers engine records. */
  records?: RecordResolver;
  /** The summary with its `{placeholders}` filled in (a server setting it names). */
  summary?: string;
}

function responseOf(answer: Answer, records: RecordResolver | undefined, call: CallSpec): unknown {
  if (!('kind' in answer) || typeof answer.kind !== 'string') return answer;
  const a = answer as Exclude<Answer, z.ZodType>;
  switch (a.kind) {
    case 'record':
    case 'records':
      if (!records) throw new Error(`${call.method} ${call.path} answers ${a.resource.path} records: pass \`records\``);
      return records(a);
    case 'file':
      return {
        description: a.description,
        content: Object.assign({}, ...a.contentTypes.map((t) => streamed(t, a.description).content)),
      };
    case 'progress':
      return withProgressResponse(a.result, a.line, a.description);
  }
}

export function registerCall<C extends Call>(
  app: FastifyInstance,
  call: C,
  handler: CallHandler<C>,
  options: RegisterCallOptions = {},
): void {
  const response: Record<number, unknown> = {};
  for (const [status, answer] of Object.entries(call.responses)) {
    response[Number(status)] = responseOf(answer, options.records, call);
  }
  const successes = Object.keys(call.answers).filter((s) => /^2\d\d$/.test(s));
  const fixedStatus = successes.length === 1 && successes[0] !== '200' ? Number(successes[0]) : undefined;
  const schema: Record<string, unknown> = { tags: [...call.tags], summary: options.summary ?? call.summary };
  if (call.params) schema.params = call.params;
  if (call.query) schema.querystring = call.query;
  if (call.headers) schema.headers = call.headers;
  if (call.multipart) schema.consumes = ['multipart/form-data'];
  else if (call.body) schema.body = call.body;
  schema.response = response;
  app.route({
    method: call.method,
    url: call.path,
    config: {
      access: call.access,
      ...(call.multipart ? { multipart: call.multipart } : {}),
      ...(call.beforePasswordChange ? { beforePasswordChange: true as const } : {}),
    },
    schema,
    handler: async (request, reply) => {
      if (fixedStatus) reply.code(fixedStatus);
      return handler(request as CallRequest<C>, reply);
    },
  });
}
