import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import { createEncryptPool } from './encrypt-pool.ts';
import {
  describeFailure,
  retryAfterMs,
  type PushMessage,
  type SendResult,
  type WebPushSender,
} from './types.ts';

/**
 * The Web Push protocol (RFC 8030) with VAPID (RFC 8292) and aes128gcm payload encryption
 * (RFC 8291). The `web-push` library signs the VAPID JWT; the payload is encrypted on node:crypto's
 * native primitives (senders/aes128gcm.ts, which says why not the library's `encrypt`). The JWT is per push service (its origin is the audience) and valid 12 hours, so it
 * is made once per service and reused until an hour before it ends, instead of signing every message.
 * Requests go out over keep-alive connections (node:http/https agents, a pool per push service);
 * http:// is only reachable for origins an operator allowed (WEB_PUSH_ALLOWED_ORIGINS, e.g. a test's
 * local endpoint): the API refuses other endpoints when they are subscribed.
 */

const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 256 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 256 }),
};

/** POSTs and reads the whole (small) answer; rejects on network errors and the timeout. */
function post(
  endpoint: string,
  headers: Record<string, string>,
  body: Buffer | null,
  timeoutMs: number,
): Promise<{ status: number; retryAfter: string | null }> {
  return new Promise((resolve, reject) => {
    const url = new URL(endpoint);
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(body?.length ?? 0) },
        agent: agents[url.protocol as 'http:' | 'https:'],
        timeout: timeoutMs,
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            retryAfter: (response.headers['retry-after'] as string | undefined) ?? null,
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', reject);
    request.end(body ?? undefined);
  });
}

const VAPID_TTL_S = 12 * 3600;

export function createWebPushSender(options: {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: contact for the push services. */
  subject: string;
  timeoutMs: number;
  /** How long a push service keeps an undelivered message (s). */
  ttlSeconds?: number;
  /** Worker threads that encrypt payloads (0, the default: on the event loop). */
  encryptThreads?: number;
}): WebPushSender {
  const encryptor = createEncryptPool(options.encryptThreads ?? 0);
  const vapid = new Map<string, { authorization: string; renewAt: number }>();
  const authorizationFor = (audience: string): string => {
    // JWT lifetimes are the push service's real time, not the app's (possibly moved) clock.
    const now = Date.now();
    const cached = vapid.get(audience);
    if (cached && cached.renewAt > now) return cached.authorization;
    const expiration = Math.floor(now / 1000) + VAPID_TTL_S;
    const headers = webpush.getVapidHeaders(
      audience,
      options.subject,
      options.publicKey,
      options.privateKey,
      'aes128gcm',
      expiration,
    );
    const authorization = headers.Authorization;
    vapid.set(audience, { authorization, renewAt: now + (VAPID_TTL_S - 3600) * 1000 });
    return authorization;
  };

  const ttl = String(options.ttlSeconds ?? 24 * 3600);
  return {
    provider: 'webpush',
    publicKey: options.publicKey,
    close: () => encryptor.close(),
    async send(target, message: PushMessage): Promise<SendResult> {
      let answer: { status: number; retryAfter: string | null };
      try {
        const body = await encryptor.encrypt(
          target.p256dh,
          target.auth,
          JSON.stringify({
            title: message.title,
            body: message.body,
            url: message.url,
            tag: `event-${message.eventId}`,
            event_id: message.eventId,
            beach_id: message.beachId,
            kind: message.kind,
            source: message.source,
            at: message.at,
          }),
        );
        const headers = {
          TTL: ttl,
          Urgency: message.kind === 'status' || message.kind === 'warning' ? 'high' : 'normal',
          'Content-Type': 'application/octet-stream',
          'Content-Encoding': 'aes128gcm',
          Authorization: authorizationFor(new URL(target.endpoint).origin),
        };
        answer = await post(target.endpoint, headers, body, options.timeoutMs);
      } catch (error) {
        return { result: 'retry', status: null, error: describeFailure(error) };
      }
      const status = answer.status;
      if (status >= 200 && status < 300) return { result: 'ok', status };
      const error = `Web Push ${status}`;
      if (status === 404 || status === 410) return { result: 'gone', status, error };
      if (status === 429 || status >= 500) {
        const after = retryAfterMs(answer.retryAfter, Date.now());
        return { result: 'retry', status, error, ...(after !== undefined ? { retryAfterMs: after } : {}) };
      }
      return { result: 'error', status, error };
    },
  };
}
