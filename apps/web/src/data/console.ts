import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  AuditResponseSchema,
  ConsoleMeResponseSchema,
  ImportReportSchema,
  RipSkillReportSchema,
  RoleResponseSchema,
  type ConsoleMeResponse,
  type ImportKind,
  type RoleBody,
} from '@safeshore/domain';
import { ApiError, apiUrl, request } from './api.ts';
import { ACCOUNT_QUERY_KEY } from './queries.ts';

/**
 * The lifesaver console's reads and operator calls (issue 17). The beach actions (status, patrol,
 * posts) go through the offline queue instead (console-queue.ts).
 */

/**
 * GET /api/v5/console/me: the user's roles and beaches; null when the user has no console role
 * (the server answers 403), so the menu can leave the console out.
 */
export const consoleMeQuery = (userId: number) =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, userId, 'console-me'],
    queryFn: async ({ signal }) => {
      try {
        return await request('/api/v5/console/me', ConsoleMeResponseSchema, { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 403) return null;
        throw error;
      }
    },
    staleTime: 30_000,
  });

export const auditQuery = (userId: number, beachId: number | null, cursor: string | null) =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, userId, 'console-audit', beachId, cursor],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams();
      if (beachId !== null) params.set('beach_id', String(beachId));
      if (cursor) params.set('cursor', cursor);
      const query = params.toString();
      return request(`/api/v5/console/audit${query ? `?${query}` : ''}`, AuditResponseSchema, { signal });
    },
    staleTime: 0,
  });

/** GET /api/v5/console/rip-skill (operators): the rip outlook against lifesavers' reports (issue 29). */
export const ripSkillQuery = (userId: number) =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, userId, 'console-rip-skill'],
    queryFn: ({ signal }) => request('/api/v5/console/rip-skill', RipSkillReportSchema, { signal }),
    staleTime: 0,
  });

/** The CSV export's address (same filter). The file is fetched with the token, then saved. */
export function auditCsvPath(beachId: number | null): string {
  return `/api/v5/console/audit.csv${beachId === null ? '' : `?beach_id=${beachId}`}`;
}

/** Downloads the audit CSV with the bearer token (a plain link would carry no token). */
export async function fetchAuditCsv(beachId: number | null, token: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(apiUrl(auditCsvPath(beachId)), {
      headers: { Authorization: `Bearer ${token}`, Accept: 'text/csv' },
    });
  } catch {
    throw new ApiError(0, 'Could not reach SafeShore. Check your connection and try again.');
  }
  if (!response.ok) throw new ApiError(response.status, `Export failed (${response.status})`);
  return response.blob();
}

export function grantLifesaver(body: RoleBody) {
  return request('/api/v5/console/roles', RoleResponseSchema, { method: 'POST', json: body });
}

export function revokeLifesaver(body: RoleBody) {
  return request('/api/v5/console/roles', RoleResponseSchema, { method: 'DELETE', json: body });
}

/** POST /api/v5/console/imports/{kind}: a dry run first (nothing written), then the real import. */
export function uploadImport(kind: ImportKind, file: File, dryRun: boolean) {
  const form = new FormData();
  form.append('file', file);
  return request(`/api/v5/console/imports/${kind}${dryRun ? '?dry_run=true' : ''}`, ImportReportSchema, {
    method: 'POST',
    form,
  });
}

/**
 * The last console/me answer, kept on the device per user: on a beach with no signal the console
 * still opens (after a reload too) and its actions queue.
 */
const COPY_KEY = (userId: number) => `safeshore.console-me.${userId}`;

export function saveConsoleCopy(userId: number, me: ConsoleMeResponse): void {
  try {
    window.localStorage.setItem(COPY_KEY(userId), JSON.stringify(me));
  } catch {
    // Storage full or unavailable: the console then needs a signal to open.
  }
}

export function readConsoleCopy(userId: number): ConsoleMeResponse | null {
  try {
    const raw = window.localStorage.getItem(COPY_KEY(userId));
    if (!raw) return null;
    const parsed = z.safeParse(ConsoleMeResponseSchema, JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function forgetConsoleCopy(userId: number): void {
  try {
    window.localStorage.removeItem(COPY_KEY(userId));
  } catch {
    // Nothing stored.
  }
}
