import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.ts';
import { idColumn } from './columns.ts';

/**
 * The rip-current outlook (issue 29): each beach's shore normal (the seaward direction it faces,
 * with where it came from and how sure we are), lifesavers' rip observations with the model's
 * likelihood and inputs for that hour frozen beside them, regional refits of the model's
 * coefficients, and the opt-in "rip outlook high" alert.
 */
export function ripOutlook(dialect: DialectName): Migration {
  const id = idColumn(dialect);
  return {
    async up(db: Kysely<unknown>) {
      // Degrees true, [0, 360): the direction a person on the beach faces when looking out to sea.
      await db.schema.alterTable('beaches').addColumn('shore_normal_deg', 'real').execute();
      // 'osm-coastline' (derived) or 'import' (an operator's hazard-rating file, which wins).
      await db.schema.alterTable('beaches').addColumn('shore_normal_source', 'text').execute();
      // 'high' | 'medium' | 'low'
      await db.schema.alterTable('beaches').addColumn('shore_normal_confidence', 'text').execute();
      // The source line (import) or why the derived value is weak / absent.
      await db.schema.alterTable('beaches').addColumn('shore_normal_note', 'text').execute();

      // The latest outlook per beach (modules/rip refreshes them on a schedule): hourly series over
      // the beach's today and next two days, as JSON arrays of equal length starting at first_hour.
      await db.schema
        .createTable('rip_outlooks')
        .addColumn('beach_id', 'integer', (c) => c.primaryKey().references('beaches.id').onDelete('cascade'))
        .addColumn('computed_at', 'text', (c) => c.notNull())
        .addColumn('first_hour', 'text', (c) => c.notNull())
        // JSON {likelihood, height, direction, level, event}: numbers or null per hour.
        .addColumn('hours', 'text', (c) => c.notNull())
        .addColumn('marine_fetched_at', 'text', (c) => c.notNull())
        // The wave model's grid point that answered, "lat,lon".
        .addColumn('marine_point', 'text')
        .addColumn('tide_station', 'text')
        // null: the NOAA coefficients; else rip_model_coefficients.id.
        .addColumn('coefficients_id', 'integer')
        .execute();
      await db.schema
        .createTable('rip_observations')
        .addColumn('id', 'integer', id)
        .addColumn('beach_id', 'integer', (c) => c.notNull().references('beaches.id').onDelete('cascade'))
        .addColumn('observed_at', 'text', (c) => c.notNull())
        // 'none' | 'some' | 'strong'
        .addColumn('activity', 'text', (c) => c.notNull())
        .addColumn('note', 'text')
        .addColumn('actor_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        // The model for the hour observed, frozen: likelihood 0-100 (null: no outlook then) and
        // its inputs and coefficients as JSON.
        .addColumn('model_likelihood', 'real')
        .addColumn('model_inputs', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('rip_observations_beach_idx')
        .on('rip_observations')
        .columns(['beach_id', 'observed_at'])
        .execute();

      await db.schema
        .createTable('rip_model_coefficients')
        .addColumn('id', 'integer', id)
        // "STATE/area-slug", the same key as console area scopes.
        .addColumn('region', 'text', (c) => c.notNull())
        .addColumn('intercept', 'real', (c) => c.notNull())
        .addColumn('b_height', 'real', (c) => c.notNull())
        .addColumn('b_angle', 'real', (c) => c.notNull())
        .addColumn('b_event', 'real', (c) => c.notNull())
        .addColumn('b_level', 'real', (c) => c.notNull())
        .addColumn('observations', 'integer', (c) => c.notNull())
        .addColumn('brier_cv', 'real', (c) => c.notNull())
        .addColumn('brier_noaa_cv', 'real', (c) => c.notNull())
        .addColumn('fitted_at', 'text', (c) => c.notNull())
        .addColumn('fitted_by', 'text', (c) => c.notNull())
        // null while in use; set when rolled back (the row is kept for the record).
        .addColumn('retired_at', 'text')
        .execute();
      await db.schema
        .createIndex('rip_model_coefficients_region_idx')
        .on('rip_model_coefficients')
        .columns(['region', 'fitted_at'])
        .execute();

      await db.schema
        .alterTable('alert_settings')
        .addColumn('rip', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('alert_beach_preferences')
        .addColumn('rip', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('alert_beach_preferences').dropColumn('rip').execute();
      await db.schema.alterTable('alert_settings').dropColumn('rip').execute();
      await db.schema.dropTable('rip_model_coefficients').ifExists().execute();
      await db.schema.dropTable('rip_observations').ifExists().execute();
      await db.schema.dropTable('rip_outlooks').ifExists().execute();
      for (const column of [
        'shore_normal_deg',
        'shore_normal_source',
        'shore_normal_confidence',
        'shore_normal_note',
      ])
        await db.schema.alterTable('beaches').dropColumn(column).execute();
    },
  };
}
