import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify } from 'jose';

/**
 * A local Web Push endpoint (push service), format-true: it answers like a push service (201, 404,
 * 410, 429 with Retry-After, 5xx) and checks what a real one checks, with real crypto:
 *
 * - VAPID (RFC 8292): `Authorization: vapid t=<JWT>, k=<public key>`; the JWT is ES256, signed by
 *   the key in `k` (which must be the server's VAPID public key), `aud` is this origin, `exp` in the
 *   future and at most 24 h ahead, `sub` a mailto: or https: URL.
 * - The payload (RFC 8291, aes128gcm per RFC 8188): ECDH of the subscription's private key with the
 *   sender's key from the header, HKDF with the auth secret, AES-128-GCM; padding delimiter checked.
 *
 * Each subscription it hands out has its own P-256 key pair and auth secret, like a browser's.
 */

export interface FakeSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  subscriptionId: string;
  payload: Record<string, unknown>;
  ttl: number;
  urgency: string | null;
}

export type EndpointBehaviour = 'ok' | 'gone404' | 'gone410' | 'rate429' | 'fail500';

interface Client {
  ecdh: crypto.ECDH;
  publicKey: Buffer;
  auth: Buffer;
  behaviour: EndpointBehaviour;
  /** For rate429/fail500: how many more times to refuse before accepting. */
  refusals: number;
}

export interface WebPushFake {
  origin: string;
  received: ReceivedPush[];
  /** Counts of accepted pushes (to avoid keeping payloads in benchmarks: `keepPayloads: false`). */
  accepted: number;
  /** Pushes whose payload was decrypted and checked (all of them unless `verifyEvery` > 1). */
  decrypted: number;
  /** Accepted pushes per subscription id (`countPerSubscription`: a bench counts duplicates). */
  perSubscription: Map<string, number>;
  rejected: { status: number; reason: string }[];
  subscribe(behaviour?: EndpointBehaviour, refusals?: number): FakeSubscription;
  /** A subscription from known keys (the bench makes many cheaply). */
  subscriptionFor(id: string, behaviour?: EndpointBehaviour, refusals?: number): FakeSubscription;
  setBehaviour(id: string, behaviour: EndpointBehaviour, refusals?: number): void;
  close(): Promise<void>;
}

export function hkdf(ikm: Buffer, salt: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', ikm, salt, info, length));
}

/** The aes128gcm header (RFC 8188 §2.1) of a Web Push body: one record, a P-256 sender key as keyid. */
export function checkAes128gcmHeader(body: Buffer) {
  if (body.length < 21 + 65 + 17) throw new Error('body too short');
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  if (idlen !== 65) throw new Error('keyid is not a P-256 public key');
  const asPublic = body.subarray(21, 21 + idlen);
  if (asPublic[0] !== 4) throw new Error('keyid is not an uncompressed P-256 point');
  const ciphertext = body.subarray(21 + idlen);
  if (rs < 18 || ciphertext.length > rs) throw new Error('record size');
  return { salt, asPublic, ciphertext };
}

/** Decrypts an aes128gcm Web Push body for a subscription's keys (RFC 8291 §3.4, RFC 8188 §2). */
export function decryptAes128gcm(
  body: Buffer,
  ecdh: crypto.ECDH,
  uaPublic: Buffer,
  authSecret: Buffer,
): Buffer {
  const { salt, asPublic, ciphertext } = checkAes128gcmHeader(body);
  const shared = ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hkdf(shared, authSecret, keyInfo, 32);
  const cek = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (end < 0 || padded[end] !== 2) throw new Error('last record padding delimiter missing');
  return padded.subarray(0, end);
}

async function verifyVapid(
  header: string | undefined,
  audience: string,
  expectedKey: string,
): Promise<string | null> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) return 'no VAPID authorization';
  const [, token, key] = match;
  if (key !== expectedKey) return 'VAPID key is not the subscription’s application server key';
  const raw = Buffer.from(key!, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) return 'VAPID key is not an uncompressed P-256 point';
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: raw.subarray(1, 33).toString('base64url'),
    y: raw.subarray(33).toString('base64url'),
  };
  try {
    const { payload, protectedHeader } = await jwtVerify(token!, await importJWK(jwk, 'ES256'), {
      audience,
      algorithms: ['ES256'],
    });
    if (protectedHeader.typ !== 'JWT') return 'JWT typ';
    if (typeof payload.exp !== 'number' || payload.exp > Date.now() / 1000 + 24 * 3600)
      return 'exp over 24 h';
    if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) return 'sub';
    return null;
  } catch (error) {
    return `VAPID JWT: ${(error as Error).message}`;
  }
}

