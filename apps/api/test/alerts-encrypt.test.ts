import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { encryptAes128gcm } from '../src/modules/alerts/senders/aes128gcm.ts';
import { createEncryptPool } from '../src/modules/alerts/senders/encrypt-pool.ts';
import { checkAes128gcmHeader, decryptAes128gcm } from './fakes/webpush.ts';

/**
 * Web Push payload encryption (RFC 8291, aes128gcm): what the sender makes is decrypted by the
 * tests' push endpoint's own implementation and by `http_ece`, the decrypting counterpart the
 * `web-push` library itself encrypts with, inline and on the encryption threads.
 */

// http_ece comes with web-push (its encryption library); the API does not depend on it directly.
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(buffer: Buffer, params: { version: string; privateKey: crypto.ECDH; authSecret: string }): Buffer;
};

function browser() {
  const ecdh = crypto.createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  return {
    ecdh,
    publicKey,
    auth,
    p256dh: publicKey.toString('base64url'),
    authB64: auth.toString('base64url'),
  };
}

const payload = JSON.stringify({ title: 'Bondi Beach: Closed', body: 'Shark sighting — 10:05 am.' });

describe('aes128gcm Web Push encryption', () => {
  it('is decrypted by the push endpoint’s implementation and by http_ece', () => {
    const b = browser();
    const body = encryptAes128gcm(b.p256dh, b.authB64, Buffer.from(payload));
    const header = checkAes128gcmHeader(body);
    expect(header.salt).toHaveLength(16);
    expect(body.readUInt32BE(16)).toBe(4096);
    expect(decryptAes128gcm(body, b.ecdh, b.publicKey, b.auth).toString('utf8')).toBe(payload);
    expect(
      ece.decrypt(body, { version: 'aes128gcm', privateKey: b.ecdh, authSecret: b.authB64 }).toString('utf8'),
    ).toBe(payload);
  });

  it('uses a new sender key and salt for every message', () => {
    const b = browser();
    const one = checkAes128gcmHeader(encryptAes128gcm(b.p256dh, b.authB64, Buffer.from(payload)));
    const two = checkAes128gcmHeader(encryptAes128gcm(b.p256dh, b.authB64, Buffer.from(payload)));
    expect(one.asPublic.equals(two.asPublic)).toBe(false);
    expect(one.salt.equals(two.salt)).toBe(false);
  });

  it('fails on keys that are not a subscription’s, and on another browser’s keys', () => {
    const b = browser();
    expect(() => encryptAes128gcm('AAAA', b.authB64, Buffer.from(payload))).toThrow(/p256dh/);
    expect(() => encryptAes128gcm(b.p256dh, 'AAAA', Buffer.from(payload))).toThrow(/auth/);
    const other = browser();
    const body = encryptAes128gcm(other.p256dh, other.authB64, Buffer.from(payload));
    expect(() => decryptAes128gcm(body, b.ecdh, b.publicKey, b.auth)).toThrow();
  });

  it('encrypts on worker threads, in batches, with per-message failures kept apart', async () => {
    const pool = createEncryptPool(2);
    try {
      const browsers = Array.from({ length: 5 }, browser);
      const jobs = Array.from({ length: 300 }, (_, i) => browsers[i % 5]!);
      const bodies = await Promise.all(
        jobs.map((b, i) => pool.encrypt(b.p256dh, b.authB64, `${payload} #${i}`)),
      );
      bodies.forEach((body, i) => {
        const b = jobs[i]!;
        expect(decryptAes128gcm(body, b.ecdh, b.publicKey, b.auth).toString('utf8')).toBe(`${payload} #${i}`);
      });
      const [bad, good] = await Promise.allSettled([
        pool.encrypt('AAAA', browsers[0]!.authB64, payload),
        pool.encrypt(browsers[0]!.p256dh, browsers[0]!.authB64, payload),
      ]);
      expect(bad.status).toBe('rejected');
      expect(good.status).toBe('fulfilled');
    } finally {
      await pool.close();
    }
    await expect(pool.encrypt('x', 'y', payload)).rejects.toThrow(/closed/);
  });
});
