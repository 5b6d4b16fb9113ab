import { SaxesParser } from 'saxes';
import { AppError } from '../errors';
import { cellTooLong, type Limits, MAX_PIECE_CHARS, notXlsx, pacer, tooManyColumns } from './limits';
import { entryChunks, readZipEntries, type ZipEntry } from './zip';

/** A row of a sheet as the spreadsheet numbers it, and its cells as text. */
export type SheetRow = { row: number; cells: string[] };

type Attributes = Record<string, string>;
type Handlers = {
  open?: (name: string, attributes: Attributes) => void;
  close?: (name: string) => void;
  text?: (text: string) => void;
  /** The error for a piece of text over `MAX_PIECE_CHARS` where the parser is now. */
  tooLong?: () => AppError;
};

/**
 * The rows of the first worksheet of an XLSX workbook, streamed: the zip's central directory is
 * checked before anything is inflated, each part is inflated and parsed in chunks (a SAX parser,
 * so no part is ever held whole), and the reader lets other requests in between chunks. Nothing
 * is evaluated: a formula cell is its formula text.
 */
export async function* xlsxRows(buf: Buffer, limits: Limits): AsyncGenerator<SheetRow> {
  const entries = readZipEntries(buf, limits.maxParts, limits.maxUnpackedBytes);
  const part = (name: string | undefined) => (name === undefined ? undefined : entries.get(name));
  const parse = async (entry: ZipEntry | undefined, handlers: Handlers) => {
    if (entry) for await (const _ of parsePart(buf, entry, handlers));
  };

  const office = await readRelationships(part('_rels/.rels'), '', parse);
  const workbookName = office.find((r) => r.type.endsWith('/officeDocument'))?.target ?? 'xl/workbook.xml';
  const slash = workbookName.lastIndexOf('/');
  const dir = workbookName.slice(0, slash + 1);
  const related = await readRelationships(part(`${dir}_rels/${workbookName.slice(slash + 1)}.rels`), dir, parse);
  const byId = new Map(related.map((r) => [r.id, r]));

  let date1904 = false;
  let firstSheet: string | undefined;
  await parse(part(workbookName), {
    open(name, attributes) {
      if (name === 'workbookPr') date1904 = ['1', 'true'].includes(attributes.date1904 ?? '');
      if (name === 'sheet' && firstSheet === undefined) {
        const id = Object.entries(attributes).find(([k]) => k.endsWith(':id'))?.[1];
        const rel = id === undefined ? undefined : byId.get(id);
        if (rel?.type.endsWith('/worksheet')) firstSheet = rel.target;
      }
    },
  });
  const sheet = part(firstSheet);
  if (!sheet) return;

  const strings = await readSharedStrings(
    part(related.find((r) => r.type.endsWith('/sharedStrings'))?.target),
    limits,
    parse,
  );
  const dateStyles = await readDateStyles(part(related.find((r) => r.type.endsWith('/styles'))?.target), parse);

  const rows: SheetRow[] = [];
  const cells = new SheetCells(limits, strings, dateStyles, date1904, (row) => rows.push(row));
  for await (const _ of parsePart(buf, sheet, cells.handlers)) {
    yield* rows;
    rows.length = 0;
  }
  yield* rows;
}

/**
 * Text handed to the parser at a time: zlib's 16 kB chunks cost saxes up to ~40 ms before the JIT
 * has warmed to it (a busy 2-core machine); a quarter of that stays well inside the slice.
 */
const PARSE_SLICE_CHARS = 4096;

/** Reads one part, calling the handlers; yields after each slice, and lets other requests in. */
async function* parsePart(buf: Buffer, entry: ZipEntry, handlers: Handlers): AsyncGenerator<void> {
  const parser = new SaxesParser({ xmlns: false });
  let sawEvent = false;
  const local = (name: string) => name.slice(name.indexOf(':') + 1);
  parser.on('opentag', (tag) => {
    sawEvent = true;
    handlers.open?.(local(tag.name), tag.attributes as Attributes);
  });
  parser.on('closetag', (tag) => {
    sawEvent = true;
    handlers.close?.(local(tag.name));
  });
  parser.on('text', (text) => {
    sawEvent = true;
    handlers.text?.(text);
  });
  parser.on('cdata', (text) => {
    sawEvent = true;
    handlers.text?.(text);
  });
  parser.on('comment', () => {
    sawEvent = true;
  });
  // Workbooks have no DTD; one could only be there to play with entities.
  parser.on('doctype', () => {
    throw notXlsx('A part of the workbook declares a DTD');
  });
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const pace = pacer();
  let piece = 0;
  const write = (text: string) => {
    try {
      parser.write(text);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw notXlsx('A part of the workbook is not readable XML');
    }
  };
  for await (const chunk of entryChunks(buf, entry)) {
    let text: string;
    try {
      text = decoder.decode(chunk, { stream: true });
    } catch {
      throw notXlsx('A part of the workbook is not UTF-8 text');
    }
    for (let i = 0; i < text.length; i += PARSE_SLICE_CHARS) {
      const slice = text.slice(i, i + PARSE_SLICE_CHARS);
      write(slice);
      // No event while this much text went in: one text, tag or comment is that long.
      piece = sawEvent ? 0 : piece + slice.length;
      sawEvent = false;
      if (piece > MAX_PIECE_CHARS)
        throw handlers.tooLong?.() ?? notXlsx('A part of the workbook has an element over 1 MB');
      yield;
      await pace();
    }
  }
  write(decoder.decode());
  try {
    parser.close();
  } catch {
    throw notXlsx('A part of the workbook is not readable XML');
  }
}

