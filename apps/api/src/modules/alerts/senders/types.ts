/** What a notification carries: it names the beach, what happened, when, and the source, and opens the beach. */
export interface PushMessage {
  eventId: number;
  kind: string;
  beachId: number;
  title: string;
  body: string;
  /** The beach page to open (a path on the web app, e.g. /beach/nsw/bondi-beach). */
  url: string;
  source: string;
  /** ISO instant of the event. */
  at: string;
}

/**
 * One send's outcome. `gone`: the provider says the device or subscription no longer exists (it is
 * removed). `retry`: a passing failure (rate limit, outage), try again later. `error`: this message
 * cannot be delivered to this target (bad request); not retried.
 */
export type SendResult =
  | { result: 'ok'; status: number }
  | { result: 'gone'; status: number; error: string }
  | { result: 'retry'; status: number | null; error: string; retryAfterMs?: number }
  | { result: 'error'; status: number | null; error: string };

export interface FcmSender {
  readonly provider: 'fcm';
  send(token: string, message: PushMessage): Promise<SendResult>;
}

export interface WebPushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface WebPushSender {
  readonly provider: 'webpush';
  readonly publicKey: string;
  send(target: WebPushTarget, message: PushMessage): Promise<SendResult>;
  /** Ends the sender's encryption threads, if it has any. */
  close?(): Promise<void>;
}

/** Retry-After as seconds or an HTTP date, in ms from `now`. */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.max(0, at - now) : undefined;
}

export function describeFailure(error: unknown): string {
  const cause = (error as { cause?: { code?: string } }).cause;
  return `${(error as Error).name}: ${(error as Error).message}${cause?.code ? ` (${cause.code})` : ''}`;
}
