import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { deflateRawSync, constants as zlibConstants } from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../test/multipart';
import { createTestApp, type TestApp } from '../test/test-app';
import { readSheet, sheetRows } from './spreadsheet';

/**
 * Issue 16, finding 2: spreadsheet bombs. Hostile files are built here, deterministically, and
 * sent through the real app's import (AI prompts at bulk-add). Each is refused with a 413 or 400
 * saying why, and the event loop is measured while the request runs: other requests wait less
 * than 100 ms behind it.
 */

// ---- a zip writer, just enough to build workbooks by hand (and to lie in them) ----

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (let i = 0; i < buf.length; i++) c = CRC_TABLE[(c ^ buf[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A part of the archive: deflated `data`, or `raw` deflate bytes with the size and CRC it declares. */
type Part = { name: string; data?: string | Buffer; raw?: Buffer; size?: number; crc?: number };
const FAST = 1; // deflate level: these files are large, and how well they are packed does not matter

function zip(parts: Part[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const data = typeof part.data === 'string' ? Buffer.from(part.data) : part.data;
    const body = part.raw ?? deflateRawSync(data ?? Buffer.alloc(0), { level: FAST });
    const size = part.size ?? data?.length ?? 0;
    const crc = part.crc ?? (data ? crc32(data) : 0);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(parts.length, 0xffff), 8);
  end.writeUInt16LE(Math.min(parts.length, 0xffff), 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** The parts every workbook has around its one worksheet. */
const WORKBOOK_PARTS: Part[] = [
  {
    name: '[Content_Types].xml',
    data:
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
      '</Types>',
  },
  {
    name: '_rels/.rels',
    data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  },
  {
    name: 'xl/workbook.xml',
    data: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Prompts" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  },
  {
    name: 'xl/_rels/workbook.xml.rels',
    data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
  },
];
const SHEET_HEAD = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>`;
const SHEET_TAIL = '</sheetData></worksheet>';
const HEADER_ROW =
  '<row r="1"><c r="A1" t="inlineStr"><is><t>Title</t></is></c><c r="B1" t="inlineStr"><is><t>Model</t></is></c>' +
  '<c r="C1" t="inlineStr"><is><t>Prompt</t></is></c></row>';

/** Deflate pieces that can be joined: each ends on a byte boundary and refers to nothing before it. */
const piece = (text: string) => deflateRawSync(Buffer.from(text), { finishFlush: zlibConstants.Z_FULL_FLUSH });

/**
 * A workbook whose cell A2 inflates to `megabytes` MB of "A": 1 MB deflated once (about 1 kB) and
 * repeated. The whole file is a few hundred kB.
 */
function cellBomb(megabytes: number, declaredSize?: number): Buffer {
  const open = `${SHEET_HEAD}${HEADER_ROW}<row r="2"><c r="A2" t="inlineStr"><is><t>`;
  const close = `</t></is></c></row>${SHEET_TAIL}`;
  const megabyte = piece('A'.repeat(1024 * 1024));
  const raw = Buffer.concat([
    piece(open),
    ...Array.from({ length: megabytes }, () => megabyte),
    deflateRawSync(Buffer.from(close)),
  ]);
  const size = open.length + megabytes * 1024 * 1024 + close.length;
  return zip([...WORKBOOK_PARTS, { name: 'xl/worksheets/sheet1.xml', raw, size: declaredSize ?? size, crc: 0 }]);
}

/**
 * A workbook of `rows` rows (77 MB of XML for a million), each numbered, so it does not deflate
 * to nothing. Written straight into one buffer: a 77 MB string would leave the garbage collector
 * work to do while the import is measured.
 */
function manyRows(rows: number): Buffer {
  const head = Buffer.from(SHEET_HEAD + HEADER_ROW);
  const tail = Buffer.from(SHEET_TAIL);
  const data = Buffer.allocUnsafe(head.length + tail.length + rows * 80);
  let at = head.copy(data);
  for (let r = 2; r <= rows + 1; r++) {
    at += data.write(`<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>Prompt</t></is></c></row>`, at, 'latin1');
  }
  at += tail.copy(data, at);
  return zip([...WORKBOOK_PARTS, { name: 'xl/worksheets/sheet1.xml', data: data.subarray(0, at), crc: 0 }]); // a CRC of 77 MB takes long
}

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('ADMIN');
  // The first answer of a test app compiles its OpenAPI answer checks (and the first import warms
  // the code): neither is what is measured here.
  const warm = await importMeasured(Buffer.from('Title,Model,Prompt\r\nWarm,gpt-4,Hello\r\n'), 'warm.csv');
  expect(warm.res.statusCode).toBe(200);
});
afterAll(() => t.close());

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A request body as a socket delivers it: 64 kB at a time, each in its own turn of the event loop. */
const asFromASocket = (body: Buffer) =>
  Readable.from(
    (async function* () {
      for (let i = 0; i < body.length; i += 64 * 1024) {
        yield body.subarray(i, i + 64 * 1024);
        await nextTurn();
      }
    })(),
  );

/**
 * CPU time of the thread running the event loop, in ms: Linux's schedstat for this thread
 * (nanoseconds), or elsewhere the whole process's (which also counts zlib's, the JIT's and the
 * garbage collector's threads, so it errs long, never short).
 */
const loopThreadCpuMs = (() => {
  const schedstat = '/proc/thread-self/schedstat';
  try {
    readFileSync(schedstat);
    return () => Number(readFileSync(schedstat, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return () => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1000;
    };
  }
})();

/**
 * Uploads `file` to the import and measures the longest the event loop was held while it ran: a
 * 1 ms interval notes the loop thread's CPU time at each turn, and the most spent between two
 * turns is how long other requests waited behind the import. CPU time rather than wall time
 * because the machines running these tests are shared: there a turn also waits for a free core,
 * which says nothing about this code.
 */
async function importMeasured(file: Buffer, filename: string) {
  const type = filename.endsWith('.csv') ? 'text/csv' : XLSX_TYPE;
  const cpu = loopThreadCpuMs;
  let last = cpu();
  let maxDelayMs = 0;
  const probe = setInterval(() => {
    const now = cpu();
    maxDelayMs = Math.max(maxDelayMs, now - last);
    last = now;
  }, 1);
  const started = performance.now();
  try {
    const { payload, headers } = multipart('file', filename, file, type);
    const res = await t.call({
      method: 'POST',
      url: '/admin/ai-prompt/bulk-add?dryRun=true',
      token: admin,
      headers,
      payload: asFromASocket(payload),
    });
    maxDelayMs = Math.max(maxDelayMs, cpu() - last);
    return { res, maxDelayMs, ms: performance.now() - started };
  } finally {
    clearInterval(probe);
  }
}

describe('hostile spreadsheets are refused without holding the server (issue 16)', () => {
  it('a small XLSX whose one cell inflates to hundreds of MB: refused at the cell limit, not inflated', async () => {
    const file = cellBomb(300, 100 * 1024 * 1024); // declares 100 MB, under the cap: only reading tells
    expect(file.length).toBeLessThan(400 * 1024);
    const { res, maxDelayMs } = await importMeasured(file, 'prompts.xlsx');
    expect(res.statusCode).toBe(413);
    expect(maxDelayMs).toBeLessThan(100);
    expect(res.json().message).toBe('The cell at row 2, column A is longer than 32,767 characters');
  });

  it('the same bomb declaring its real size: refused from the central directory, before inflating', async () => {
    const { res, maxDelayMs, ms } = await importMeasured(cellBomb(300), 'prompts.xlsx');
    expect(res.statusCode).toBe(413);
    expect(maxDelayMs).toBeLessThan(100);
    expect(res.json().message).toBe('The workbook unpacks to more than 128 MB; split it into smaller files');
    expect(ms).toBeLessThan(1000);
  });

  it('a part that inflates past the size it declares: refused as damaged', async () => {
    const { res } = await importMeasured(cellBomb(3, 64 * 1024), 'prompts.xlsx');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'The file is not a readable XLSX workbook',
      issues: [{ path: ['file'], message: 'The archive is damaged: a part is larger than it says' }],
    });
  });

  it('a ~5 MB XLSX with a million rows: refused at the row limit as soon as it is passed', {
    timeout: 90_000,
  }, async () => {
    const file = manyRows(1_000_000);
    expect(file.length).toBeGreaterThan(3 * 1024 * 1024);
    expect(file.length).toBeLessThan(5 * 1024 * 1024);
    const { res, maxDelayMs } = await importMeasured(file, 'prompts.xlsx');
    expect(res.statusCode).toBe(413);
    expect(maxDelayMs).toBeLessThan(100);
    expect(res.json().message).toBe('The file has more than 5,000 rows; import at most 5,000 at a time');
  });

  it('a zip of thousands of parts: refused from the central directory', async () => {
    const parts = Array.from({ length: 5000 }, (_, i) => ({ name: `xl/media/image${i}.png`, data: 'x' }));
    const { res, maxDelayMs } = await importMeasured(zip([...WORKBOOK_PARTS, ...parts]), 'prompts.xlsx');
    expect(res.statusCode).toBe(413);
    expect(maxDelayMs).toBeLessThan(100);
    expect(res.json().message).toBe('The workbook has 5,004 parts; at most 1,000 are read');
  });

  it('a CSV with a giant cell: refused while the row is read', async () => {
    const file = Buffer.from(`Title,Model,Prompt\r\nBig,gpt-4,${'A'.repeat(4 * 1024 * 1024)}\r\n`);
    const { res, maxDelayMs } = await importMeasured(file, 'prompts.csv');
    expect(res.statusCode).toBe(413);
    expect(maxDelayMs).toBeLessThan(100);
    expect(res.json().message).toBe('Row 2 is longer than 1 MB; a cell holds at most 32,767 characters');
  });

  it('a CSV cell over the cell limit in a row under the row limit: refused naming the cell', async () => {
    const file = Buffer.from(`Title,Model,Prompt\r\nBig,gpt-4,ok\r\nBigger,${'A'.repeat(40_000)},x\r\n`);
    const { res } = await importMeasured(file, 'prompts.csv');
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The cell at row 3, column B is longer than 32,767 characters');
  });

  it('a CSV with a million rows: refused at the row limit as soon as it is passed', async () => {
    const file = Buffer.from(`Title,Model\n${'a,b\n'.repeat(1_000_000)}`); // 4 MB, under the upload cap
    const { res, maxDelayMs } = await importMeasured(file, 'prompts.csv');
    expect(res.statusCode).toBe(413);
    expect(maxDelayMs).toBeLessThan(100);
    expect(res.json().message).toBe('The file has more than 5,000 rows; import at most 5,000 at a time');
  });
});

describe('the reader', () => {
  it('reads what exceljs writes: shared and rich strings, numbers, booleans, dates, formulas as their text', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Prompts');
    const sheet = book.worksheets[0];
    sheet.addRow(['Title', 'Number', 'When', 'Formula', 'Yes']);
    sheet.addRow(['Plain', 42.5, new Date(Date.UTC(2026, 10, 27, 9, 30)), null, true]);
    sheet.getCell('D2').value = { formula: 'B2*2', result: 85 } as ExcelJS.CellFormulaValue;
    sheet.addRow([{ richText: [{ text: 'Rich ' }, { text: 'text', font: { bold: true } }] }, 0, null, null, false]);
    sheet.addRow([]);
    sheet.addRow(['After a blank row']);
    book.addWorksheet('Second').addRow(['not read']);
    const buf = Buffer.from(await book.xlsx.writeBuffer());
    const rows = [];
    for await (const row of sheetRows(buf, 'book.xlsx', { maxRows: 10 })) rows.push(row);
    expect(rows).toEqual([
      { row: 1, cells: ['Title', 'Number', 'When', 'Formula', 'Yes'] },
      { row: 2, cells: ['Plain', '42.5', '2026-11-27T09:30:00.000Z', '=B2*2', 'true'] },
      { row: 3, cells: ['Rich text', '0', '', '', 'false'] },
      { row: 5, cells: ['After a blank row'] },
    ]);
  });

  it('keeps a shared formula as the text each cell reads (references moved as Excel moves them)', async () => {
    const sheetXml =
      `${SHEET_HEAD}<row r="1"><c r="A1" t="inlineStr"><is><t>Sum</t></is></c></row>` +
      '<row r="2"><c r="A2"><f t="shared" ref="A2:A4" si="0">B2+$C$1+SUM(B2:B3)</f><v>1</v></c></row>' +
      '<row r="3"><c r="A3"><f t="shared" si="0"/><v>2</v></c></row>' +
      `<row r="4"><c r="A4"><f t="shared" si="0"/><v>3</v></c></row>${SHEET_TAIL}`;
    const buf = zip([...WORKBOOK_PARTS, { name: 'xl/worksheets/sheet1.xml', data: sheetXml }]);
    const sheet = await readSheet(buf, 'f.xlsx', 10);
    expect(sheet.rows).toEqual([['=B2+$C$1+SUM(B2:B3)'], ['=B3+$C$1+SUM(B3:B4)'], ['=B4+$C$1+SUM(B4:B5)']]);
  });

  it('refuses a shared string over the cell limit, and a DTD', async () => {
    const strings = `<?xml version="1.0"?><sst xmlns="${MAIN}"><si><t>${'x'.repeat(40_000)}</t></si></sst>`;
    const rels = `<?xml version="1.0"?><Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`;
    const parts = WORKBOOK_PARTS.map((p) => (p.name === 'xl/_rels/workbook.xml.rels' ? { ...p, data: rels } : p));
    const withStrings = zip([
      ...parts,
      { name: 'xl/sharedStrings.xml', data: strings },
      {
        name: 'xl/worksheets/sheet1.xml',
        data: `${SHEET_HEAD}<row r="1"><c r="A1" t="s"><v>0</v></c></row>${SHEET_TAIL}`,
      },
    ]);
    await expect(readSheet(withStrings, 's.xlsx', 10)).rejects.toMatchObject({
      statusCode: 413,
      message: 'The file has a cell longer than 32,767 characters',
    });
    const dtd = zip([
      ...WORKBOOK_PARTS,
      {
        name: 'xl/worksheets/sheet1.xml',
        data: `<?xml version="1.0"?><!DOCTYPE lol [<!ENTITY lol "lol">]><worksheet xmlns="${MAIN}"><sheetData/></worksheet>`,
      },
    ]);
    await expect(readSheet(dtd, 'd.xlsx', 10)).rejects.toMatchObject({
      statusCode: 400,
      issues: [{ path: ['file'], message: 'A part of the workbook declares a DTD' }],
    });
  });

  it('refuses a file that is not a workbook, and a worksheet that is not XML, as unreadable (400)', async () => {
    await expect(readSheet(Buffer.from('Title\r\nx\r\n'), 'p.xlsx', 10)).rejects.toMatchObject({
      statusCode: 400,
      message: 'The file is not a readable XLSX workbook',
      issues: [{ path: ['file'], message: 'Not an XLSX file' }],
    });
    const broken = zip([...WORKBOOK_PARTS, { name: 'xl/worksheets/sheet1.xml', data: `${SHEET_HEAD}<row><c>` }]);
    await expect(readSheet(broken, 'b.xlsx', 10)).rejects.toMatchObject({
      statusCode: 400,
      issues: [{ path: ['file'], message: 'A part of the workbook is not readable XML' }],
    });
  });

  it('refuses a value past the last column read, and lets a caller stop early', async () => {
    const wide = Buffer.from(`a,b\r\n1,2${','.repeat(1000)}3\r\n`);
    await expect(readSheet(wide, 'w.csv', 10)).rejects.toMatchObject({
      statusCode: 413,
      message: 'Row 2 has a value past column 1,000; at most 1,000 columns are read',
    });
    const rows: string[][] = [];
    for await (const { cells } of sheetRows(Buffer.from('h\r\n1\r\n2\r\n3\r\n'), 'x.csv', { maxRows: 1 })) {
      rows.push(cells);
      if (rows.length === 2) break; // the header and one row: the third is never reached
    }
    expect(rows).toEqual([['h'], ['1']]);
  });
});
