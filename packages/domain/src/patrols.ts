import * as z from 'zod/mini';

/**
 * Contract of patrols and public attendance (spec sections 3 and 7).
 * GET /api/v4/beach/{beachId}/patrols?date=YYYY-MM-DD answers the days from `date` (the beach's
 * own calendar) for PATROL_WINDOW_DAYS days.
 */

export const PATROL_WINDOW_DAYS = 7;

export const PatrolDaySchema = z.object({
  /** YYYY-MM-DD in the beach's time zone. */
  date: z.string(),
  is_patrol: z.union([z.literal(0), z.literal(1)]),
  /** "09:00" 24-hour wall time at the beach, null when not patrolled. */
  start_time: z.nullable(z.string()),
  end_time: z.nullable(z.string()),
  /** The public holiday's name in the beach's state that day, else null. */
  public_holiday: z.nullable(z.string()),
});

export const ClubPatrolsSchema = z.object({
  name: z.string(),
  days: z.array(PatrolDaySchema),
});

export const ScheduleDateSchema = z.object({
  /** "Sat" */
  day: z.string(),
  /** YYYY-MM-DD */
  date: z.string(),
  /** "23 Nov" */
  simple: z.string(),
});

export const PatrolsResponseSchema = z.object({
  /** Keyed by club id. */
  patrols: z.record(z.string(), ClubPatrolsSchema),
  schedule_dates: z.array(ScheduleDateSchema),
  /** The first day answered (the requested day, or today at the beach). */
  date: z.string(),
  timezone: z.string(),
  /** True when any schedule shown is sample data, not a real club roster. */
  is_sample: z.boolean(),
  /** Where the schedules came from ("Sample data" for the shipped samples). */
  source: z.nullable(z.string()),
});

export const PatrolsQuerySchema = z.object({
  date: z.optional(
    z
      .string('The date field must be a date of the form YYYY-MM-DD.')
      .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'The date field must be a date of the form YYYY-MM-DD.')),
  ),
});

export const AttendanceRecordSchema = z.object({
  /** 0-23, the hour starting at that wall-clock time at the beach. */
  hour: z.int(),
  people_on_beach: z.int(),
  swimmers: z.int(),
  swimmers_outside_flags: z.int(),
  crafts: z.int(),
});

/** Keyed by a day label such as "Tue, 05 Mar", oldest first. */
export const AttendancesSchema = z.record(z.string(), z.array(AttendanceRecordSchema));

export type PatrolDay = z.infer<typeof PatrolDaySchema>;
export type PatrolsResponse = z.infer<typeof PatrolsResponseSchema>;
export type ScheduleDate = z.infer<typeof ScheduleDateSchema>;
export type AttendanceRecord = z.infer<typeof AttendanceRecordSchema>;
export type Attendances = z.infer<typeof AttendancesSchema>;
