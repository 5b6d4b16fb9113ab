import { RunnerError } from './types';

/**
 * Bounded concurrency with a bounded waiting line: when the line is full, `push`
 * refuses at once with a BUSY error instead of piling work up.
 */
export class WorkQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {}

  get size() {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Accepts a job or throws BUSY; the returned promise settles when the job does. */
  push<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency && this.waiting.length >= this.maxWaiting) {
      throw new RunnerError('BUSY', `The runner is busy (${this.waiting.length} runs waiting); try again shortly`);
    }
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.running++;
        job()
          .then(resolve, reject)
          .finally(() => {
            this.running--;
            this.waiting.shift()?.();
          });
      };
      if (this.running < this.concurrency) start();
      else this.waiting.push(start);
    });
  }
}
