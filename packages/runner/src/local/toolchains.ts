import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

/** A package's root directory (some packages do not export their package.json). */
function packageDir(name: string): string {
  let dir = path.dirname(require.resolve(name));
  while (path.basename(dir) !== name.split('/').pop() && dir !== path.dirname(dir)) dir = path.dirname(dir);
  return dir;
}

/** Where host-side tools are mounted inside the sandbox (read-only). */
const TSC_DIR = '/opt/typescript';
const PGLITE_DIR = '/opt/node_modules/@electric-sql/pglite';
const SQL_RUNNER = '/opt/sql-runner.mjs';

export type Step = { argv: string[]; roBinds?: [string, string][]; env?: Record<string, string> };

/** Host files a run needs that are made once per process (see local-backend). */
export type Assets = { sqlTemplate?: string };

export type Toolchain = {
  sourceFile: string;
  compile?: Step;
  run: (memoryKb: number, assets: Assets) => Step;
  /** A run exiting with this code failed to parse: reported as a Compilation Error (SQL has no separate compile step). */
  syntaxErrorExitCode?: number;
  /** Needs the embedded-database template before its first run. */
  needsSqlTemplate?: boolean;
  /** Minimum memory the runtime itself needs (KB), whatever the task's limit. */
  minMemoryKb?: number;
};

function typescriptBinds(): [string, string][] {
  // TypeScript 7's compiler is a native binary in a platform package, with its lib .d.ts files;
  // Node's types let programs read stdin with require('fs'), as on Judge0.
  const modules = path.resolve(packageDir('typescript'), '..');
  const native = path.join(modules, '@typescript', `typescript-${process.platform}-${process.arch}`);
  return [
    [path.join(native, 'lib'), TSC_DIR],
    [path.join(modules, '@types', 'node'), '/opt/types/node'],
    [path.join(modules, 'undici-types'), '/opt/node_modules/undici-types'],
  ];
}

export function sqlBinds(template?: string): [string, string][] {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const binds: [string, string][] = [
    [packageDir('@electric-sql/pglite'), PGLITE_DIR],
    [path.join(here, 'sql-runner.mjs'), SQL_RUNNER],
  ];
  if (template) binds.push([template, '/opt/pglite-template.tar']);
  return binds;
}

export const SQL_RUNNER_PATH = SQL_RUNNER;

export function pgliteVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(packageDir('@electric-sql/pglite'), 'package.json'), 'utf8'));
  return String(pkg.version).replace(/[^0-9A-Za-z.-]/g, '');
}

const node = (memoryKb: number, file: string): Step => ({
  argv: ['/usr/bin/node', `--max-old-space-size=${Math.max(32, Math.floor((memoryKb / 1024) * 0.75))}`, file],
});

/** How each language compiles and runs (ids as Judge0 numbers them). */
export const TOOLCHAINS: Record<number, Toolchain> = {
  50: {
    sourceFile: 'main.c',
    compile: { argv: ['/usr/bin/gcc', '-O2', '-std=gnu11', '-o', 'main', 'main.c', '-lm'] },
    run: () => ({ argv: ['/work/main'] }),
  },
  54: {
    sourceFile: 'main.cpp',
    compile: { argv: ['/usr/bin/g++', '-O2', '-std=gnu++17', '-o', 'main', 'main.cpp'] },
    run: () => ({ argv: ['/work/main'] }),
  },
  62: {
    // As on Judge0, the class is Main in Main.java.
    sourceFile: 'Main.java',
    compile: {
      argv: [
        '/usr/bin/javac',
        '-J-Xmx256m',
        '-J-XX:+UseSerialGC',
        '-J-XX:TieredStopAtLevel=1',
        '-encoding',
        'UTF-8',
        'Main.java',
      ],
    },
    run: (memoryKb) => ({
      argv: [
        '/usr/bin/java',
        `-Xmx${Math.max(32, Math.floor((memoryKb / 1024) * 0.6))}m`,
        '-Xss16m',
        '-XX:+UseSerialGC',
        '-XX:TieredStopAtLevel=1',
        '-XX:-UsePerfData',
        '-cp',
        '/work',
        'Main',
      ],
    }),
  },
  // Interpreted languages get a syntax check as their compile step, so a program that
  // does not parse is a Compilation Error in every language.
  63: {
    sourceFile: 'main.js',
    compile: { argv: ['/usr/bin/node', '--check', 'main.js'] },
    run: (m) => node(m, 'main.js'),
  },
  71: {
    sourceFile: 'main.py',
    compile: {
      argv: [
        '/usr/bin/python3',
        '-c',
        'import ast,sys; ast.parse(open("main.py", encoding="utf-8").read(), "main.py")',
      ],
    },
    run: () => ({ argv: ['/usr/bin/python3', '-B', 'main.py'] }),
  },
  74: {
    sourceFile: 'main.ts',
    compile: {
      argv: [
        `${TSC_DIR}/tsc`,
        '--target',
        'es2022',
        '--module',
        'commonjs',
        '--strict',
        '--typeRoots',
        '/opt/types',
        '--types',
        'node',
        '--pretty',
        'false',
        'main.ts',
      ],
      roBinds: typescriptBinds(),
    },
    run: (m) => node(m, 'main.js'),
  },
  82: {
    sourceFile: 'main.sql',
    run: (m, assets) => ({ argv: [...node(m, SQL_RUNNER).argv, 'main.sql'], roBinds: sqlBinds(assets.sqlTemplate) }),
    needsSqlTemplate: true,
    syntaxErrorExitCode: 3,
    // The embedded PostgreSQL (WASM) needs about 450 MB of its own, whatever the query.
    minMemoryKb: 640 * 1024,
  },
};
