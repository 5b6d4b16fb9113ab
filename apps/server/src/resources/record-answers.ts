import { listResultSchema, type RecordAnswer } from '@cohort/domain';
import type { RecordResolver } from '../platform/register-call';
import type { ResourceService } from './engine';
import { recordSchema } from './record-schema';

/**
 * Resolves a declared call's `recordOf(resource)` / `recordsOf(resource)` answer to the record
 * schema the engine builds from the resource's table and binding (hidden columns out, derived
 * fields in), the same schema the engine's own routes answer.
 */
export function recordAnswers(services: ReadonlyMap<string, ResourceService>): RecordResolver {
  return (answer: RecordAnswer) => {
    const service = services.get(answer.resource.path);
    if (!service) throw new Error(`${answer.resource.path} must be registered first`);
    const record = recordSchema(answer.resource, service.columns, service.binding.hidden, service.binding.derived);
    return answer.kind === 'records' ? listResultSchema(record) : record;
  };
}
