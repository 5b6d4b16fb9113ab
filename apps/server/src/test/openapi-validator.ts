import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS: its default export arrives wrapped under ESM.
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

type OpenApiDocument = {
  paths: Record<string, Record<string, { responses?: Record<string, ResponseObject> }>>;
};
type ResponseObject = { content?: Record<string, { schema?: unknown }> };

/** Fastify's `/admin/role/update/:id` is OpenAPI's `/admin/role/update/{id}`. */
export function openApiPath(routeUrl: string): string {
  return routeUrl.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The declared media type that covers an answer's Content-Type: exact, then `type/*`, then `*\/*`. */
function mediaTypeFor(content: Record<string, unknown>, contentType: string): string | undefined {
  const type = contentType.split(';')[0].trim().toLowerCase();
  if (type in content) return type;
  const range = `${type.split('/')[0]}/*`;
  if (range in content) return range;
  return '*/*' in content ? '*/*' : undefined;
}

/**
 * Checks real answers against the OpenAPI document the app serves: the operation exists,
 * the status is declared, the Content-Type is one the status declares, and a JSON body
 * matches its schema. Every API test's traffic goes through it (test/test-app.ts).
 */
export function createResponseValidator(doc: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  ajv.addSchema(doc as object, 'openapi');
  const compiled = new Map<string, ValidateFunction>();
  const exercised = new Set<string>();

  function check(answer: {
    method: string;
    routeUrl: string;
    status: number;
    contentType: string | undefined;
    body: string | undefined;
  }): string | null {
    const path = openApiPath(answer.routeUrl);
    const method = answer.method.toLowerCase();
    const where = `${answer.method} ${path} -> ${answer.status}`;
    const operation = doc.paths[path]?.[method];
    if (!operation) return `${where}: the operation is not in the OpenAPI document`;
    exercised.add(`${answer.method} ${path}`);
    const status = String(answer.status);
    const response = operation.responses?.[status] ?? operation.responses?.default;
    if (!response) return `${where}: status ${status} is not declared`;
    if (!response.content) {
      return answer.body ? `${where}: answered a body where the document declares none` : null;
    }
    if (!answer.contentType) return `${where}: no Content-Type, the document declares one`;
    const media = mediaTypeFor(response.content, answer.contentType);
    if (!media) return `${where}: Content-Type ${answer.contentType} is not declared`;
    if (!media.includes('json') || answer.body === undefined) return null;
    // NDJSON (a long call's progress): each line is one value of the declared schema.
    const ndjson = media === 'application/x-ndjson';
    const pointer = ['paths', path, method, 'responses', status, 'content', media, 'schema']
      .map(escapePointer)
      .join('/');
    let validate = compiled.get(pointer);
    if (!validate) {
      validate = ajv.compile({ $ref: `openapi#/${pointer}` });
      compiled.set(pointer, validate);
    }
    const values = ndjson ? answer.body.split('\n').filter(Boolean) : [answer.body];
    for (const [i, text] of values.entries()) {
      const what = ndjson ? `line ${i + 1}` : 'the body';
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        return `${where}: ${what} is not JSON`;
      }
      if (validate(json)) continue;
      const problems = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ');
      return `${where}: ${what} breaks the document: ${problems}`;
    }
    return null;
  }

  return { check, exercised };
}
