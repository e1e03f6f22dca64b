import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { DatabaseHandle, DialectName } from './connection.ts';
import { foundation } from './migrations/0001_foundation.ts';
import { articleDetails } from './migrations/0002_article_details.ts';

/** Every migration, in order. Names are permanent once released. */
function migrations(dialect: DialectName): Record<string, Migration> {
  return {
    '0001_foundation': foundation(dialect),
    '0002_article_details': articleDetails(dialect),
  };
}

export async function migrateToLatest({ db, dialect }: DatabaseHandle): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(dialect) };
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
