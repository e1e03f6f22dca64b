import { AppVersionResponseSchema, type AppVersionResponse } from '@safeshore/domain';
import { request } from './api.ts';

/** GET /api/v4/app: the version of the web build the server serves now (spec section 7). */
export function fetchAppVersion(signal?: AbortSignal): Promise<AppVersionResponse> {
  return request('/api/v4/app', AppVersionResponseSchema, { signal });
}
