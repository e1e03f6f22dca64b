import type { Database, RipModelCoefficientsTable, RipObservationsTable } from '../../db/schema.ts';
import type { Selectable } from 'kysely';
import { bumpDataVersion } from '../../db/data-version.ts';

/** A beach as the outlook needs it. */
export interface RipBeachRow {
  id: number;
  title: string;
  state: string;
  area: string;
  area_slug: string;
  latitude: number;
  longitude: number;
  timezone: string;
  shore_normal_deg: number | null;
  shore_normal_source: string | null;
  shore_normal_confidence: string | null;
  shore_normal_note: string | null;
}

export interface RipOutlookRow {
  beach_id: number;
  computed_at: string;
  first_hour: string;
  /** JSON of StoredHours. */
  hours: string;
  marine_fetched_at: string;
  marine_point: string | null;
  tide_station: string | null;
  coefficients_id: number | null;
}

export type RipObservationRow = Selectable<RipObservationsTable>;
export type RipCoefficientsRow = Selectable<RipModelCoefficientsTable>;

export interface RipObservationWithPlace extends RipObservationRow {
  title: string;
  state: string;
  area: string;
  area_slug: string;
}

const BEACH_COLUMNS = [
  'id',
  'title',
  'state',
  'area',
  'area_slug',
  'latitude',
  'longitude',
  'timezone',
  'shore_normal_deg',
  'shore_normal_source',
  'shore_normal_confidence',
  'shore_normal_note',
] as const;

/** Writes in chunks: SQLite allows at most 32,766 bound values a statement. */
const CHUNK = 500;

export function createRipRepository(db: Database) {
  return {
    beach(id: number): Promise<RipBeachRow | undefined> {
      return db.selectFrom('beaches').select(BEACH_COLUMNS).where('id', '=', id).executeTakeFirst();
    },

    /** Every beach with a shore normal: the ones an outlook can be computed for. */
    beachesWithShoreNormal(): Promise<RipBeachRow[]> {
      return db
        .selectFrom('beaches')
        .select(BEACH_COLUMNS)
        .where('shore_normal_deg', 'is not', null)
        .orderBy('id')
        .execute();
    },

    /**
     * Saves a refresh's outlooks in one transaction and raises the data version once (list rows
     * and pages carry the level, so cached answers must let go; the indexes hold none of it).
     */
    async saveOutlooks(rows: RipOutlookRow[], at: Date): Promise<void> {
      if (rows.length === 0) return;
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < rows.length; i += CHUNK) {
          const chunk = rows.slice(i, i + CHUNK);
          await trx
            .insertInto('rip_outlooks')
            .values(chunk)
            .onConflict((oc) =>
              oc.column('beach_id').doUpdateSet((eb) => ({
                computed_at: eb.ref('excluded.computed_at'),
                first_hour: eb.ref('excluded.first_hour'),
                hours: eb.ref('excluded.hours'),
                marine_fetched_at: eb.ref('excluded.marine_fetched_at'),
                marine_point: eb.ref('excluded.marine_point'),
                tide_station: eb.ref('excluded.tide_station'),
                coefficients_id: eb.ref('excluded.coefficients_id'),
              })),
            )
            .execute();
        }
        await bumpDataVersion(trx, at, { indexed: false });
      });
    },

    outlook(beachId: number): Promise<RipOutlookRow | undefined> {
      return db.selectFrom('rip_outlooks').selectAll().where('beach_id', '=', beachId).executeTakeFirst();
    },

    async outlooks(beachIds: readonly number[]): Promise<RipOutlookRow[]> {
      const rows: RipOutlookRow[] = [];
      for (let i = 0; i < beachIds.length; i += CHUNK) {
        const chunk = beachIds.slice(i, i + CHUNK);
        if (chunk.length > 0)
          rows.push(
            ...(await db.selectFrom('rip_outlooks').selectAll().where('beach_id', 'in', chunk).execute()),
          );
      }
      return rows;
    },

    /** The newest outlook computation (the refresh's own clock). */
    async lastComputedAt(): Promise<string | null> {
      const row = await db
        .selectFrom('rip_outlooks')
        .select((eb) => eb.fn.max('computed_at').as('at'))
        .executeTakeFirst();
      return (row?.at as string | null | undefined) ?? null;
    },

    /** Claims the refresh (compare-and-set on app_meta), so one process of many runs it. */
    async claimRefresh(previous: string | null, next: string): Promise<boolean> {
      const key = 'rip_refresh_claimed_at';
      if (previous === null) {
        const inserted = await db
          .insertInto('app_meta')
          .values({ key, value: next })
          .onConflict((oc) => oc.column('key').doNothing())
          .executeTakeFirst();
        return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
      }
      const updated = await db
        .updateTable('app_meta')
        .set({ value: next })
        .where('key', '=', key)
        .where('value', '=', previous)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },

    async refreshClaim(): Promise<string | null> {
      const row = await db
        .selectFrom('app_meta')
        .select('value')
        .where('key', '=', 'rip_refresh_claimed_at')
        .executeTakeFirst();
      return row?.value ?? null;
    },

    /** The coefficients in use per region (the newest not retired). */
    async activeCoefficients(): Promise<RipCoefficientsRow[]> {
      const rows = await db
        .selectFrom('rip_model_coefficients')
        .selectAll()
        .where('retired_at', 'is', null)
        .orderBy('fitted_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      const seen = new Set<string>();
      return rows.filter((row) => (seen.has(row.region) ? false : (seen.add(row.region), true)));
    },

    async insertCoefficients(row: Omit<RipCoefficientsRow, 'id' | 'retired_at'>): Promise<number> {
      const inserted = await db
        .insertInto('rip_model_coefficients')
        .values({ ...row, retired_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    },

    /** Retires a region's coefficients in use; the one retired, or undefined when none. */
    async retireActive(region: string, at: string): Promise<RipCoefficientsRow | undefined> {
      const active = (await this.activeCoefficients()).find((row) => row.region === region);
      if (!active) return undefined;
      await db
        .updateTable('rip_model_coefficients')
        .set({ retired_at: at })
        .where('id', '=', active.id)
        .execute();
      return active;
    },

    async insertObservation(row: Omit<RipObservationRow, 'id'>): Promise<RipObservationRow> {
      return db.insertInto('rip_observations').values(row).returningAll().executeTakeFirstOrThrow();
    },

    /** Observations with the beach's place, optionally of one region ("STATE/area-slug") or beach. */
    observations(
      filter: { state?: string; areaSlug?: string; beachId?: number } = {},
    ): Promise<RipObservationWithPlace[]> {
      let query = db
        .selectFrom('rip_observations as o')
        .innerJoin('beaches as b', 'b.id', 'o.beach_id')
        .selectAll('o')
        .select(['b.title', 'b.state', 'b.area', 'b.area_slug']);
      if (filter.state !== undefined) query = query.where('b.state', '=', filter.state);
      if (filter.areaSlug !== undefined) query = query.where('b.area_slug', '=', filter.areaSlug);
      if (filter.beachId !== undefined) query = query.where('o.beach_id', '=', filter.beachId);
      return query.orderBy('o.observed_at').orderBy('o.id').execute();
    },

    /** Per beach: observations that had a model hour, and their outcome counts, for the standing. */
    async standingRows(
      beachId: number,
    ): Promise<Array<{ model_likelihood: number | null; activity: string }>> {
      return db
        .selectFrom('rip_observations')
        .select(['model_likelihood', 'activity'])
        .where('beach_id', '=', beachId)
        .execute();
    },
  };
}

export type RipRepository = ReturnType<typeof createRipRepository>;
