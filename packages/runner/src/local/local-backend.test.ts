import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTestCases, waitFor } from '../batch';
import { STATUS, type SubmissionRequest } from '../types';
import { createLocalBackend } from './local-backend';

const backend = createLocalBackend({ concurrency: 2 });
const run = async (req: SubmissionRequest) => waitFor(backend, (await backend.submit(req)).token, 25);

type Programs = { ok: string; wrong: string; broken: string; crash: string; crashStatus: number };

/** Each language: reads a name from stdin and greets it. */
const PROGRAMS: Record<number, Programs> = {
  50: {
    ok: '#include <stdio.h>\nint main(){char s[64];scanf("%63s",s);printf("Hello, %s\\n",s);return 0;}',
    wrong: '#include <stdio.h>\nint main(){printf("Bye\\n");return 0;}',
    broken: 'int main( { return 0 }',
    crash: '#include <stdio.h>\nint main(){int *p=0;*p=1;printf("%d",*p);return 0;}',
    crashStatus: STATUS.RUNTIME_ERROR_SIGSEGV.id,
  },
  54: {
    ok: '#include <iostream>\n#include <string>\nint main(){std::string s;std::cin>>s;std::cout<<"Hello, "<<s<<"\\n";}',
    wrong: '#include <iostream>\nint main(){std::cout<<"Hello, nobody\\n";}',
    broken: '#include <iostream>\nint main(){ std::cout << undefined_name; }',
    crash: '#include <cstdlib>\nint main(){ std::abort(); }',
    crashStatus: STATUS.RUNTIME_ERROR_SIGABRT.id,
  },
  62: {
    ok: 'import java.util.*;\npublic class Main { public static void main(String[] a){ System.out.println("Hello, " + new Scanner(System.in).next()); } }',
    wrong: 'public class Main { public static void main(String[] a){ System.out.println("Hi"); } }',
    broken: 'public class Main { public static void main(String[] a){ int x = "s"; } }',
    crash: 'public class Main { public static void main(String[] a){ throw new IllegalStateException("boom"); } }',
    crashStatus: STATUS.RUNTIME_ERROR_NZEC.id,
  },
  63: {
    ok: 'const s = require("fs").readFileSync(0, "utf8").trim();\nconsole.log("Hello, " + s);',
    wrong: 'console.log("Hello");',
    broken: 'function ( {',
    crash: 'throw new Error("boom");',
    crashStatus: STATUS.RUNTIME_ERROR_NZEC.id,
  },
  71: {
    ok: 'print(f"Hello, {input().strip()}")',
    wrong: 'print("Hello, world")',
    broken: 'def f(:\n  pass',
    crash: 'raise ValueError("boom")',
    crashStatus: STATUS.RUNTIME_ERROR_NZEC.id,
  },
  74: {
    ok: 'const s: string = require("fs").readFileSync(0, "utf8").trim();\nconsole.log("Hello, " + s);',
    wrong: 'console.log("Hello");',
    broken: 'const n: number = "not a number";\nconsole.log(n);',
    crash: 'const o: { a?: { b: number } } = {};\nconsole.log(o.a!.b);',
    crashStatus: STATUS.RUNTIME_ERROR_NZEC.id,
  },
  82: {
    ok: "create table people(name text);\ninsert into people values ('Asha');\nselect 'Hello, ' || name from people;",
    wrong: "select 'Hello, nobody';",
    broken: 'selec 1;',
    crash: 'select 1 / 0;',
    crashStatus: STATUS.RUNTIME_ERROR_NZEC.id,
  },
};

