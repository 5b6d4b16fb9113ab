import fs from 'node:fs';
import path from 'node:path';
import { SEED_ASSETS_DIR } from '../paths';

/** PDF strings are bytes between parentheses: escape the three specials, keep printable ASCII. */
function pdfText(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/[\\()]/g, (c) => `\\${c}`);
}

/**
 * A one-page A4 PDF with a title and lines of text in Helvetica: a real document (header,
 * objects, cross-reference table with exact byte offsets, trailer) that any viewer opens and
 * the upload check recognises by its first bytes. About a kilobyte.
 */
export function samplePdf(title: string, lines: readonly string[]): Buffer {
  const text = [
    'BT',
    '/F1 18 Tf',
    '56 780 Td',
    `(${pdfText(title)}) Tj`,
    '/F1 11 Tf',
    '0 -32 Td',
    '16 TL',
    ...lines.map((l) => `(${pdfText(l)}) '`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

let video: Buffer | undefined;

/**
 * A five-second 160x120 WebM (VP8 test pattern with a 440 Hz tone, a key frame every second
 * so a player seeks anywhere), made once with ffmpeg and kept beside the seed: the acceptance
 * video of seeded ISAs. About 30 KB.
 */
export function sampleVideo(): Buffer {
  video ??= fs.readFileSync(path.join(SEED_ASSETS_DIR, 'acceptance-video.webm'));
  return video;
}