type Parse = (entry: ZipEntry | undefined, handlers: Handlers) => Promise<void>;
type Relationship = { id: string; type: string; target: string };

/** A part's relationships, targets resolved against `dir` (the folder of the part they belong to). */
async function readRelationships(entry: ZipEntry | undefined, dir: string, parse: Parse): Promise<Relationship[]> {
  const out: Relationship[] = [];
  await parse(entry, {
    open(name, a) {
      if (name === 'Relationship' && a.Id !== undefined && a.Target !== undefined && a.TargetMode !== 'External') {
        out.push({ id: a.Id, type: a.Type ?? '', target: resolvePath(dir, a.Target) });
      }
    },
  });
  return out;
}

function resolvePath(dir: string, target: string): string {
  const parts = target.startsWith('/') ? [] : dir.split('/').filter(Boolean);
  for (const p of target.split('/')) {
    if (p === '..') parts.pop();
    else if (p && p !== '.') parts.push(p);
  }
  return parts.join('/');
}

/** The workbook's shared strings, each capped at the cell limit (phonetic runs left out). */
async function readSharedStrings(entry: ZipEntry | undefined, limits: Limits, parse: Parse): Promise<string[]> {
  const strings: string[] = [];
  let current = '';
  let inText = false;
  let phonetic = 0;
  await parse(entry, {
    open(name) {
      if (name === 'si') current = '';
      else if (name === 't') inText = true;
      else if (name === 'rPh') phonetic += 1;
    },
    close(name) {
      if (name === 'si') strings.push(current);
      else if (name === 't') inText = false;
      else if (name === 'rPh') phonetic -= 1;
    },
    text(text) {
      if (!inText || phonetic > 0) return;
      current += text;
      if (current.length > limits.maxCellChars) throw cellTooLong(limits.maxCellChars);
    },
    tooLong: () => cellTooLong(limits.maxCellChars),
  });
  return strings;
}

/** Excel's built-in date and time formats (exceljs reads these as dates, and so do we). */
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

/** A number format that shows a date or time: a date part outside quotes and brackets. */
export const isDateFormat = (code: string) => /[ymdhsb]/i.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));

