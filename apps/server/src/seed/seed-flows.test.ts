import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FLOWS, rowFits } from '@cohort/domain';
import { isNull } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { resourceBindings } from '../composition/resource-bindings';
import { openDatabase } from '../db/client';
import { learnerIsas } from '../db/schema';
import { localStorageDriver } from '../platform/storage';
import { seedDemo } from './seed';

const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-seed-flows-'));
afterAll(() => fs.rmSync(uploads, { recursive: true, force: true }));

/**
 * Decision 032: the demo starts from data the product allows. The demo seed as the journeys
 * and `npm start` make it (seed 2026, 200 learners, with files) is read back, and every row of
 * every resource a flow moves must sit where its flow lets it: at the start, or in a state a
 * move leads to whose guard holds for the row and whose required fields are filled.
 */
describe('the demo seed keeps to every flow', () => {
  it('has no row in a state its flows forbid', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    try {
      await database.migrate();
      await seedDemo(database.db, {
        seed: 2026,
        learners: 200,
        files: { storage: localStorageDriver(uploads), bucket: 'miscellaneous' },
      });
      const bindings = resourceBindings();
      /** Refusals by resource and reason, with how many rows and the first row's id. */
      const refused: Record<string, string> = {};
      const counts: Record<string, number> = {};
      let checked = 0;
      for (const { resource, flow } of FLOWS) {
        const binding = bindings.find((b) => b.def.path === resource);
        const rows =
          resource === 'user/isa'
            ? await database.db.select().from(learnerIsas).where(isNull(learnerIsas.endedAt))
            : binding
              ? await database.db
                  .select()
                  .from(binding.table)
                  .where(binding.baseWhere ?? undefined)
              : [];
        expect(binding ?? resource === 'user/isa', resource).toBeTruthy();
        for (const row of rows as Record<string, unknown>[]) {
          checked++;
          const why = rowFits(flow, row);
          if (!why) continue;
          const key = `${resource}: ${why}`;
          counts[key] = (counts[key] ?? 0) + 1;
          refused[key] = `${counts[key]} rows, e.g. id ${refused[key]?.split('id ')[1] ?? row.id}`;
        }
      }
      expect(checked).toBeGreaterThan(1000);
      expect(refused).toEqual({});
    } finally {
      await database.close();
    }
  }, 300_000);
});
