import fs from 'node:fs';
import path from 'node:path';
import { isStateCode } from '@safeshore/domain';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import type { Database } from '../schema.ts';
import { ImportFileError } from './beach-rows.ts';
import { bumpDataVersion } from '../data-version.ts';

/** Import of Home announcements from YAML or JSON (format: data/announcements/FORMAT.md). */

export interface AnnouncementImportReport {
  file: string;
  added: number;
  updated: number;
  unchanged: number;
  rejected: Array<{ row: number; key: string | null; reasons: string[] }>;
}

/** An ISO 8601 instant with a zone ("2026-12-01T00:00:00+10:00" or "…Z"), stored as UTC. */
const instant = z.preprocess(
  (value) => (value instanceof Date ? value.toISOString() : value),
  z
    .string('must be a date and time such as 2026-12-01T00:00:00+10:00')
    .regex(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/,
      'must be a date and time with a zone, such as 2026-12-01T00:00:00+10:00',
    )
    .refine((value) => !Number.isNaN(Date.parse(value)), 'is not a real date and time')
    .transform((value) => new Date(value).toISOString()),
);

/** A page of this site ("/surf-safety/ripcurrents") or an https:// address. */
const buttonUrl = z
  .string()
  .trim()
  .max(500, 'must not be longer than 500 characters')
  .refine((value) => {
    if (value.startsWith('/')) return !value.startsWith('//') && !/[\s\\]/.test(value);
    try {
      return new URL(value).protocol === 'https:';
    } catch {
      return false;
    }
  }, 'must be a path on this site (starting with /) or an https:// address');

/** Required text: "is required" when missing, "must be text" for another type. */
const text = () =>
  z.string({
    error: (issue) => (issue.input === undefined || issue.input === null ? 'is required' : 'must be text'),
  });

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? null : value), schema.nullable().optional());

const AnnouncementRowSchema = z
  .object({
    key: text()
      .trim()
      .regex(/^[a-z0-9][a-z0-9._-]{0,99}$/, 'must be 1-100 lowercase letters, digits, ".", "_" or "-"'),
    title: text().trim().min(1, 'is required').max(120, 'must not be longer than 120 characters'),
    description: text().trim().min(1, 'is required').max(1000, 'must not be longer than 1000 characters'),
    button_label: optional(z.string().trim().min(1).max(40, 'must not be longer than 40 characters')),
    button_url: optional(buttonUrl),
    state: optional(
      z
        .string()
        .trim()
        .transform((value) => value.toUpperCase())
        .refine(
          isStateCode,
          'must be a state code (NSW, VIC, QLD, SA, WA, TAS, NT, ACT) or empty for everywhere',
        ),
    ),
    starts_at: optional(instant),
    ends_at: optional(instant),
    sort: z.int('must be a whole number').min(-10_000).max(10_000).optional(),
  })
  .strict()
  .superRefine((row, ctx) => {
    if (!row.button_label !== !row.button_url) {
      ctx.addIssue({
        code: 'custom',
        path: ['button_url'],
        message: 'button_label and button_url go together: give both or neither',
      });
    }
    if (row.starts_at && row.ends_at && row.ends_at <= row.starts_at) {
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'must be after starts_at' });
    }
  });

export type AnnouncementRow = z.output<typeof AnnouncementRowSchema>;

/** Reads the file's rows: a YAML or JSON list of objects. A file that is not one is an ImportFileError. */
export function readAnnouncementsFile(file: string): unknown[] {
  const ext = path.extname(file).toLowerCase();
  if (!['.yaml', '.yml', '.json'].includes(ext))
    throw new ImportFileError(`Unsupported file type "${ext}": use .yaml, .yml or .json.`);
  const text = fs.readFileSync(file, 'utf8');
  let doc: unknown;
  try {
    doc = ext === '.json' ? JSON.parse(text) : parseYaml(text);
  } catch (error) {
    throw new ImportFileError(`Not valid ${ext === '.json' ? 'JSON' : 'YAML'}: ${(error as Error).message}`);
  }
  if (!Array.isArray(doc)) throw new ImportFileError('Expected a list of announcements.');
  return doc;
}

/** Validates rows; a key used twice is rejected the second time. */
export function validateAnnouncements(rows: unknown[]): {
  valid: AnnouncementRow[];
  rejected: AnnouncementImportReport['rejected'];
} {
  const valid: AnnouncementRow[] = [];
  const rejected: AnnouncementImportReport['rejected'] = [];
  const seen = new Set<string>();
  rows.forEach((raw, index) => {
    const row = index + 1;
    const rawKey = (raw as { key?: unknown } | null)?.key;
    const key = typeof rawKey === 'string' ? rawKey : null;
    const parsed = AnnouncementRowSchema.safeParse(raw);
    if (!parsed.success) {
      const reasons = parsed.error.issues.map((issue) =>
        issue.code === 'unrecognized_keys'
          ? `unknown field(s): ${issue.keys.join(', ')}`
          : `${issue.path.length > 0 ? issue.path.join('.') : 'row'} ${issue.path.length > 0 ? issue.message : 'must be an object with key, title and description'}`,
      );
      return rejected.push({ row, key, reasons });
    }
    if (seen.has(parsed.data.key)) {
      return rejected.push({ row, key, reasons: [`key ${parsed.data.key} is used by an earlier row`] });
    }
    seen.add(parsed.data.key);
    valid.push(parsed.data);
  });
  return { valid, rejected };
}

/**
 * Imports announcements, idempotent by key: new keys are added, changed ones updated, the rest
 * left alone (announcements missing from the file are kept; end one with ends_at). Every row is
 * checked first: a file with any bad row is reported and changes nothing; otherwise all rows are
 * written in one transaction.
 */
export async function importAnnouncements(db: Database, file: string): Promise<AnnouncementImportReport> {
  const { valid, rejected } = validateAnnouncements(readAnnouncementsFile(file));
  const report: AnnouncementImportReport = { file, added: 0, updated: 0, unchanged: 0, rejected };
  if (rejected.length > 0) return report;
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    for (const row of valid) {
      const values = {
        title: row.title,
        description: row.description,
        button_label: row.button_label ?? null,
        button_url: row.button_url ?? null,
        state: row.state ?? null,
        starts_at: row.starts_at ?? null,
        ends_at: row.ends_at ?? null,
        sort: row.sort ?? 0,
      };
      const existing = await trx
        .selectFrom('announcements')
        .select(['id', ...(Object.keys(values) as Array<keyof typeof values>)])
        .where('key', '=', row.key)
        .executeTakeFirst();
      if (!existing) {
        await trx
          .insertInto('announcements')
          .values({ key: row.key, ...values, updated_at: now })
          .execute();
        report.added++;
      } else if (
        (Object.keys(values) as Array<keyof typeof values>).every((k) => existing[k] === values[k])
      ) {
        report.unchanged++;
      } else {
        await trx
          .updateTable('announcements')
          .set({ ...values, updated_at: now })
          .where('id', '=', existing.id)
          .execute();
        report.updated++;
      }
    }
    await bumpDataVersion(trx, new Date(now));
  });
  return report;
}
