import { z } from 'zod';
import { beachesByKey, readCsvFile, reasonsOf } from '../../db/seed/import-file.ts';
import type { Database } from '../../db/schema.ts';
import type { WaterQualitySite } from '../../providers/beachwatch.ts';
import { matchSites } from './matching.ts';
import { loadOperatorMapping, matchableBeaches } from './index.ts';
import { bumpDataVersion } from '../../db/data-version.ts';

/**
 * `npm run admin -- import-water-quality-sites FILE`: the operator's mapping of Beachwatch sites to
 * beaches. CSV with the columns `site_id,beach_key`: one row per (site, beach); `beach_key` is a
 * catalogue beach key, or `none` (the site speaks for no beach). Several rows for one site let it
 * cover several beaches. Rows are checked one by one (unknown beach key, duplicate row, `none`
 * mixed with beaches for one site); any rejected row means nothing is written. A good file
 * replaces the whole stored mapping.
 */

const RowSchema = z.object({
  site_id: z.string().trim().min(1, 'is required').max(100, 'is longer than 100 characters'),
  beach_key: z.string().trim().min(1, 'is required (a beach key, or none)').max(200),
});

export interface WaterQualityImportReport {
  file: string;
  rows: number;
  rejected: Array<{ line: number; reasons: string[] }>;
  written: boolean;
  /** Filled when the live feed could be read: how the sites then match. */
  matching: {
    sites: number;
    matchedBeaches: number;
    unmatchedSites: string[];
    ambiguous: Array<{ siteId: string; candidates: string[]; chosen: string | null; reason: string }>;
  } | null;
}

export async function importWaterQualitySites(
  db: Database,
  file: string,
  options: { now: Date; sites?: readonly WaterQualitySite[] | null },
): Promise<WaterQualityImportReport> {
  const rows = readCsvFile(file, ['site_id', 'beach_key'], ['site_id', 'beach_key']);
  const report: WaterQualityImportReport = {
    file,
    rows: rows.length,
    rejected: [],
    written: false,
    matching: null,
  };
  const known = await beachesByKey(
    db,
    rows.map((r) => r.values.beach_key ?? '').filter((k) => k && k.toLowerCase() !== 'none'),
  );
  const seen = new Set<string>();
  const bySite = new Map<string, { none: boolean; beaches: number; firstLine: number }>();
  const good: Array<{ site_id: string; beach_key: string | null }> = [];
  for (const raw of rows) {
    if (raw.width !== null) {
      report.rejected.push({ line: raw.line, reasons: [`has ${raw.width} fields; the header has 2`] });
      continue;
    }
    const parsed = RowSchema.safeParse(raw.values);
    if (!parsed.success) {
      report.rejected.push({ line: raw.line, reasons: reasonsOf(parsed.error) });
      continue;
    }
    const { site_id } = parsed.data;
    const none = parsed.data.beach_key.toLowerCase() === 'none';
    const beach_key = none ? null : parsed.data.beach_key;
    const reasons: string[] = [];
    if (beach_key !== null && !known.has(beach_key))
      reasons.push(`beach_key "${beach_key}" is not a known beach`);
    const id = `${site_id}\u0000${beach_key ?? ''}`;
    if (seen.has(id)) reasons.push('repeats an earlier row');
    const site = bySite.get(site_id) ?? { none: false, beaches: 0, firstLine: raw.line };
    if ((none && site.beaches > 0) || (!none && site.none))
      reasons.push(`site "${site_id}" is both "none" and mapped to a beach (line ${site.firstLine})`);
    if (reasons.length > 0) {
      report.rejected.push({ line: raw.line, reasons });
      continue;
    }
    seen.add(id);
    if (none) site.none = true;
    else site.beaches += 1;
    bySite.set(site_id, site);
    good.push({ site_id, beach_key });
  }
  if (report.rejected.length > 0) return report;

  const importedAt = options.now.toISOString();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('water_quality_site_mappings').execute();
    for (let i = 0; i < good.length; i += 200) {
      await trx
        .insertInto('water_quality_site_mappings')
        .values(good.slice(i, i + 200).map((row) => ({ ...row, imported_at: importedAt })))
        .execute();
    }
    await bumpDataVersion(trx, options.now);
  });
  report.written = true;

  if (options.sites) {
    const result = matchSites(options.sites, await matchableBeaches(db), await loadOperatorMapping(db));
    report.matching = {
      sites: options.sites.length,
      matchedBeaches: result.byBeach.size,
      unmatchedSites: result.unmatchedSites,
      ambiguous: result.ambiguous,
    };
  }
  return report;
}

export function formatWaterQualityReport(report: WaterQualityImportReport): string[] {
  const lines = [
    report.written
      ? `${report.file}: ${report.rows} rows stored (the mapping was replaced)`
      : `${report.file}: ${report.rejected.length} rejected; nothing was changed`,
  ];
  for (const r of report.rejected) lines.push(`  line ${r.line}: ${r.reasons.join('; ')}`);
  if (report.written && report.matching) {
    const m = report.matching;
    lines.push(
      `Beachwatch now: ${m.sites} sites, ${m.matchedBeaches} beaches matched, ${m.unmatchedSites.length} sites unmatched, ${m.ambiguous.length} ambiguous`,
    );
    if (m.unmatchedSites.length > 0) lines.push(`  unmatched sites: ${m.unmatchedSites.join(', ')}`);
    for (const a of m.ambiguous)
      lines.push(
        `  ambiguous: site ${a.siteId}: ${a.reason} (${a.candidates.join(', ')}; chosen ${a.chosen ?? 'none'})`,
      );
  } else if (report.written) {
    lines.push('Beachwatch could not be read now (or WEATHER_PROVIDERS=off): no matching report.');
  }
  return lines;
}
