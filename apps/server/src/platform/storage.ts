import { randomBytes } from 'node:crypto';
import { createReadStream, constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';

/**
 * Where uploaded files live. The local driver (default) writes under DATA_DIR/uploads;
 * the S3 driver (when S3_ENDPOINT is set) keeps them in an S3-protocol object store.
 */
/** Bytes start..end of a file, both included (an HTTP Range). */
export type ByteRange = { start: number; end: number };

export type StorageDriver = {
  put(bucket: string, key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Stores the file at `file` (a local path, `size` bytes; left where it is) under the key,
   * read as a stream: a large upload never sits in memory.
   */
  putFile(bucket: string, key: string, file: string, size: number, contentType: string): Promise<void>;
  /** The file, or the bytes `range` names (both ends included), as a stream; null when missing. */
  get(bucket: string, key: string, range?: ByteRange): Promise<Readable | null>;
  delete(bucket: string, key: string): Promise<void>;
};

const SAFE = /^[a-z0-9-]+$/;
const SAFE_KEY = /^[A-Za-z0-9_-]+\.[a-z0-9]+$/;

export function localStorageDriver(root: string): StorageDriver {
  const fileOf = (bucket: string, key: string) => {
    if (!SAFE.test(bucket) || !SAFE_KEY.test(key)) throw new Error('invalid storage key');
    return path.join(root, bucket, key);
  };
  /**
   * Written aside by `write`, then linked in place: a reader never sees half a file, and a
   * second put of the same key fails (as 'wx' would) only once the first file is whole.
   */
  const place = async (bucket: string, key: string, write: (aside: string) => Promise<void>) => {
    const file = fileOf(bucket, key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const aside = `${file}.${randomBytes(6).toString('hex')}.part`;
    try {
      await write(aside);
      await fs.link(aside, file);
    } finally {
      await fs.rm(aside, { force: true });
    }
  };
  return {
    put: (bucket, key, body) => place(bucket, key, (aside) => fs.writeFile(aside, body, { flag: 'wx' })),
    // Copied by the kernel (a reflink where the disk has them: no copy at all).
    putFile: (bucket, key, source) =>
      place(bucket, key, (aside) =>
        fs.copyFile(source, aside, fsConstants.COPYFILE_EXCL | fsConstants.COPYFILE_FICLONE),
      ),
    async get(bucket, key, range) {
      const file = fileOf(bucket, key);
      try {
        await fs.access(file);
      } catch {
        return null;
      }
      return createReadStream(file, range ? { start: range.start, end: range.end } : undefined);
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

export type S3Settings = {
  endpoint: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
};

/**
 * The same three calls over an S3-protocol store (AWS S3, MinIO, Ceph, R2...). Buckets are
 * created on first use when missing and the credentials allow it. Keys are checked as the
 * local driver checks them, so both refuse the same names.
 */
export function s3StorageDriver(settings: S3Settings): StorageDriver & { client: S3Client } {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where the call requires one. By default the SDK sends a streamed body
    // (an upload read from disk) as aws-chunked with a CRC32 trailer, which S3-protocol stores
    // other than AWS's may not decode (s3rver stores the framing as the file's bytes).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
  });
  const ready = new Map<string, Promise<void>>();
  const check = (bucket: string, key: string) => {
    if (!SAFE.test(bucket) || !SAFE_KEY.test(key)) throw new Error('invalid storage key');
  };
  const ensureBucket = (bucket: string) => {
    let p = ready.get(bucket);
    if (!p) {
      p = client
        .send(new HeadBucketCommand({ Bucket: bucket }))
        .then(() => undefined)
        .catch(async () => {
          await client.send(new CreateBucketCommand({ Bucket: bucket }));
        });
      // A failure is not remembered: the next call tries again.
      p.catch(() => ready.delete(bucket));
      ready.set(bucket, p);
    }
    return p;
  };
  return {
    client,
    async put(bucket, key, body, contentType) {
      check(bucket, key);
      await ensureBucket(bucket);
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }));
    },
    async putFile(bucket, key, file, size, contentType) {
      check(bucket, key);
      await ensureBucket(bucket);
      // A stream needs its length up front (PutObject signs and sends it as one body).
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: createReadStream(file),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    },
    async get(bucket, key, range) {
      check(bucket, key);
      try {
        const res = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        return res.Body instanceof Readable ? res.Body : null;
      } catch (e) {
        const name = (e as { name?: string }).name;
        if (name === 'NoSuchKey' || name === 'NoSuchBucket' || name === 'NotFound') return null;
        throw e;
      }
    },
    async delete(bucket, key) {
      check(bucket, key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (e) {
        if ((e as { name?: string }).name !== 'NoSuchBucket') throw e;
      }
    },
  };
}

/** The driver the configuration asks for: S3 when S3_ENDPOINT is set, else DATA_DIR/uploads. */
export function createStorageDriver(config: {
  DATA_DIR: string;
  S3_ENDPOINT?: string;
  S3_REGION: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_FORCE_PATH_STYLE?: boolean;
}): StorageDriver {
  if (!config.S3_ENDPOINT) return localStorageDriver(path.join(config.DATA_DIR, 'uploads'));
  return s3StorageDriver({
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE ?? true,
  });
}
