import {
  SYNC_FORMAT_VERSION,
  SYNC_PAGE_SIZE,
  SYNC_TOMBSTONE_RETENTION_DAYS,
  liveStatusAt,
  type SyncBeach,
  type SyncRequest,
  type SyncResponse,
} from '@safeshore/domain';
import { beachRowUrl, flag, placeUrl } from '../beaches/beaches.presenter.ts';
import type { SyncRepository } from './sync.repository.ts';

type BeachChange = Awaited<ReturnType<SyncRepository['beachesAfter']>>[number];

const CURSOR = /^(\d{1,15})\.(\d{1,15})(?:\.(\d{1,15}))?$/;

/**
 * Where a client is in the sequence: it has every change up to `seq`, and needs only the deletes
 * after `deletesAfter`. The two differ inside a full stream: the client started empty when the
 * sequence stood at `deletesAfter`, so no earlier delete can concern it, and a tombstone pruned
 * since then does not make its cursor stale.
 */
export interface Cursor {
  seq: number;
  deletesAfter: number;
}

/** "<format version>.<seq>", or "<format version>.<seq>.<deletesAfter>" inside a full stream. */
export function formatCursor(seq: number, deletesAfter = seq): string {
  return deletesAfter > seq
    ? `${SYNC_FORMAT_VERSION}.${seq}.${deletesAfter}`
    : `${SYNC_FORMAT_VERSION}.${seq}`;
}

/**
 * A cursor of this format version, or null when it is none (absent, garbage, negative, another
 * version): the client then gets a full sync.
 */
export function parseCursor(since: string | null | undefined): Cursor | null {
  const match = since ? CURSOR.exec(since) : null;
  if (!match || Number(match[1]) !== SYNC_FORMAT_VERSION) return null;
  const seq = Number(match[2]);
  return { seq, deletesAfter: Math.max(seq, Number(match[3] ?? 0)) };
}

/**
 * The offline record of a beach: the same url, addresses, flags and clubs the online detail
 * (beaches.service.ts) shows, with description and facilities as the JSON text the database holds.
 */
export function presentSyncBeach(
  row: BeachChange,
  clubs: SyncBeach['clubs'],
  image: string | null,
  now: Date,
): SyncBeach {
  const state = row.state.toLowerCase();
  const live = liveStatusAt(row, now);
  const postcodeUrl =
    row.locality_state !== null && row.locality_slug !== null
      ? placeUrl({ state: row.locality_state, area_slug: row.locality_area_slug, slug: row.locality_slug })
      : placeUrl({ state: row.state, area_slug: row.area_slug, slug: row.city_slug });
  return {
    id: row.id,
    key: row.key,
    title: row.title,
    url: beachRowUrl(row),
    image,
    city: row.city,
    state: row.state,
    area: row.area,
    postcode: row.postcode,
    postcode_url: postcodeUrl,
    area_url: `/${state}/${row.area_slug}`,
    state_url: `/${state}`,
    latitude: row.latitude,
    longitude: row.longitude,
    timezone: row.timezone,
    length: row.length_m,
    hazard: row.hazard,
    patrol: row.patrol,
    covid_status: (row.covid_status as SyncBeach['covid_status']) ?? null,
    // The live status in force now; the device hides it itself once status_expires_at passes.
    status: live.status,
    status_reason: live.status_reason,
    status_set_at: live.status_set_at,
    status_expires_at: live.status_expires_at,
    description: row.description,
    facilities: row.facilities,
    clubs,
    has_bbq_picnic: flag(row.has_bbq_picnic),
    has_parking: flag(row.has_parking),
    has_public_transport: flag(row.has_public_transport),
    has_toilet: flag(row.has_toilet),
    has_dogs_allowed: flag(row.has_dogs_allowed),
    has_dogs_allowed_on_leash: flag(row.has_dogs_allowed_on_leash),
    is_sample: row.is_sample === 1,
    data_source: row.data_source,
    data_licence: row.data_licence,
    updated_at: row.updated_at,
  };
}

