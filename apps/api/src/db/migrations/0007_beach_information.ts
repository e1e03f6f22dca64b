import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.ts';
import { idColumn } from './columns.ts';

/**
 * Beach information beyond the beach itself: patrol seasons (weekly hours per club and beach, with
 * one-off exceptions), public holidays per state, hourly public attendance, announcements, IP
 * ranges for the no-body location lookup, and a sample flag on beach posts. Every row that can hold
 * sample data says so (is_sample), so sample data is never presented as real.
 */
export function beachInformation(dialect: DialectName): Migration {
  const id = idColumn(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('patrol_seasons')
        .addColumn('id', 'integer', id)
        .addColumn('beach_id', 'integer', (c) => c.notNull().references('beaches.id').onDelete('cascade'))
        .addColumn('club_id', 'integer', (c) => c.notNull().references('clubs.id').onDelete('cascade'))
        // Inclusive YYYY-MM-DD days in the beach's own calendar.
        .addColumn('starts_on', 'text', (c) => c.notNull())
        .addColumn('ends_on', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('is_sample', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('patrol_seasons_unique', ['beach_id', 'club_id', 'starts_on'])
        .execute();
      await db.schema
        .createIndex('patrol_seasons_beach_idx')
        .on('patrol_seasons')
        .columns(['beach_id', 'starts_on', 'ends_on'])
        .execute();
      await db.schema
        .createTable('patrol_hours')
        .addColumn('id', 'integer', id)
        .addColumn('season_id', 'integer', (c) =>
          c.notNull().references('patrol_seasons.id').onDelete('cascade'),
        )
        // 0 Sunday … 6 Saturday; 7 = public holidays in the beach's state (overrides the weekday).
        .addColumn('weekday', 'integer', (c) => c.notNull())
        // "HH:MM" wall time at the beach.
        .addColumn('start_time', 'text', (c) => c.notNull())
        .addColumn('end_time', 'text', (c) => c.notNull())
        .addUniqueConstraint('patrol_hours_unique', ['season_id', 'weekday'])
        .execute();
      await db.schema
        .createTable('patrol_exceptions')
        .addColumn('id', 'integer', id)
        .addColumn('season_id', 'integer', (c) =>
          c.notNull().references('patrol_seasons.id').onDelete('cascade'),
        )
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('is_patrol', 'integer', (c) => c.notNull())
        .addColumn('start_time', 'text')
        .addColumn('end_time', 'text')
        .addColumn('note', 'text')
        .addUniqueConstraint('patrol_exceptions_unique', ['season_id', 'date'])
        .execute();
      await db.schema
        .createTable('public_holidays')
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('public_holidays_pk', ['state', 'date'])
        .execute();
      await db.schema
        .createTable('attendance_records')
        .addColumn('id', 'integer', id)
        .addColumn('beach_id', 'integer', (c) => c.notNull().references('beaches.id').onDelete('cascade'))
        // YYYY-MM-DD and hour (0-23) of the beach's wall clock.
        .addColumn('local_date', 'text', (c) => c.notNull())
        .addColumn('hour', 'integer', (c) => c.notNull())
        .addColumn('people_on_beach', 'integer', (c) => c.notNull())
        .addColumn('swimmers', 'integer', (c) => c.notNull())
        .addColumn('swimmers_outside_flags', 'integer', (c) => c.notNull())
        .addColumn('crafts', 'integer', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('is_sample', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('recorded_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('attendance_records_unique', ['beach_id', 'local_date', 'hour'])
        .execute();
      await db.schema
        .createTable('announcements')
        .addColumn('id', 'integer', id)
        // Stable key from the import file, so re-importing updates instead of duplicating.
        .addColumn('key', 'text', (c) => c.notNull().unique())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('button_label', 'text')
        .addColumn('button_url', 'text')
        // null = shown everywhere; else a state code (NSW…) the place must be in.
        .addColumn('state', 'text')
        // ISO instants; null = open-ended.
        .addColumn('starts_at', 'text')
        .addColumn('ends_at', 'text')
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_sample', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('ip_ranges')
        .addColumn('id', 'integer', id)
        // 4 or 6; bounds are the address as 32 lowercase hex digits (IPv4 mapped), so text order is numeric order.
        .addColumn('family', 'integer', (c) => c.notNull())
        .addColumn('range_start', 'text', (c) => c.notNull())
        .addColumn('range_end', 'text', (c) => c.notNull())
        .addColumn('postcode', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('ip_ranges_start_idx').on('ip_ranges').columns(['range_start']).execute();
      await db.schema
        .alterTable('beach_posts')
        .addColumn('is_sample', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('beach_posts').dropColumn('is_sample').execute();
      for (const table of [
        'ip_ranges',
        'announcements',
        'attendance_records',
        'public_holidays',
        'patrol_exceptions',
        'patrol_hours',
        'patrol_seasons',
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
