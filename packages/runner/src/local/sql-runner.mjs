// Runs inside the sandbox. `--make-template OUT`: initialise an empty embedded PostgreSQL
// once and dump it (initdb is the slow, memory-hungry part). Otherwise: load that template
// into a throwaway in-memory database, execute the whole script (schema, data, query) and
// print the last statement's rows, one row a line, columns separated by "|" and no header
// (sqlite3's list mode, as on Judge0).
//
// In the sandbox the environment is empty, so PGlite and the template come from their fixed
// read-only /opt mounts. The runner bench runs this same file outside the sandbox and points
// PGLITE_MODULE and PGLITE_TEMPLATE at the host's copies.
import fs from 'node:fs';

const MODULE = process.env.PGLITE_MODULE || '/opt/node_modules/@electric-sql/pglite/dist/index.js';
const TEMPLATE = process.env.PGLITE_TEMPLATE || '/opt/pglite-template.tar';
const { PGlite } = await import(MODULE);

if (process.argv[2] === '--make-template') {
  const db = await PGlite.create();
  const dump = await db.dumpDataDir('none');
  fs.writeFileSync(process.argv[3], Buffer.from(await dump.arrayBuffer()));
  await db.close();
} else {
  const source = fs.readFileSync(process.argv[2], 'utf8');
  const loadDataDir = fs.existsSync(TEMPLATE) ? new Blob([fs.readFileSync(TEMPLATE)]) : undefined;
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
    // 42601 is PostgreSQL's syntax_error: the runner reports it as a Compilation Error.
    process.exitCode = err.code === '42601' ? 3 : 1;
  } finally {
    await db.close();
  }
}
