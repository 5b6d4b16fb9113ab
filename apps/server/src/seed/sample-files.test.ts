import { describe, expect, it } from 'vitest';
import { samplePdf, sampleVideo } from './sample-files';

describe('seed sample files', () => {
  it('writes a PDF whose cross-reference table points at each object, with its text escaped', () => {
    const pdf = samplePdf('Income Share Agreement (ISA)', ['Learner: Zoë Nair', 'Back\\slash']).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4\n')).toBe(true);
    expect(pdf.endsWith('%%EOF\n')).toBe(true);
    const xrefAt = Number(/startxref\n(\d+)\n/.exec(pdf)![1]);
    expect(pdf.slice(xrefAt, xrefAt + 4)).toBe('xref');
    const entries = pdf
      .slice(xrefAt)
      .split('\n')
      .slice(3, 8)
      .map((line) => Number(line.slice(0, 10)));
    entries.forEach((offset, i) => {
      expect(pdf.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
    });
    const length = Number(/\/Length (\d+) >>\nstream\n/.exec(pdf)![1]);
    const start = pdf.indexOf('stream\n') + 'stream\n'.length;
    expect(pdf.slice(start + length, start + length + '\nendstream'.length)).toBe('\nendstream');
    expect(pdf).toContain('(Income Share Agreement \\(ISA\\)) Tj');
    expect(pdf).toContain("(Learner: Zoe Nair) '");
    expect(pdf).toContain("(Back\\\\slash) '");
  });

  it('has a WebM acceptance video', () => {
    const video = sampleVideo();
    expect(video.subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
    expect(video.toString('latin1')).toContain('webm');
  });
});