export function createSyncService(repo: SyncRepository, clock: () => Date = () => new Date()) {
  return {
    /**
     * One page of changes after the request's cursor, oldest first: beaches changed (upserts) and
     * beaches deleted (tombstones) merged in sequence order. Everything is read up to the sequence
     * number current when the request starts, so a write during the request lands in a later
     * page. A cursor that is no cursor of ours, from the future (another database), or older than
     * the pruned tombstones starts a full stream: every beach from the beginning and no deletes
     * before now (the client starts empty), marked `full` on its first page only.
     */
    async page(request: SyncRequest): Promise<SyncResponse> {
      const limit = request.limit ?? SYNC_PAGE_SIZE;
      const { lastSeq, floorSeq } = await repo.state();
      const cursor = parseCursor(request.since);
      const full = cursor === null || cursor.deletesAfter > lastSeq || cursor.deletesAfter < floorSeq;
      const since = full ? 0 : cursor.seq;
      const deletesAfter = full ? lastSeq : cursor.deletesAfter;
      const anyDeletes = deletesAfter < lastSeq;

      const [beaches, tombstones, beachCount, tombstoneCount] = await Promise.all([
        repo.beachesAfter(since, lastSeq, limit + 1),
        anyDeletes ? repo.tombstonesAfter(deletesAfter, lastSeq, limit + 1) : Promise.resolve([]),
        repo.countBeachesAfter(since, lastSeq),
        anyDeletes ? repo.countTombstonesAfter(deletesAfter, lastSeq) : Promise.resolve(0),
      ]);

      // Merge the two ordered lists and keep the first `limit` changes.
      const upserts: BeachChange[] = [];
      const deletes: string[] = [];
      let b = 0;
      let t = 0;
      let lastIncluded = since;
      while (upserts.length + deletes.length < limit && (b < beaches.length || t < tombstones.length)) {
        const beach = beaches[b];
        const tombstone = tombstones[t];
        if (beach && (!tombstone || Number(beach.sync_seq) < Number(tombstone.sync_seq))) {
          upserts.push(beach);
          lastIncluded = Number(beach.sync_seq);
          b++;
        } else if (tombstone) {
          deletes.push(tombstone.key);
          lastIncluded = Number(tombstone.sync_seq);
          t++;
        }
      }
      const hasMore = beaches.length + tombstones.length > limit;

      const ids = upserts.map((row) => row.id);
      const [clubRows, imageRows] = await Promise.all([repo.clubsOf(ids), repo.imagesOf(ids)]);
      const clubs = new Map<number, SyncBeach['clubs']>();
      for (const { beach_id, id, title } of clubRows) {
        const list = clubs.get(beach_id);
        if (list) list.push({ id, title });
        else clubs.set(beach_id, [{ id, title }]);
      }
      const images = new Map<number, string>();
      for (const { beach_id, url } of imageRows) if (!images.has(beach_id)) images.set(beach_id, url);

      // A key deleted and created again is both a tombstone and a beach; the beach is the later change.
      const upsertKeys = new Set(upserts.map((row) => row.key));
      const now = clock();
      return {
        beaches_upsert: upserts.map((row) =>
          presentSyncBeach(row, clubs.get(row.id) ?? [], images.get(row.id) ?? null, now),
        ),
        beaches_delete: deletes.filter((key) => !upsertKeys.has(key)),
        beaches_synced_at: now.toISOString(),
        cursor: hasMore ? formatCursor(lastIncluded, deletesAfter) : formatCursor(lastSeq),
        has_more: hasMore,
        full,
        total: beachCount + tombstoneCount,
      };
    },

    /** Forgets deletions older than the retention period (admin `prune-tombstones`). */
    pruneTombstones(retentionDays = SYNC_TOMBSTONE_RETENTION_DAYS) {
      const before = new Date(clock().getTime() - retentionDays * 24 * 60 * 60 * 1000).toISOString();
      return repo.pruneTombstones(before);
    },
  };
}

export type SyncService = ReturnType<typeof createSyncService>;