/** The indexes of the cell styles (`s`) whose number format is a date. */
async function readDateStyles(entry: ZipEntry | undefined, parse: Parse): Promise<Set<number>> {
  const custom = new Map<number, string>();
  const formatOfStyle: number[] = [];
  let inCellXfs = false;
  await parse(entry, {
    open(name, a) {
      if (name === 'numFmt' && a.numFmtId !== undefined) custom.set(Number(a.numFmtId), a.formatCode ?? '');
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) formatOfStyle.push(Number(a.numFmtId ?? 0));
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  const dates = new Set<number>();
  formatOfStyle.forEach((id, style) => {
    const code = custom.get(id);
    if (code === undefined ? BUILT_IN_DATE_FORMATS.has(id) : isDateFormat(code)) dates.add(style);
  });
  return dates;
}

/** Reads `<sheetData>`: cells into rows of text, handing each row on as it closes. */
class SheetCells {
  private row = 0;
  private cells: string[] = [];
  private column = 0;
  private type = 'n';
  private style = 0;
  private value = '';
  private inline = '';
  private formula: string | undefined;
  private formulaAttributes: Attributes = {};
  private in: 'v' | 'f' | 't' | undefined;
  private inCell = false;
  private phonetic = 0;
  /** Shared formulas by their `si`: the master's text and where it is. */
  private readonly shared = new Map<string, { text: string; row: number; column: number }>();

  constructor(
    private readonly limits: Limits,
    private readonly strings: string[],
    private readonly dateStyles: Set<number>,
    private readonly date1904: boolean,
    private readonly emit: (row: SheetRow) => void,
  ) {}

  private where = () => `row ${this.row}, column ${columnName(this.column)}`;

  readonly handlers: Handlers = {
    open: (name, a) => {
      switch (name) {
        case 'row':
          this.row = a.r === undefined ? this.row + 1 : Number.parseInt(a.r, 10);
          if (!Number.isSafeInteger(this.row) || this.row < 1) throw notXlsx('A row number is not valid');
          this.cells = [];
          this.column = 0;
          break;
        case 'c':
          this.column = a.r === undefined ? this.column + 1 : columnOf(a.r);
          this.type = a.t ?? 'n';
          this.style = a.s === undefined ? 0 : Number(a.s);
          this.value = '';
          this.inline = '';
          this.formula = undefined;
          this.formulaAttributes = {};
          this.inCell = true;
          break;
        case 'f':
          this.formula = '';
          this.formulaAttributes = a;
          this.in = 'f';
          break;
        case 'v':
          this.in = 'v';
          break;
        case 't':
          if (this.inCell) this.in = 't';
          break;
        case 'rPh':
          this.phonetic += 1;
          break;
      }
    },
    close: (name) => {
      if (name === 'f' || name === 'v' || name === 't') this.in = undefined;
      else if (name === 'rPh') this.phonetic -= 1;
      else if (name === 'c') {
        this.inCell = false;
        const text = this.cellText();
        if (text !== '') {
          if (this.column > this.limits.maxColumns) throw tooManyColumns(this.row, this.limits.maxColumns);
          this.cells[this.column - 1] = text;
        }
      } else if (name === 'row') {
        if (this.cells.length > 0) this.emit({ row: this.row, cells: Array.from(this.cells, (c) => c ?? '') });
        this.cells = [];
      }
    },
    text: (text) => {
      if (!this.inCell || this.in === undefined) return;
      let length: number;
      if (this.in === 'f') {
        this.formula = `${this.formula ?? ''}${text}`;
        length = this.formula.length;
      } else if (this.in === 'v') {
        this.value += text;
        length = this.value.length;
      } else if (this.phonetic === 0) {
        this.inline += text;
        length = this.inline.length;
      } else return;
      if (length > this.limits.maxCellChars) throw cellTooLong(this.limits.maxCellChars, this.where());
    },
    tooLong: () =>
      this.inCell
        ? cellTooLong(this.limits.maxCellChars, this.where())
        : notXlsx('The worksheet has an element over 1 MB'),
  };

  private cellText(): string {
    const f = this.formula;
    const { t: shareType, si } = this.formulaAttributes;
    if (f !== undefined && shareType === 'shared' && si !== undefined) {
      if (f !== '') {
        this.shared.set(si, { text: f, row: this.row, column: this.column });
        return `=${f}`;
      }
      const master = this.shared.get(si);
      if (master) return `=${slideFormula(master.text, this.row - master.row, this.column - master.column)}`;
    } else if (f) {
      return `=${f}`;
    }
    const v = this.value;
    switch (this.type) {
      case 's':
        return v === '' ? '' : (this.strings[Number.parseInt(v, 10)] ?? '');
      case 'inlineStr':
        return this.inline;
      case 'b':
        return v === '' ? '' : String(Number.parseInt(v, 10) !== 0);
      case 'str':
      case 'e':
      case 'd':
        return v;
      default: {
        if (v === '') return '';
        const n = Number.parseFloat(v);
        if (!Number.isFinite(n)) return v;
        if (!this.dateStyles.has(this.style)) return String(n);
        // As exceljs reads it: days since 1899-12-30 (or 1904-01-01), to the millisecond, in UTC.
        const date = new Date(Math.round((n - 25569 + (this.date1904 ? 1462 : 0)) * 86_400_000));
        return Number.isNaN(date.getTime()) ? String(n) : date.toISOString();
      }
    }
  }
}

/** Excel's widest sheet: column XFD. */
const LAST_COLUMN = 16_384;

/** The column number of a cell reference (`C7` is 3). */
function columnOf(ref: string): number {
  let column = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const code = ref.charCodeAt(i) & ~32; // upper case
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
    if (column > LAST_COLUMN) break;
  }
  if (i === 0 || column > LAST_COLUMN) throw notXlsx(`The cell reference "${ref.slice(0, 20)}" is not valid`);
  return column;
}

/** The letters of a column number (3 is `C`). */
export function columnName(column: number): string {
  let name = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/**
 * A shared formula as the cell `rows` down and `columns` right of its master reads it: relative
 * references move, `$` ones stay (as exceljs's slideFormula; names and functions are left alone).
 */
export function slideFormula(formula: string, rows: number, columns: number): string {
  return formula.replace(/(([a-z_\-0-9]*)!)?([a-z0-9_$]{2,})([(])?/gi, (match, sheet, _name, address, call) => {
    if (call) return match;
    const ref = /^([$])?([a-z]+)([$])?([1-9][0-9]*)$/i.exec(address);
    if (!ref) return match;
    const [, colDollar = '', letters, rowDollar = '', rowText] = ref;
    if (letters.length > 3 || (letters.length === 3 && letters.toUpperCase() > 'XFD')) return match;
    const column = columnOf(letters) + (colDollar ? 0 : columns);
    const row = Number(rowText) + (rowDollar ? 0 : rows);
    if (column < 1 || row < 1) return match;
    return `${sheet ?? ''}${colDollar}${columnName(column)}${rowDollar}${row}`;
  });
}