describe.each(Object.entries(PROGRAMS))('language %s', (id, p) => {
  const language_id = Number(id);
  const stdin = 'Asha';
  const expected_output = 'Hello, Asha\n';

  it('runs a correct solution: Accepted, with time and memory', async () => {
    const r = await run({ language_id, source_code: p.ok, stdin, expected_output });
    expect(r.status, r.stderr ?? r.compile_output ?? '').toEqual(STATUS.ACCEPTED);
    expect(r.stdout).toBe(expected_output);
    expect(Number(r.time)).toBeGreaterThanOrEqual(0);
    expect(r.memory).toBeGreaterThan(0);
    expect(r.exit_code).toBe(0);
  });

  it('a wrong solution: Wrong Answer', async () => {
    const r = await run({ language_id, source_code: p.wrong, stdin, expected_output });
    expect(r.status).toEqual(STATUS.WRONG_ANSWER);
  });

  it('one that does not compile: Compilation Error with the compiler output', async () => {
    const r = await run({ language_id, source_code: p.broken, stdin, expected_output });
    expect(r.status).toEqual(STATUS.COMPILATION_ERROR);
    expect(r.compile_output).toBeTruthy();
    expect(r.stdout).toBeNull();
  });

  it('one that crashes: the right Runtime Error', async () => {
    const r = await run({ language_id, source_code: p.crash, stdin, expected_output });
    expect(r.status.id, `${r.status.description} ${r.stderr}`).toBe(p.crashStatus);
  });
});

describe('Judge0 contract', () => {
  it('refuses an unknown language id (20 included) before queueing', async () => {
    await expect(backend.submit({ language_id: 20, source_code: 'x' })).rejects.toMatchObject({
      code: 'UNKNOWN_LANGUAGE',
    });
    await expect(backend.submit({ language_id: 999, source_code: 'x' })).rejects.toThrow(/Unknown language id 999/);
    await expect(backend.status('nope')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('integer division by zero in C is SIGFPE', async () => {
    const r = await run({
      language_id: 50,
      source_code: '#include <stdio.h>\nint main(){volatile int a=100,z=0;printf("%d",a/z);return 0;}',
    });
    expect(r.status).toEqual(STATUS.RUNTIME_ERROR_SIGFPE);
  });

  it('accepts without expected output, and compares ignoring trailing spaces and newlines', async () => {
    expect((await run({ language_id: 71, source_code: 'print("x")' })).status).toEqual(STATUS.ACCEPTED);
    expect(
      (await run({ language_id: 71, source_code: 'print("a  \\nb\\n\\n")', expected_output: 'a\r\nb' })).status,
    ).toEqual(STATUS.ACCEPTED);
    expect((await run({ language_id: 71, source_code: 'print("a b")', expected_output: 'ab' })).status).toEqual(
      STATUS.WRONG_ANSWER,
    );
  });
});

describe('a batch of test cases', () => {
  it('runs one source against every case and reports each, in order, as it finishes', async () => {
    const seen: [number, string][] = [];
    const results = await runTestCases(
      backend,
      { language_id: 71, source_code: 'a, b = map(int, input().split())\nprint(a // b)' },
      [
        { stdin: '6 3', expected_output: '2' },
        { stdin: '7 2', expected_output: '4' },
        { stdin: '1 0', expected_output: '0' },
      ],
      (i, r) => seen.push([i, r.status.description]),
    );
    expect(seen).toEqual([
      [0, 'Accepted'],
      [1, 'Wrong Answer'],
      [2, 'Runtime Error (NZEC)'],
    ]);
    expect(results[2].stderr).toContain('ZeroDivisionError');
  });
});

describe('the queue', () => {
  it('answers BUSY when the waiting line is full, and runs the rest', async () => {
    const small = createLocalBackend({ concurrency: 1, maxQueued: 1 });
    const slow = { language_id: 71, source_code: 'import time\ntime.sleep(0.5)\nprint(1)' };
    const a = await small.submit(slow);
    const b = await small.submit(slow);
    await expect(small.submit(slow)).rejects.toMatchObject({ code: 'BUSY' });
    expect((await small.status(b.token)).status).toEqual(STATUS.IN_QUEUE);
    expect((await waitFor(small, a.token)).status).toEqual(STATUS.ACCEPTED);
    expect((await waitFor(small, b.token)).status).toEqual(STATUS.ACCEPTED);
  });
});

afterAll(() => backend.close());
beforeAll(() => {});
