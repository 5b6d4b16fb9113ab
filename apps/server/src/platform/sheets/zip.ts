import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { notXlsx, tooManyParts, unpacksTooLarge } from './limits';

/** One part of a zip archive, as its central directory declares it. */
export type ZipEntry = {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  /** Declared uncompressed size: inflating past it is refused as a damaged file. */
  size: number;
  localOffset: number;
};

const EOCD = 0x06054b50;
const ZIP64_EOCD = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_COMMENT = 0xffff;
const SLICE_BYTES = 64 * 1024;

/**
 * The parts of a zip archive held in `buf`, read from its central directory alone: nothing is
 * inflated. Refuses (413) more than `maxParts` parts or declared sizes that add up to more than
 * `maxUnpackedBytes`, before anything else is read.
 */
export function readZipEntries(buf: Buffer, maxParts: number, maxUnpackedBytes: number): Map<string, ZipEntry> {
  const eocd = findEndOfCentralDirectory(buf);
  let total = buf.readUInt16LE(eocd + 10);
  let cdOffset = buf.readUInt32LE(eocd + 16);
  if (total === 0xffff || cdOffset === 0xffffffff) {
    // Zip64: the real counts are in a record the locator (just before the end record) points to.
    const locator = eocd - 20;
    if (locator < 0 || buf.readUInt32LE(locator) !== ZIP64_LOCATOR) throw notXlsx('The archive is damaged');
    const at = safeNumber(buf.readBigUInt64LE(locator + 8));
    if (at + 56 > buf.length || buf.readUInt32LE(at) !== ZIP64_EOCD) throw notXlsx('The archive is damaged');
    total = safeNumber(buf.readBigUInt64LE(at + 32));
    cdOffset = safeNumber(buf.readBigUInt64LE(at + 48));
  }
  if (total > maxParts) throw tooManyParts(total, maxParts);

  const entries = new Map<string, ZipEntry>();
  let unpacked = 0;
  let at = cdOffset;
  for (let i = 0; i < total; i++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== CENTRAL) throw notXlsx('The archive is damaged');
    const nameLength = buf.readUInt16LE(at + 28);
    const extraLength = buf.readUInt16LE(at + 30);
    const commentLength = buf.readUInt16LE(at + 32);
    const end = at + 46 + nameLength + extraLength + commentLength;
    if (end > buf.length) throw notXlsx('The archive is damaged');
    const entry: ZipEntry = {
      name: buf.toString('utf8', at + 46, at + 46 + nameLength),
      flags: buf.readUInt16LE(at + 8),
      method: buf.readUInt16LE(at + 10),
      compressedSize: buf.readUInt32LE(at + 20),
      size: buf.readUInt32LE(at + 24),
      localOffset: buf.readUInt32LE(at + 42),
    };
    readZip64Sizes(entry, buf.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength));
    unpacked += entry.size;
    if (unpacked > maxUnpackedBytes) throw unpacksTooLarge(maxUnpackedBytes);
    entries.set(entry.name, entry);
    at = end;
  }
  return entries;
}

function findEndOfCentralDirectory(buf: Buffer): number {
  const last = buf.length - 22;
  for (let at = last; at >= 0 && at >= last - MAX_COMMENT; at--) {
    if (buf.readUInt32LE(at) === EOCD) return at;
  }
  throw notXlsx('Not an XLSX file');
}

/** Sizes and offsets too large for 32 bits are in the entry's zip64 extra field (id 1), in this order. */
function readZip64Sizes(entry: ZipEntry, extra: Buffer): void {
  const keys = (['size', 'compressedSize', 'localOffset'] as const).filter((k) => entry[k] === 0xffffffff);
  if (keys.length === 0) return;
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === 1) {
      keys.forEach((k, i) => {
        if (at + 4 + (i + 1) * 8 > extra.length) throw notXlsx('The archive is damaged');
        entry[k] = safeNumber(extra.readBigUInt64LE(at + 4 + i * 8));
      });
      return;
    }
    at += 4 + length;
  }
}

/** A 64-bit size as a number; one past 2^53 is more than any cap, so it stays "too large". */
const safeNumber = (n: bigint) => (n > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(n));

/**
 * The bytes of one part, inflated as a stream (zlib works off the main thread) in chunks of at
 * most 16 kB. More bytes than the entry declared is a damaged (or hostile) archive: refused.
 */
export async function* entryChunks(buf: Buffer, entry: ZipEntry): AsyncGenerator<Buffer> {
  if (entry.flags & 1) throw notXlsx('The workbook is password-protected; save it without a password');
  const at = entry.localOffset;
  if (at + 30 > buf.length || buf.readUInt32LE(at) !== LOCAL) throw notXlsx('The archive is damaged');
  const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
  const data = buf.subarray(start, start + entry.compressedSize);
  if (data.length !== entry.compressedSize) throw notXlsx('The archive is damaged');

  const slices = function* () {
    for (let i = 0; i < data.length; i += SLICE_BYTES) yield data.subarray(i, i + SLICE_BYTES);
  };
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.size) throw notXlsx('The archive is damaged');
    yield* slices();
    return;
  }
  if (entry.method !== 8) throw notXlsx('The archive uses a compression XLSX files do not use');

  const source = Readable.from(slices(), { objectMode: false });
  const inflater = createInflateRaw();
  source.pipe(inflater);
  let inflated = 0;
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      inflated += chunk.length;
      if (inflated > entry.size) throw notXlsx('The archive is damaged: a part is larger than it says');
      yield chunk;
    }
  } catch (error) {
    if (error instanceof Error && 'errno' in error) throw notXlsx('The archive is damaged');
    throw error;
  } finally {
    source.unpipe(inflater);
    source.destroy();
    inflater.destroy();
  }
}
