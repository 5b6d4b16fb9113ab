import { setImmediate as nextTurn } from 'node:timers/promises';
import { formatBytes } from '@cohort/domain';
import { AppError, badRequest } from '../errors';

/**
 * How much of a spreadsheet is read before it is refused (decision 027). The caller names the
 * rows; the rest have defaults meant for every import.
 */
export type SheetLimits = {
  /** Data rows (the header not counted): one more is a 413. */
  maxRows: number;
  /** Characters in one cell. */
  maxCellChars?: number;
  /** The rightmost column that may hold a value. */
  maxColumns?: number;
  /** What an XLSX file may unpack to, all its parts together, as declared and as inflated. */
  maxUnpackedBytes?: number;
  /** Parts (zip entries) of an XLSX file. */
  maxParts?: number;
};

/** Excel's own limit: a cell holds at most 32,767 characters. */
export const MAX_CELL_CHARS = 32_767;
/**
 * Imports have a few dozen columns. Only cells holding a value count, so a column formatted to
 * the sheet's edge is fine; a value there would make every row that wide.
 */
export const MAX_COLUMNS = 1_000;
/**
 * A workbook's XML unpacks to 5-10 times its zipped size, so an upload of `UPLOAD_MAX_BYTES`
 * (5 MB) stays well under this; a bomb is refused from its declared sizes before any inflating.
 */
export const MAX_UNPACKED_BYTES = 128 * 1024 * 1024;
/** A workbook has a dozen parts, a few hundred with many sheets and pictures. */
export const MAX_PARTS = 1_000;
/**
 * Text read in one piece (a CSV row, an XML text node or tag) before it is refused: a row of
 * cells at the cell limit, or one such cell written as XML character references. Nothing holds
 * more than this while it is being read.
 */
export const MAX_PIECE_CHARS = 1024 * 1024;
/** The longest the reader runs before it lets other requests in. */
const SLICE_MS = 10;

export type Limits = Required<SheetLimits>;

export function withDefaults(limits: SheetLimits): Limits {
  return {
    maxCellChars: MAX_CELL_CHARS,
    maxColumns: MAX_COLUMNS,
    maxUnpackedBytes: MAX_UNPACKED_BYTES,
    maxParts: MAX_PARTS,
    ...limits,
  };
}

const tooLarge = (message: string) => new AppError(413, 'PAYLOAD_TOO_LARGE', message);
const count = (n: number) => n.toLocaleString('en-US');

export const tooManyRows = (maxRows: number) =>
  tooLarge(`The file has more than ${count(maxRows)} rows; import at most ${count(maxRows)} at a time`);

/** `where` is "row 2, column C" when the reader knows, or nothing (a shared string of an XLSX). */
export const cellTooLong = (maxCellChars: number, where?: string) =>
  tooLarge(
    where
      ? `The cell at ${where} is longer than ${count(maxCellChars)} characters`
      : `The file has a cell longer than ${count(maxCellChars)} characters`,
  );

export const rowTooLong = (row: number) =>
  tooLarge(
    `Row ${row} is longer than ${formatBytes(MAX_PIECE_CHARS)}; a cell holds at most ${count(MAX_CELL_CHARS)} characters`,
  );

export const tooManyColumns = (row: number, maxColumns: number) =>
  tooLarge(`Row ${row} has a value past column ${count(maxColumns)}; at most ${count(maxColumns)} columns are read`);

export const tooManyParts = (parts: number, maxParts: number) =>
  tooLarge(`The workbook has ${count(parts)} parts; at most ${count(maxParts)} are read`);

export const unpacksTooLarge = (maxBytes: number) =>
  tooLarge(`The workbook unpacks to more than ${formatBytes(maxBytes)}; split it into smaller files`);

export const notXlsx = (reason: string) =>
  badRequest('The file is not a readable XLSX workbook', [{ path: ['file'], message: reason }]);

export const notCsv = (reason: string) =>
  badRequest('The file is not readable CSV', [{ path: ['file'], message: reason.slice(0, 200) }]);

/**
 * Lets other requests in once the reader has run for `SLICE_MS` since it last did: call it between
 * pieces of work. An awaited promise that is already settled does not let anything in; this does.
 */
export function pacer(sliceMs = SLICE_MS): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await nextTurn();
    since = performance.now();
  };
}
