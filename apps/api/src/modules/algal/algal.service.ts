import crypto from 'node:crypto';
import {
  ALGAL_MESSAGES,
  coerceMetric,
  localDate,
  type AlgalBloom,
  type AlgalListItem,
  type MetricBody,
  type PhotoOfToday,
  type TodayPost,
  localTimestamp,
} from '@safeshore/domain';
import type { BeachRow } from '../../db/schema.ts';
import { HttpError, notFound, validationFailed } from '../../http/errors.ts';
import { presentSummary } from '../beaches/beaches.presenter.ts';
import type { AlgalRepository, PhotoPostRow } from './algal.repository.ts';
import { processPhoto } from './images.ts';
import type { FileStorage } from './storage.ts';

export function createAlgalService(
  repo: AlgalRepository,
  storage: FileStorage,
  clock: () => Date = () => new Date(),
) {
  function presentPhoto(row: PhotoPostRow): PhotoOfToday {
    return {
      id: row.id,
      created_at: row.created_at,
      timestamp: row.created_at,
      local_timestamp: row.local_timestamp,
      meta: { image_url: storage.url(row.large_key), thumbnail_url: storage.url(row.thumbnail_key) },
    };
  }

  /** Today's photo of each beach (today in the beach's own time zone). */
  async function todaysPhotos(beaches: BeachRow[]): Promise<Map<number, PhotoPostRow>> {
    const now = clock();
    const today = new Map(beaches.map((beach) => [beach.id, localDate(now, beach.timezone)]));
    const from = [...today.values()].sort()[0];
    if (!from) return new Map();
    const found = new Map<number, PhotoPostRow>();
    for (const row of await repo.photoPosts([...today.keys()], from)) {
      if (!found.has(row.beach_id) && row.local_timestamp.startsWith(`${today.get(row.beach_id)}T`))
        found.set(row.beach_id, row);
    }
    return found;
  }

  async function programmeBeach(beachId: number): Promise<BeachRow> {
    const beach = await repo.programmeBeach(beachId);
    if (!beach) throw notFound(ALGAL_MESSAGES.beachNotInProgramme);
    return beach;
  }

  return {
    async list(): Promise<{ beaches: AlgalListItem[] }> {
      const beaches = await repo.programmeBeaches();
      const ids = beaches.map((beach) => beach.id);
      const [metrics, photos] = await Promise.all([repo.latestMetrics(ids), todaysPhotos(beaches)]);
      return {
        beaches: beaches.map((beach) => {
          const summary = presentSummary(beach, null);
          const metric = metrics.get(beach.id);
          const photo = photos.get(beach.id);
          return {
            id: beach.id,
            title: beach.title,
            image: summary.image,
            url: summary.url,
            photo_of_today: photo ? presentPhoto(photo) : null,
            latest_algal_bloom_metric: metric
              ? {
                  water_discolour: coerceMetric(metric.water_discolour),
                  beach_foam: coerceMetric(metric.beach_foam),
                  clean_rating: coerceMetric(metric.clean_rating),
                  created_at: metric.created_at,
                  user:
                    metric.first_name !== null && metric.last_name !== null
                      ? { first_name: metric.first_name, last_name: metric.last_name }
                      : null,
                }
              : null,
          };
        }),
      };
    },

    async recordMetric(beachId: number, userId: number, body: MetricBody) {
      await programmeBeach(beachId);
      const created_at = clock().toISOString();
      const id = await repo.insertMetric({ beach_id: beachId, user_id: userId, ...body, created_at });
      return { metric: { id, beach_id: beachId, ...body, created_at } };
    },

    /**
     * Stores a new photo of the day: validated by content, re-encoded without metadata, written to
     * storage, then recorded. Today's earlier photo (and the one named in replace_existing_photo_id)
     * is replaced and its files removed. A rejected or failed upload leaves no files behind.
     */
    async uploadPhoto(
      beachId: number,
      userId: number,
      data: Buffer,
      replaceId: number | null,
    ): Promise<{ message: string; photo_of_today: PhotoOfToday }> {
      const beach = await programmeBeach(beachId);
      const replaces = new Set<number>();
      if (replaceId !== null) {
        const old = await repo.photoPost(replaceId);
        if (!old || old.beach_id !== beachId)
          throw validationFailed({ replace_existing_photo_id: [ALGAL_MESSAGES.photoNotFound] });
        replaces.add(old.id);
      }
      const current = (await todaysPhotos([beach])).get(beachId);
      if (current) replaces.add(current.id);

      const processed = await processPhoto(data);
      if (!processed) throw validationFailed({ photo: [ALGAL_MESSAGES.photoInvalid] });

      const now = clock();
      const name = `${localDate(now, beach.timezone)}-${crypto.randomBytes(12).toString('hex')}`;
      const largeKey = `algal/${beachId}/${name}-large.webp`;
      const thumbKey = `algal/${beachId}/${name}-thumb.webp`;
      const written: string[] = [];
      try {
        await storage.put(largeKey, processed.large, 'image/webp');
        written.push(largeKey);
        await storage.put(thumbKey, processed.thumbnail, 'image/webp');
        written.push(thumbKey);
        const saved = await repo.savePhoto({
          beach_id: beachId,
          user_id: userId,
          local_timestamp: localTimestamp(now, beach.timezone),
          created_at: now.toISOString(),
          meta: { image_url: storage.url(largeKey), thumbnail_url: storage.url(thumbKey) },
          large_key: largeKey,
          thumbnail_key: thumbKey,
          replaces: [...replaces],
        });
        await Promise.all(saved.removedKeys.map((key) => storage.delete(key)));
        const post = await repo.photoPost(saved.postId);
        if (!post) throw new HttpError(500, 'Photo was not saved.');
        return { message: ALGAL_MESSAGES.photoUploaded, photo_of_today: presentPhoto(post) };
      } catch (error) {
        await Promise.all(written.map((key) => storage.delete(key).catch(() => undefined)));
        throw error;
      }
    },

    async removePhoto(postId: number): Promise<{ message: string }> {
      const post = await repo.photoPost(postId);
      if (!post || !(await repo.inProgramme(post.beach_id))) throw notFound(ALGAL_MESSAGES.photoNotFound);
      await repo.deletePost(postId);
      await Promise.all([storage.delete(post.large_key), storage.delete(post.thumbnail_key)]);
      return { message: ALGAL_MESSAGES.photoRemoved };
    },

    /** The algal parts of a beach's detail response. */
    async forBeach(beach: BeachRow): Promise<{
      show_algal_bloom_widget: boolean;
      algal_bloom: AlgalBloom | null;
      todayPosts: TodayPost[];
    }> {
      if (!(await repo.inProgramme(beach.id)))
        return { show_algal_bloom_widget: false, algal_bloom: null, todayPosts: [] };
      const [metrics, photos] = await Promise.all([repo.latestMetrics([beach.id]), todaysPhotos([beach])]);
      const metric = metrics.get(beach.id);
      const photo = photos.get(beach.id);
      return {
        show_algal_bloom_widget: true,
        algal_bloom: metric
          ? {
              clean_rating: coerceMetric(metric.clean_rating),
              beach_foam: coerceMetric(metric.beach_foam),
              water_discolour: coerceMetric(metric.water_discolour),
              updated_at: metric.created_at,
            }
          : null,
        todayPosts: photo
          ? [
              {
                point_id: 1,
                local_timestamp: photo.local_timestamp,
                meta: { label: 'Photo of the day', image_url: storage.url(photo.large_key) },
              },
            ]
          : [],
      };
    },
  };
}

export type AlgalService = ReturnType<typeof createAlgalService>;
