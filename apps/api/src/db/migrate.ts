import { sql } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { DatabaseHandle, DialectName } from './connection.ts';
import { foundation } from './migrations/0001_foundation.ts';
import { articleDetails } from './migrations/0002_article_details.ts';
import { beachSources } from './migrations/0003_beach_sources.ts';
import { accounts } from './migrations/0004_accounts.ts';
import { oauth } from './migrations/0005_oauth.ts';
import { algal } from './migrations/0006_algal.ts';
import { beachInformation } from './migrations/0007_beach_information.ts';
import { locationIndexes } from './migrations/0008_location_indexes.ts';
import { syncSequence } from './migrations/0009_sync.ts';
import { identity } from './migrations/0010_identity.ts';
import { waterQuality } from './migrations/0013_water_quality.ts';
import { dataVersion } from './migrations/0014_data_version.ts';
import { consoleTables } from './migrations/0015_console.ts';
import { operatorImports } from './migrations/0017_operator_imports.ts';
import { alerts } from './migrations/0018_alerts.ts';
import { ripOutlook } from './migrations/0019_rip_outlook.ts';
import { securityRound2 } from './migrations/0020_security_round2.ts';
import { vapidKeys } from './migrations/0021_vapid_keys.ts';

/** Every migration, in order. Names are permanent once released. */
function migrations(dialect: DialectName): Record<string, Migration> {
  return {
    '0001_foundation': foundation(dialect),
    '0002_article_details': articleDetails(dialect),
    '0003_beach_sources': beachSources(dialect),
    '0004_accounts': accounts(dialect),
    '0005_oauth': oauth(),
    '0006_algal': algal(dialect),
    '0007_beach_information': beachInformation(dialect),
    '0008_location_indexes': locationIndexes(),
    '0009_sync': syncSequence(),
    '0010_identity': identity(dialect),
    '0013_water_quality': waterQuality(),
    '0014_data_version': dataVersion(),
    '0015_console': consoleTables(dialect),
    '0017_operator_imports': operatorImports(),
    '0018_alerts': alerts(dialect),
    '0019_rip_outlook': ripOutlook(dialect),
    '0020_security_round2': securityRound2(),
    '0021_vapid_keys': vapidKeys(),
  };
}

export async function migrateToLatest({ db, dialect }: DatabaseHandle): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(dialect) };
  // On PostgreSQL keep the migration bookkeeping in the connection's own schema, so databases in
  // different schemas of one server (tests, tenants) never see each other's lock table.
  const schema =
    dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** app_meta key written by the benchmark data generator (bench/synthetic.ts). */
export const SYNTHETIC_MARK = 'synthetic_benchmark_data';

/** Refuses to serve a database of synthetic benchmark beaches as if it were real. */
export async function assertNotSynthetic(db: DatabaseHandle['db'], allowSynthetic: boolean): Promise<void> {
  const mark = await db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', SYNTHETIC_MARK)
    .executeTakeFirst();
  if (mark && !allowSynthetic) {
    throw new Error(
      'This database holds synthetic benchmark beaches and must not be served as real data ' +
        '(SAFESHORE_ALLOW_SYNTHETIC=true is for benchmarks only).',
    );
  }
}
