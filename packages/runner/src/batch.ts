import { isFinal, type RunnerBackend, type SubmissionRequest, type SubmissionResult } from './types';

export type TestCase = { stdin?: string | null; expected_output?: string | null };

export async function waitFor(
  backend: RunnerBackend,
  token: string,
  pollMs = 50,
  timeoutMs = 120_000,
): Promise<SubmissionResult> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = await backend.status(token);
    if (isFinal(r.status)) return r;
    if (Date.now() > deadline) return r;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/**
 * Runs one source against a batch of test cases and reports each case as it finishes
 * (in case order), e.g. to stream a task's test-case results to the console.
 */
export async function runTestCases(
  backend: RunnerBackend,
  submission: Omit<SubmissionRequest, 'stdin' | 'expected_output'>,
  cases: TestCase[],
  onCase?: (index: number, result: SubmissionResult) => void,
): Promise<SubmissionResult[]> {
  const tokens: string[] = [];
  for (const c of cases) {
    tokens.push((await backend.submit({ ...submission, stdin: c.stdin, expected_output: c.expected_output })).token);
  }
  const results: SubmissionResult[] = [];
  for (const [i, token] of tokens.entries()) {
    const r = await waitFor(backend, token);
    results.push(r);
    onCase?.(i, r);
  }
  return results;
}
