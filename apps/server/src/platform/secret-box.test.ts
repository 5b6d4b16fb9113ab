import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSecretBox, loadSecretKey } from './secret-box';

describe('secret box', () => {
  const box = createSecretBox(randomBytes(32));

  it('seals to an opaque value that opens to the original', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'user:7');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, 'user:7')).toBe('JBSWY3DPEHPK3PXP');
    // A fresh IV every time: equal secrets do not look equal at rest.
    expect(box.seal('JBSWY3DPEHPK3PXP', 'user:7')).not.toBe(sealed);
  });

  it('refuses another row, another key, a tampered value and plain text', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'user:7');
    expect(() => box.open(sealed, 'user:8')).toThrow();
    expect(() => createSecretBox(randomBytes(32)).open(sealed, 'user:7')).toThrow();
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3], 'base64url');
    body[0] ^= 1;
    parts[3] = body.toString('base64url');
    expect(() => box.open(parts.join('.'), 'user:7')).toThrow();
    expect(() => box.open('JBSWY3DPEHPK3PXP', 'user:7')).toThrow('not a sealed value');
  });

  it('rejects a key of the wrong size', () => {
    expect(() => createSecretBox(randomBytes(16))).toThrow('32 bytes');
  });
});

describe('loadSecretKey', () => {
  const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-key-'));

  it('uses SECRET_KEY when given', () => {
    const hex = randomBytes(32).toString('hex');
    expect(loadSecretKey({ secretKey: hex, dataDir: tmp() }).toString('hex')).toBe(hex);
  });

  it('makes a key file readable by its owner only, and reuses it', () => {
    const dir = path.join(tmp(), 'nested');
    const first = loadSecretKey({ dataDir: dir });
    const file = path.join(dir, 'secret.key');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadSecretKey({ dataDir: dir }).equals(first)).toBe(true);
  });

  it('refuses a damaged key file rather than making a new key', () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, 'secret.key'), 'not a key');
    expect(() => loadSecretKey({ dataDir: dir })).toThrow('64-character hex key');
  });
});
