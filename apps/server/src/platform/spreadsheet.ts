import { cleanText } from './db-errors';
import { badRequest } from './errors';
import { csvRows } from './sheets/csv-rows';
import { type SheetLimits, tooManyRows, withDefaults } from './sheets/limits';
import { type SheetRow, xlsxRows } from './sheets/xlsx-rows';

export { MAX_CELL_CHARS, MAX_COLUMNS, MAX_PARTS, MAX_UNPACKED_BYTES, type SheetLimits } from './sheets/limits';
export type { SheetRow } from './sheets/xlsx-rows';

/** A spreadsheet as header names and rows of text, whatever its format. */
export type Sheet = { headers: string[]; rows: string[][] };

const XLSX_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]); // a zip container

/**
 * The rows of a CSV or XLSX file (the first worksheet) as text, one at a time, read as a stream
 * within `limits` (decision 027): the header row first, blank rows skipped. More than
 * `maxRows` data rows, a cell, row or workbook past its cap is a 413 as soon as it is met; an
 * unreadable file a 400. The reader never holds the event loop for more than a few
 * milliseconds at a time. Nothing is evaluated: an XLSX formula cell is its formula text
 * (`=SUM(A1:A2)`), never a computed result.
 */
export async function* sheetRows(
  buf: Buffer,
  filename: string | undefined,
  limits: SheetLimits,
): AsyncGenerator<SheetRow> {
  const all = withDefaults(limits);
  const isXlsx = buf.subarray(0, 4).equals(XLSX_MAGIC) || /\.xlsx$/i.test(filename ?? '');
  let kept = 0;
  for await (const row of isXlsx ? xlsxRows(buf, all) : csvRows(buf, all)) {
    if (row.cells.every((c) => c.trim() === '')) continue;
    // The header and `maxRows` rows after it.
    if (++kept > all.maxRows + 1) throw tooManyRows(all.maxRows);
    yield row;
  }
}

/** The whole sheet: header names and rows, text cleaned of control characters (see `sheetRows`). */
export async function readSheet(
  buf: Buffer,
  filename: string | undefined,
  maxRows: number,
  limits: Omit<SheetLimits, 'maxRows'> = {},
): Promise<Sheet> {
  let headers: string[] | undefined;
  const rows: string[][] = [];
  for await (const { cells } of sheetRows(buf, filename, { ...limits, maxRows })) {
    if (headers) rows.push(cells.map((c) => cleanText(c)));
    else headers = cells.map((h) => cleanText(h).trim());
  }
  if (!headers) throw badRequest('The file is empty', [{ path: ['file'], message: 'The file has no header row' }]);
  return { headers, rows };
}
