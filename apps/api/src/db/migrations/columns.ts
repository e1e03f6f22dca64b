import type { ColumnDefinitionBuilder } from 'kysely';
import type { DialectName } from '../connection.ts';

/** An auto-increment integer primary key on either database (identity on PostgreSQL). */
export function idColumn(dialect: DialectName) {
  return (col: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? col.primaryKey().generatedByDefaultAsIdentity()
      : col.primaryKey().autoIncrement();
}
