import type { Database } from '../../../db/schema.ts';
import { readCsvTextAsync } from '../../../db/seed/import-file.ts';
import { PATROL_COLUMNS, PATROL_REQUIRED_COLUMNS, importPatrolRows } from '../../../db/seed/patrols.ts';
import {
  announceChanges,
  fromRowReport,
  type ImportCsv,
  type ImportRunOptions,
  type OperatorImportReport,
} from './common.ts';

/**
 * Patrol seasons and rosters by club and beach: the import-patrols format (data/sample/FORMAT.md,
 * README "Operators' imports"): beach, club, first and last day, weekdays or weekday ranges
 * ("sat sun ph", "mon-fri") or one day's exception, start and end in the beach's own time zone.
 * Seasons are (beach, club, starts_on); a re-run of the same file changes nothing.
 */
export async function importRosters(
  db: Database,
  file: ImportCsv,
  options: ImportRunOptions,
): Promise<OperatorImportReport> {
  const rows = await readCsvTextAsync(file.text, file.name, PATROL_COLUMNS, PATROL_REQUIRED_COLUMNS);
  const result = await importPatrolRows(db, rows, file.name, {
    now: options.now,
    dryRun: options.dryRun,
    checkBeach: options.checkBeach,
    afterWrite: async (trx, beachIds, report) => {
      // importPatrolRows raises the data version itself; the beaches' records are marked too.
      if (beachIds.length > 0) await announceChanges(trx, beachIds, options.now);
      await options.afterWrite?.(trx, {
        kind: 'rosters',
        file: file.name,
        beachIds,
        report: { ...fromRowReport('rosters', report), applied: true },
      });
    },
  });
  return fromRowReport('rosters', result);
}
