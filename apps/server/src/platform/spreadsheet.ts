import { parse } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import { cleanText } from './db-errors';
import { AppError, badRequest } from './errors';

/** A spreadsheet as header names and rows of text, whatever its format. */
export type Sheet = { headers: string[]; rows: string[][] };

const XLSX_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]); // a zip container

/**
 * Reads CSV (UTF-8 with or without BOM, CRLF or LF, quoted separators and newlines) or XLSX
 * (the first worksheet) into text. Nothing is evaluated: an XLSX formula cell is kept as its
 * formula text (`=SUM(A1:A2)`), never as a computed result.
 */
export async function readSheet(buf: Buffer, filename: string | undefined, maxRows: number): Promise<Sheet> {
  const isXlsx = buf.subarray(0, 4).equals(XLSX_MAGIC) || /\.xlsx$/i.test(filename ?? '');
  const table = isXlsx ? await readXlsx(buf) : readCsv(buf);
  const [head = [], ...rows] = table.filter((r) => r.some((c) => c.trim() !== ''));
  if (head.length === 0)
    throw badRequest('The file is empty', [{ path: ['file'], message: 'The file has no header row' }]);
  if (rows.length > maxRows) {
    throw new AppError(413, 'PAYLOAD_TOO_LARGE', `The file has ${rows.length} rows; at most ${maxRows} at a time`);
  }
  return { headers: head.map((h) => cleanText(h).trim()), rows: rows.map((r) => r.map((c) => cleanText(c))) };
}

function readCsv(buf: Buffer): string[][] {
  try {
    // Lenient about stray quotes inside unquoted cells (hand-edited files), strict about everything else.
    return parse(buf, {
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
    }) as string[][];
  } catch (e) {
    throw badRequest('The file is not readable CSV', [{ path: ['file'], message: (e as Error).message.slice(0, 200) }]);
  }
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('formula' in value && value.formula) return `=${value.formula}`;
    if ('sharedFormula' in value && value.sharedFormula) return `=${value.sharedFormula}`;
    if ('richText' in value) return value.richText.map((t) => t.text).join('');
    if ('text' in value) return String(value.text);
    if ('error' in value) return String(value.error);
    return '';
  }
  return String(value);
}

async function readXlsx(buf: Buffer): Promise<string[][]> {
  // exceljs (~28 MB) loads at the first spreadsheet, not with the server.
  const { default: Excel } = await import('exceljs');
  const book = new Excel.Workbook();
  try {
    await book.xlsx.load(buf as unknown as ArrayBuffer);
  } catch {
    throw badRequest('The file is not a readable XLSX workbook', [{ path: ['file'], message: 'Not an XLSX file' }]);
  }
  const sheet = book.worksheets[0];
  if (!sheet) return [];
  const out: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= row.cellCount; c++) cells.push(cellText(row.getCell(c).value));
    out.push(cells);
  });
  return out;
}
