import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { cellTooLong, type Limits, MAX_PIECE_CHARS, notCsv, pacer, rowTooLong, tooManyColumns } from './limits';
import { columnName, type SheetRow } from './xlsx-rows';

/**
 * Small slices: csv-parse handles each in one go, records and all, at ~10 µs a record once the
 * JIT has warmed to it and several times that before; 1 kB of one-character cells (250 records)
 * stays inside the slice either way.
 */
const SLICE_BYTES = 1024;

/**
 * The records of a CSV file (UTF-8 with or without BOM, CRLF or LF, quoted separators and
 * newlines), parsed as a stream in small slices with turns for other requests between them. A
 * row is capped while it is read (`MAX_PIECE_CHARS`), its cells and columns once it is whole.
 */
export async function* csvRows(buf: Buffer, limits: Limits): AsyncGenerator<SheetRow> {
  // Lenient about stray quotes inside unquoted cells (hand-edited files), strict about everything else.
  const parser = parse({
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    max_record_size: MAX_PIECE_CHARS,
  });
  const pace = pacer();
  // The slices are handed over with turns for other requests between them: a cell that never
  // ends gives no record to wait on, and the parser would otherwise take slice after slice.
  const source = Readable.from(
    (async function* () {
      for (let i = 0; i < buf.length; i += SLICE_BYTES) {
        yield buf.subarray(i, i + SLICE_BYTES);
        await pace();
      }
    })(),
    { objectMode: false },
  );
  source.pipe(parser);
  let row = 0;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      row += 1;
      let last = -1;
      cells.forEach((cell, i) => {
        if (cell.length > limits.maxCellChars) {
          throw cellTooLong(limits.maxCellChars, `row ${row}, column ${columnName(i + 1)}`);
        }
        if (cell !== '') last = i;
      });
      if (last >= limits.maxColumns) throw tooManyColumns(row, limits.maxColumns);
      yield { row, cells };
      await pace();
    }
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    // The records before it may still be waiting to be read: the parser counts them.
    if (error.code === 'CSV_MAX_RECORD_SIZE') throw rowTooLong(Number(error.records ?? row) + 1);
    throw notCsv(error.message);
  } finally {
    source.unpipe(parser);
    source.destroy();
    parser.destroy();
  }
}
