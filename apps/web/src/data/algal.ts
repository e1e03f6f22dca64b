import { queryOptions } from '@tanstack/react-query';
import {
  AlgalListResponseSchema,
  MessageResponse,
  MetricResponseSchema,
  type MetricBody,
} from '@safeshore/domain';
import { request } from './api.ts';

/** GET /api/v5/algal-bloom-metrics: the beaches in the monitoring programme (algal role only). */
export const algalListQuery = (userId: number) =>
  queryOptions({
    queryKey: ['algal-bloom-metrics', userId],
    queryFn: async ({ signal }) =>
      (await request('/api/v5/algal-bloom-metrics', AlgalListResponseSchema, { signal })).beaches,
    staleTime: 0,
  });

export function saveMetrics(beachId: number, body: MetricBody) {
  return request(`/api/v5/beach/${beachId}/algal-bloom-metrics`, MetricResponseSchema, {
    method: 'POST',
    json: body,
  });
}

export async function uploadPhotoOfDay(beachId: number, photo: File, replaceId?: number): Promise<string> {
  const form = new FormData();
  form.append('photo', photo);
  if (replaceId !== undefined) form.append('replace_existing_photo_id', String(replaceId));
  return (await request(`/api/v5/beach/${beachId}/photo-of-day`, MessageResponse, { method: 'POST', form }))
    .message;
}

export async function removePhotoOfDay(postId: number): Promise<string> {
  return (await request(`/api/v5/beach-post/${postId}/photo-of-day`, MessageResponse, { method: 'DELETE' }))
    .message;
}
