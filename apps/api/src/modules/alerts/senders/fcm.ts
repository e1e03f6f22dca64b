import { JWT } from 'google-auth-library';
import { z } from 'zod';
import { describeFailure, retryAfterMs, type FcmSender, type PushMessage, type SendResult } from './types.ts';

/**
 * Firebase Cloud Messaging HTTP v1 (https://firebase.google.com/docs/cloud-messaging/send/v1-api):
 * POST {api}/v1/projects/{project_id}/messages:send with an OAuth 2 access token for the service
 * account, which google-auth-library obtains (signed JWT exchanged at the token endpoint) and
 * refreshes before it expires. The token endpoint can be pointed elsewhere (tests' fake).
 */

export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';

export const ServiceAccountSchema = z.object({
  type: z.literal('service_account'),
  project_id: z.string().min(1),
  private_key: z.string().includes('PRIVATE KEY'),
  client_email: z.string().email(),
});
export type ServiceAccount = z.infer<typeof ServiceAccountSchema>;

const FcmErrorSchema = z.object({
  error: z.object({
    code: z.number().optional(),
    status: z.string().optional(),
    message: z.string().optional(),
    details: z.array(z.object({ errorCode: z.string().optional() }).passthrough()).optional(),
  }),
});

export function createFcmSender(options: {
  serviceAccount: ServiceAccount;
  /** Default https://fcm.googleapis.com */
  apiUrl: string;
  /** Default Google's; tests point it at their fake. */
  tokenUrl: string;
  timeoutMs: number;
}): FcmSender {
  const client = new JWT({
    email: options.serviceAccount.client_email,
    key: options.serviceAccount.private_key,
    scopes: [FCM_SCOPE],
  });
  if (options.tokenUrl !== GOOGLE_TOKEN_URL) {
    const tokenUrl = new URL(options.tokenUrl);
    client.transporter.interceptors.request.add({
      resolved: async (config) => {
        if (String(config.url) === GOOGLE_TOKEN_URL) config.url = tokenUrl;
        return config;
      },
    });
  }
  const sendUrl = `${options.apiUrl.replace(/\/+$/, '')}/v1/projects/${encodeURIComponent(
    options.serviceAccount.project_id,
  )}/messages:send`;

  async function post(token: string, message: PushMessage, accessToken: string) {
    return fetch(sendUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        message: {
          token,
          notification: { title: message.title, body: message.body },
          data: {
            event_id: String(message.eventId),
            beach_id: String(message.beachId),
            kind: message.kind,
            url: message.url,
            source: message.source,
            at: message.at,
          },
          android: { priority: 'high', notification: { tag: `event-${message.eventId}` } },
          apns: { headers: { 'apns-priority': '10' } },
        },
      }),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  }

  return {
    provider: 'fcm',
    async send(token, message): Promise<SendResult> {
      let response: Response;
      try {
        let { token: accessToken } = await client.getAccessToken();
        if (!accessToken) return { result: 'retry', status: null, error: 'no FCM access token' };
        response = await post(token, message, accessToken);
        if (response.status === 401) {
          // The access token was refused (revoked early): get a new one once.
          await response.body?.cancel();
          client.credentials = {};
          ({ token: accessToken } = await client.getAccessToken());
          if (!accessToken) return { result: 'retry', status: 401, error: 'no FCM access token' };
          response = await post(token, message, accessToken);
        }
      } catch (error) {
        return { result: 'retry', status: null, error: describeFailure(error) };
      }
      if (response.ok) {
        await response.body?.cancel();
        return { result: 'ok', status: response.status };
      }
      const parsed = FcmErrorSchema.safeParse(await response.json().catch(() => null));
      const code = parsed.success
        ? (parsed.data.error.details?.find((d) => d.errorCode)?.errorCode ?? parsed.data.error.status)
        : undefined;
      const error = `FCM ${response.status} ${code ?? ''}`.trim();
      if (code === 'UNREGISTERED' || (response.status === 404 && code === 'NOT_FOUND'))
        return { result: 'gone', status: response.status, error };
      if (
        code === 'QUOTA_EXCEEDED' ||
        code === 'UNAVAILABLE' ||
        code === 'INTERNAL' ||
        response.status === 429 ||
        response.status >= 500
      ) {
        const after = retryAfterMs(response.headers.get('retry-after'), Date.now());
        return {
          result: 'retry',
          status: response.status,
          error,
          ...(after !== undefined ? { retryAfterMs: after } : {}),
        };
      }
      return { result: 'error', status: response.status, error };
    },
  };
}
