/**
 * The runner speaks Judge0 CE's language: the same request and answer fields
 * (snake_case), the same status ids and descriptions, so the console never cares
 * whether the local sandbox or a Judge0 server ran the code.
 */

export const STATUS = {
  IN_QUEUE: { id: 1, description: 'In Queue' },
  PROCESSING: { id: 2, description: 'Processing' },
  ACCEPTED: { id: 3, description: 'Accepted' },
  WRONG_ANSWER: { id: 4, description: 'Wrong Answer' },
  TIME_LIMIT_EXCEEDED: { id: 5, description: 'Time Limit Exceeded' },
  COMPILATION_ERROR: { id: 6, description: 'Compilation Error' },
  RUNTIME_ERROR_SIGSEGV: { id: 7, description: 'Runtime Error (SIGSEGV)' },
  RUNTIME_ERROR_SIGXFSZ: { id: 8, description: 'Runtime Error (SIGXFSZ)' },
  RUNTIME_ERROR_SIGFPE: { id: 9, description: 'Runtime Error (SIGFPE)' },
  RUNTIME_ERROR_SIGABRT: { id: 10, description: 'Runtime Error (SIGABRT)' },
  RUNTIME_ERROR_NZEC: { id: 11, description: 'Runtime Error (NZEC)' },
  RUNTIME_ERROR_OTHER: { id: 12, description: 'Runtime Error (Other)' },
  INTERNAL_ERROR: { id: 13, description: 'Internal Error' },
  EXEC_FORMAT_ERROR: { id: 14, description: 'Exec Format Error' },
} as const;

export type Status = { id: number; description: string };

/** A submission, with Judge0's field names and units (seconds, kilobytes). */
export type SubmissionRequest = {
  language_id: number;
  source_code: string;
  stdin?: string | null;
  expected_output?: string | null;
  cpu_time_limit?: number;
  wall_time_limit?: number;
  /** Kilobytes. */
  memory_limit?: number;
  max_processes_and_or_threads?: number;
  /** Kilobytes. */
  max_file_size?: number;
};

/** A submission's state, with Judge0's field names: time in seconds (string), memory in KB. */
export type SubmissionResult = {
  token: string;
  status: Status;
  stdout: string | null;
  stderr: string | null;
  compile_output: string | null;
  message: string | null;
  time: string | null;
  wall_time: string | null;
  memory: number | null;
  exit_code: number | null;
  exit_signal: number | null;
  /** Ours, not Judge0's: stdout or stderr went past the output cap and was cut. */
  output_truncated?: boolean;
};

/** The per-run limits a request may set, as Judge0 names them. */
export const LIMIT_FIELDS = [
  'cpu_time_limit',
  'wall_time_limit',
  'memory_limit',
  'max_processes_and_or_threads',
  'max_file_size',
] as const;

/** A result with nothing run yet: every output field null. */
export function emptyResult(token: string, status: Status): SubmissionResult {
  return {
    token,
    status,
    stdout: null,
    stderr: null,
    compile_output: null,
    message: null,
    time: null,
    wall_time: null,
    memory: null,
    exit_code: null,
    exit_signal: null,
  };
}

/** One backend: the local sandbox or a Judge0 server. */
export type RunnerBackend = {
  readonly name: 'local' | 'judge0';
  /** Queues a submission; answers its token at once. */
  submit(request: SubmissionRequest): Promise<{ token: string }>;
  /** The submission's current state (In Queue, Processing, then a final status). */
  status(token: string): Promise<SubmissionResult>;
  close(): Promise<void>;
};

/** A clear, typed refusal: unknown language, busy queue, unknown token, bad request. */
export class RunnerError extends Error {
  constructor(
    readonly code: 'UNKNOWN_LANGUAGE' | 'BUSY' | 'NOT_FOUND' | 'BAD_REQUEST' | 'UNAVAILABLE',
    message: string,
  ) {
    super(message);
    this.name = 'RunnerError';
  }
}

export function isFinal(status: Status): boolean {
  return status.id >= 3;
}
