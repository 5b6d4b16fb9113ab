import * as OTPAuth from 'otpauth';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { escapeLike } from '../resources/engine';
import { csvCell, csvRow } from './csv';
import { sniffImage } from './files';
import { bucketName } from './storage';
import { hashBackupCode, matchingStep, newBackupCode, newTotpSecret } from './totp';

describe('csv', () => {
  it('quotes per RFC 4180 and neutralises formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('x\ny')).toBe('"x\ny"');
    for (const f of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) expect(csvCell(f).replace(/^"/, '')[0]).toBe("'");
    expect(csvCell(null)).toBe('');
    expect(csvCell(new Date('2026-01-01T00:00:00Z'))).toBe('2026-01-01T00:00:00.000Z');
    expect(csvRow([1, 'a'])).toBe('1,a\r\n');
    // A negative number is data, not a formula; the same text typed into a field is not.
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell('-12.5')).toBe("'-12.5");
  });
});

describe('sniffImage', () => {
  it('knows PNG, JPEG, GIF and WebP by their bytes only; SVG, PDF and text are refused', async () => {
    const base = sharp({ create: { width: 4, height: 3, channels: 3, background: '#228be6' } });
    for (const [format, type] of [
      ['png', 'image/png'],
      ['jpeg', 'image/jpeg'],
      ['gif', 'image/gif'],
      ['webp', 'image/webp'],
    ] as const) {
      const bytes = await base.clone().toFormat(format).toBuffer();
      expect((await sniffImage(bytes))?.contentType).toBe(type);
    }
    expect(await sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(await sniffImage(Buffer.from('%PDF-1.7\n%\xe2\xe3\n1 0 obj'))).toBeNull();
    expect(await sniffImage(Buffer.from('just text, named photo.png'))).toBeNull();
  });
});

describe('totp', () => {
  it('matches the current step and one either side, nothing further', () => {
    const secret = newTotpSecret();
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
    const at = 1_800_000_000_000;
    const step = Math.floor(at / 30_000);
    expect(matchingStep(secret, totp.generate({ timestamp: at }), at)).toBe(step);
    expect(matchingStep(secret, totp.generate({ timestamp: at - 30_000 }), at)).toBe(step - 1);
    expect(matchingStep(secret, totp.generate({ timestamp: at + 30_000 }), at)).toBe(step + 1);
    expect(matchingStep(secret, totp.generate({ timestamp: at + 90_000 }), at)).toBeNull();
  });

  it('backup codes are random, formatted, and hashed case- and dash-insensitively', () => {
    const codes = Array.from({ length: 50 }, newBackupCode);
    expect(new Set(codes).size).toBe(50);
    expect(codes[0]).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect(hashBackupCode(codes[0])).toBe(hashBackupCode(codes[0].toLowerCase().replace('-', '')));
  });
});

describe('misc', () => {
  it('escapes like wildcards', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
  });
  it('prefixes bucket names on staging', () => {
    expect(bucketName('task-description', 'production')).toBe('task-description');
    expect(bucketName('task-description', 'staging')).toBe('test-task-description');
  });
});
