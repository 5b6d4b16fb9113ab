import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Encrypts secrets the server must read back (TOTP seeds), so that a copy of the
 * database alone does not hand over every admin's second factor. AES-256-GCM with a
 * random 96-bit IV per value; the stored form is `v1.<iv>.<tag>.<ciphertext>` (base64url).
 * The row id is bound in as additional data: a sealed value copied onto another row
 * does not open.
 */
export type SecretBox = {
  seal(plain: string, context: string): string;
  /** Throws when the value was sealed with another key or altered. */
  open(sealed: string, context: string): string;
};

const PREFIX = 'v1';
const KEY_BYTES = 32;

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== KEY_BYTES) throw new Error(`the secret key must be ${KEY_BYTES} bytes`);
  return {
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [PREFIX, iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed, context) {
      const parts = sealed.split('.');
      if (parts.length !== 4 || parts[0] !== PREFIX) throw new Error('not a sealed value');
      const [iv, tag, body] = parts.slice(1).map((p) => Buffer.from(p, 'base64url'));
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    },
  };
}

/**
 * The key: SECRET_KEY (64 hex characters) when set, which every server of one
 * deployment must share; otherwise `secret.key` in the data dir, made on first use
 * (readable by the server's user only). Losing the key means admins set up 2FA again.
 */
export function loadSecretKey(opts: { secretKey?: string; dataDir: string }): Buffer {
  if (opts.secretKey) return Buffer.from(opts.secretKey, 'hex');
  const file = path.join(opts.dataDir, 'secret.key');
  fs.mkdirSync(opts.dataDir, { recursive: true });
  if (!fs.existsSync(file)) {
    // Written whole under a private name, then linked into place: a second process
    // starting at the same moment either wins the link or reads the complete winner.
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(draft, randomBytes(KEY_BYTES).toString('hex'), { flag: 'wx', mode: 0o600 });
    try {
      fs.linkSync(draft, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      fs.unlinkSync(draft);
    }
  }
  const hex = fs.readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/i.test(hex)) throw new Error(`${file} does not hold a 64-character hex key`);
  return Buffer.from(hex, 'hex');
}
