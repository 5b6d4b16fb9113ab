import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. The local driver (default) writes under DATA_DIR/uploads;
 * an object-store driver (S3 API) implements the same three calls.
 */
export type StorageDriver = {
  put(bucket: string, key: string, body: Buffer, contentType: string): Promise<void>;
  get(bucket: string, key: string): Promise<Readable | null>;
  delete(bucket: string, key: string): Promise<void>;
};

const SAFE = /^[a-z0-9-]+$/;
const SAFE_KEY = /^[A-Za-z0-9_-]+\.[a-z0-9]+$/;

export function localStorageDriver(root: string): StorageDriver {
  const fileOf = (bucket: string, key: string) => {
    if (!SAFE.test(bucket) || !SAFE_KEY.test(key)) throw new Error('invalid storage key');
    return path.join(root, bucket, key);
  };
  return {
    async put(bucket, key, body) {
      const file = fileOf(bucket, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, body, { flag: 'wx' });
    },
    async get(bucket, key) {
      let file: string;
      try {
        file = fileOf(bucket, key);
        await fs.access(file);
      } catch {
        return null;
      }
      return createReadStream(file);
    },
    async delete(bucket, key) {
      await fs.rm(fileOf(bucket, key), { force: true });
    },
  };
}

/** Buckets of spec §9; staging uses the test-prefixed names. */
export const BUCKETS = ['task-description', 'job-description', 'miscellaneous'] as const;
export type Bucket = (typeof BUCKETS)[number];
export function bucketName(bucket: Bucket, env: 'production' | 'staging'): string {
  return env === 'staging' ? `test-${bucket}` : bucket;
}
