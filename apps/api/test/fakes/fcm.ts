import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { jwtVerify } from 'jose';

/**
 * A fake Firebase Cloud Messaging, format-true for HTTP v1:
 * - POST /token: Google's OAuth token endpoint for a service account (RFC 7523 JWT bearer grant):
 *   checks the RS256 assertion against the service account's public key, its iss, aud and scope,
 *   and answers `{access_token, expires_in, token_type}`.
 * - POST /v1/projects/{project}/messages:send: needs a token it issued; answers `{name}` or
 *   FCM's error JSON: UNREGISTERED (404), QUOTA_EXCEEDED (429 + Retry-After), UNAVAILABLE (503).
 * It makes a real service-account key pair and writes the key file the server reads.
 */

export type FcmBehaviour = 'ok' | 'unregistered' | 'quota' | 'unavailable';

export interface FcmFake {
  origin: string;
  tokenUrl: string;
  /** The service-account key file (JSON) to give FCM_SERVICE_ACCOUNT_FILE. */
  serviceAccountFile: string;
  projectId: string;
  tokenExchanges: number;
  sent: { token: string; message: Record<string, unknown> }[];
  errors: { token: string; code: string }[];
  setBehaviour(token: string, behaviour: FcmBehaviour, times?: number): void;
  close(): Promise<void>;
}

export async function startFcmFake(): Promise<FcmFake> {
  const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const projectId = 'safeshore-test';
  const clientEmail = `alerts@${projectId}.iam.gserviceaccount.com`;
  const issued = new Set<string>();
  const behaviours = new Map<string, { behaviour: FcmBehaviour; times: number }>();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fcm-fake-'));
  const fake: FcmFake = {
    origin: '',
    tokenUrl: '',
    serviceAccountFile: path.join(dir, 'service-account.json'),
    projectId,
    tokenExchanges: 0,
    sent: [],
    errors: [],
    setBehaviour(token, behaviour, times = Number.POSITIVE_INFINITY) {
      behaviours.set(token, { behaviour, times });
    },
    close: async () => undefined,
  };

  const json = (
    response: http.ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) =>
    response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  const fcmError = (status: number, grpc: string, code: string) => ({
    error: {
      code: status,
      message: code,
      status: grpc,
      details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: code }],
    },
  });

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks).toString('utf8');
        if (request.method === 'POST' && request.url === '/token') {
          const form = new URLSearchParams(body);
          if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
            return json(response, 400, { error: 'unsupported_grant_type' });
          try {
            const { payload } = await jwtVerify(form.get('assertion') ?? '', publicKey, {
              algorithms: ['RS256'],
              issuer: clientEmail,
              audience: 'https://oauth2.googleapis.com/token',
            });
            if (
              !String(payload.scope ?? '')
                .split(' ')
                .includes('https://www.googleapis.com/auth/firebase.messaging')
            )
              return json(response, 400, { error: 'invalid_scope' });
          } catch (error) {
            return json(response, 400, {
              error: 'invalid_grant',
              error_description: (error as Error).message,
            });
          }
          fake.tokenExchanges += 1;
          const token = `ya29.fake-${crypto.randomBytes(12).toString('hex')}`;
          issued.add(token);
          return json(response, 200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
        }
        const send = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(request.url ?? '');
        if (request.method === 'POST' && send) {
          const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
          if (!bearer || !issued.has(bearer))
            return json(response, 401, {
              error: {
                code: 401,
                message: 'Request had invalid authentication credentials.',
                status: 'UNAUTHENTICATED',
              },
            });
          if (send[1] !== projectId)
            return json(response, 403, fcmError(403, 'PERMISSION_DENIED', 'SENDER_ID_MISMATCH'));
          let message: Record<string, unknown>;
          try {
            message = (JSON.parse(body) as { message: Record<string, unknown> }).message;
          } catch {
            return json(response, 400, fcmError(400, 'INVALID_ARGUMENT', 'INVALID_ARGUMENT'));
          }
          const token = typeof message?.token === 'string' ? message.token : '';
          if (!token) return json(response, 400, fcmError(400, 'INVALID_ARGUMENT', 'INVALID_ARGUMENT'));
          const b = behaviours.get(token);
          if (b && b.behaviour !== 'ok' && b.times > 0) {
            b.times -= 1;
            const code = {
              unregistered: 'UNREGISTERED',
              quota: 'QUOTA_EXCEEDED',
              unavailable: 'UNAVAILABLE',
            }[b.behaviour];
            fake.errors.push({ token, code });
            if (b.behaviour === 'unregistered') return json(response, 404, fcmError(404, 'NOT_FOUND', code));
            if (b.behaviour === 'quota')
              return json(response, 429, fcmError(429, 'RESOURCE_EXHAUSTED', code), { 'retry-after': '10' });
            return json(response, 503, fcmError(503, 'UNAVAILABLE', code));
          }
          fake.sent.push({ token, message });
          return json(response, 200, { name: `projects/${projectId}/messages/${fake.sent.length}` });
        }
        json(response, 404, { error: { code: 404, status: 'NOT_FOUND', message: 'not found' } });
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.tokenUrl = `${fake.origin}/token`;
  fs.writeFileSync(
    fake.serviceAccountFile,
    JSON.stringify({
      type: 'service_account',
      project_id: projectId,
      private_key_id: 'fake',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
      client_email: clientEmail,
      client_id: '1',
      token_uri: 'https://oauth2.googleapis.com/token',
    }),
  );
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => {
        fs.rmSync(dir, { recursive: true, force: true });
        resolve();
      });
    });
  return fake;
}
