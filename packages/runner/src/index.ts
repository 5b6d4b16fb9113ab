import { createJudge0Backend, judge0OptionsFromEnv } from './judge0/judge0-backend';
import { createLocalBackend } from './local/local-backend';
import type { RunnerBackend } from './types';

export * from './batch';
export * from './compare';
export * from './languages';
export * from './types';
export { createJudge0Backend, createLocalBackend, judge0OptionsFromEnv };

/**
 * The runner the app uses: a Judge0 server when JUDGE0_URL is set, otherwise the local
 * sandbox. Both answer in Judge0's terms.
 */
export function createRunner(env: NodeJS.ProcessEnv = process.env): RunnerBackend {
  const judge0 = judge0OptionsFromEnv(env);
  if (judge0) return createJudge0Backend(judge0);
  return createLocalBackend({
    concurrency: env.RUNNER_CONCURRENCY ? Number(env.RUNNER_CONCURRENCY) : undefined,
    maxQueued: env.RUNNER_MAX_QUEUED ? Number(env.RUNNER_MAX_QUEUED) : undefined,
  });
}
