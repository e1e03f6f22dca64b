/**
 * The one way providers talk to upstream services: a GET with a hard timeout (covering the
 * connection, the headers and the whole body) and a size cap, so a slow or hostile upstream can
 * neither hold a request open nor fill memory. Every failure is an UpstreamError saying why.
 */

export type UpstreamFailure = 'timeout' | 'network' | 'status' | 'too-large' | 'malformed';

export class UpstreamError extends Error {
  readonly kind: UpstreamFailure;
  constructor(kind: UpstreamFailure, message: string) {
    super(message);
    this.kind = kind;
  }
}

export interface HttpOptions {
  timeoutMs: number;
  /** Largest body accepted (default 4 MiB). */
  maxBytes?: number;
  headers?: Record<string, string>;
}

/** GET `url` and return its body as text; throws UpstreamError. */
export async function fetchText(url: string, options: HttpOptions): Promise<string> {
  const maxBytes = options.maxBytes ?? 4 * 1024 * 1024;
  const signal = AbortSignal.timeout(options.timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, { signal, headers: options.headers, redirect: 'follow' });
  } catch (error) {
    throw asUpstreamError(error, url);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new UpstreamError('status', `${url} answered ${response.status}`);
  }
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new UpstreamError('too-large', `${url} declared ${declared} bytes`);
  }
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let received = 0;
  try {
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      received += chunk.byteLength;
      if (received > maxBytes)
        throw new UpstreamError('too-large', `${url} sent more than ${maxBytes} bytes`);
      chunks.push(chunk);
    }
  } catch (error) {
    throw asUpstreamError(error, url);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** GET `url` and parse its body as JSON; a body that is not JSON is a 'malformed' failure. */
export async function fetchJson(url: string, options: HttpOptions): Promise<unknown> {
  const text = await fetchText(url, {
    ...options,
    headers: { accept: 'application/json', ...options.headers },
  });
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new UpstreamError('malformed', `${url} did not answer JSON`);
  }
}

function asUpstreamError(error: unknown, url: string): UpstreamError {
  if (error instanceof UpstreamError) return error;
  const name = (error as { name?: string }).name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new UpstreamError('timeout', `${url} did not answer in time`);
  }
  return new UpstreamError('network', `${url}: ${(error as Error).message ?? String(error)}`);
}
