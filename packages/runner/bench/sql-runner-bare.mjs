// The bench's bare twin of src/local/sql-runner.mjs: the same steps, outside the sandbox.
// Differences: PGlite is imported the ordinary way (the sandbox imports it from its
// read-only /opt mount), and the template's path comes from PGLITE_TEMPLATE instead of
// the fixed /opt/pglite-template.tar. Keep the two in step.
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

const TEMPLATE = process.env.PGLITE_TEMPLATE ?? '';

if (process.argv[2] === '--make-template') {
  const db = await PGlite.create();
  const dump = await db.dumpDataDir('none');
  fs.writeFileSync(process.argv[3], Buffer.from(await dump.arrayBuffer()));
  await db.close();
} else {
  const source = fs.readFileSync(process.argv[2], 'utf8');
  const loadDataDir = TEMPLATE && fs.existsSync(TEMPLATE) ? new Blob([fs.readFileSync(TEMPLATE)]) : undefined;
  const db = await PGlite.create({ loadDataDir });
  try {
    const results = await db.exec(source);
    const last = [...results].reverse().find((r) => r.fields.length > 0);
    if (last) {
      const cell = (v) =>
        v === null ? '' : v instanceof Date ? v.toISOString() : typeof v === 'object' ? JSON.stringify(v) : String(v);
      const lines = last.rows.map((row) => last.fields.map((f) => cell(row[f.name])).join('|'));
      if (lines.length) process.stdout.write(`${lines.join('\n')}\n`);
    }
  } catch (err) {
    process.stderr.write(`${err.message}\n`);
    process.exitCode = err.code === '42601' ? 3 : 1;
  } finally {
    await db.close();
  }
}