export async function startWebPushFake(options: {
  /** The server's key, or where to read it when the server makes its own after the fake starts. */
  vapidPublicKey: string | (() => string);
  keepPayloads?: boolean;
  /**
   * Decrypt and check the payload of every n-th push only (default 1: every push, as tests do).
   * The bench samples (e.g. 100) so that the endpoint does not spend the CPU the sender is measured
   * with; every push still has its VAPID JWT verified (once per distinct JWT), its headers and its
   * aes128gcm header (salt, record size, sender key length) checked. Sampled pushes are kept in
   * `received` when keepPayloads is on.
   */
  verifyEvery?: number;
  /** The port to listen on (default: any free one); a browser test's server must know it in advance. */
  port?: number;
  /** Count accepted pushes per subscription (perSubscription). */
  countPerSubscription?: boolean;
}): Promise<WebPushFake> {
  const verifyEvery = Math.max(1, Math.floor(options.verifyEvery ?? 1));
  const clients = new Map<string, Client>();
  const verified = new Set<string>();
  let counter = 0;
  const fake: WebPushFake = {
    origin: '',
    received: [],
    accepted: 0,
    decrypted: 0,
    perSubscription: new Map(),
    rejected: [],
    subscribe(behaviour = 'ok', refusals = Number.POSITIVE_INFINITY) {
      counter += 1;
      return this.subscriptionFor(
        `s${counter}-${crypto.randomBytes(4).toString('hex')}`,
        behaviour,
        refusals,
      );
    },
    subscriptionFor(id: string, behaviour: EndpointBehaviour = 'ok', refusals = Number.POSITIVE_INFINITY) {
      // Bench ids ("b…") share one client: 100,000 subscriptions cost no memory per subscription.
      let client = clients.get(id.startsWith('b') ? 'b' : id);
      if (!client) {
        const ecdh = crypto.createECDH('prime256v1');
        // Bench ids ("b…") share one derived key, so 100,000 subscriptions cost no key generation.
        if (id.startsWith('b')) ecdh.setPrivateKey(crypto.createHash('sha256').update('bench').digest());
        else ecdh.generateKeys();
        client = {
          ecdh,
          publicKey: ecdh.getPublicKey(),
          auth: id.startsWith('b') ? Buffer.alloc(16, 7) : crypto.randomBytes(16),
          behaviour,
          refusals,
        };
        clients.set(id.startsWith('b') ? 'b' : id, client);
      }
      return {
        id,
        endpoint: `${fake.origin}/push/${id}`,
        keys: { p256dh: client.publicKey.toString('base64url'), auth: client.auth.toString('base64url') },
      };
    },
    setBehaviour(id, behaviour, refusals = Number.POSITIVE_INFINITY) {
      const client = clients.get(id.startsWith('b') ? 'b' : id);
      if (client) Object.assign(client, { behaviour, refusals });
    },
    close: async () => undefined,
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const reject = (status: number, reason: string) => {
          fake.rejected.push({ status, reason });
          response.writeHead(status, { 'content-type': 'text/plain' }).end(reason);
        };
        const match = /^\/push\/([\w-]+)$/.exec(request.url ?? '');
        if (request.method !== 'POST' || !match) return reject(404, 'no such subscription');
        const id = match[1]!;
        if (!id.startsWith('b') && !clients.has(id)) return reject(404, 'no such subscription');
        if (id.startsWith('b')) fake.subscriptionFor(id);
        const c = clients.get(id.startsWith('b') ? 'b' : id)!;
        const auth = request.headers.authorization ?? '';
        if (!verified.has(auth)) {
          const key =
            typeof options.vapidPublicKey === 'string' ? options.vapidPublicKey : options.vapidPublicKey();
          const problem = await verifyVapid(auth, fake.origin, key);
          if (problem) return reject(403, problem);
          verified.add(auth);
        }
        if (request.headers['content-encoding'] !== 'aes128gcm') return reject(415, 'content-encoding');
        const ttl = Number(request.headers.ttl);
        if (!Number.isInteger(ttl) || ttl < 0) return reject(400, 'TTL header');
        if (c.behaviour === 'gone404') return reject(404, 'subscription expired');
        if (c.behaviour === 'gone410') return reject(410, 'subscription gone');
        if ((c.behaviour === 'rate429' || c.behaviour === 'fail500') && c.refusals > 0) {
          c.refusals -= 1;
          if (c.behaviour === 'rate429') {
            fake.rejected.push({ status: 429, reason: 'rate' });
            return response.writeHead(429, { 'retry-after': '5' }).end();
          }
          return reject(500, 'internal');
        }
        const body = Buffer.concat(chunks);
        const sample = (fake.accepted + fake.rejected.length) % verifyEvery === 0;
        let plaintext: Buffer | null = null;
        try {
          if (sample) plaintext = decryptAes128gcm(body, c.ecdh, c.publicKey, c.auth);
          else checkAes128gcmHeader(body);
        } catch (error) {
          return reject(400, `cannot decrypt: ${(error as Error).message}`);
        }
        fake.accepted += 1;
        if (options.countPerSubscription)
          fake.perSubscription.set(id, (fake.perSubscription.get(id) ?? 0) + 1);
        if (plaintext) fake.decrypted += 1;
        if (plaintext && options.keepPayloads !== false)
          fake.received.push({
            subscriptionId: id,
            payload: JSON.parse(plaintext.toString('utf8')) as Record<string, unknown>,
            ttl,
            urgency: (request.headers.urgency as string | undefined) ?? null,
          });
        response.writeHead(201, { location: `${fake.origin}/message/${fake.accepted}` }).end();
      })();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  fake.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
