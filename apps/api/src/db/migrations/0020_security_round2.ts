import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The endpoint spelling the API now stores (alerts/store.ts normaliseEndpoint), frozen here. */
function normalised(endpoint: string): string | null {
  try {
    const url = new URL(endpoint);
    url.hash = '';
    return url.href;
  } catch {
    return null;
  }
}

const SUBSCRIPTIONS_MAX = 10;

/**
 * Security round 2 (issue 31): Web Push endpoints stored in one spelling, so look-alike spellings
 * of one endpoint (upper-case host, ":443") become one row (the newest kept), and each account
 * keeps its newest 10 subscriptions (README "Alerts").
 */
export function securityRound2(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const rows = (
        await sql<{
          id: number;
          user_id: number;
          endpoint: string;
        }>`select id, user_id, endpoint from push_subscriptions order by created_at desc, id desc`.execute(db)
      ).rows;
      const seen = new Set<string>();
      const perUser = new Map<number, number>();
      for (const row of rows) {
        const endpoint = normalised(row.endpoint);
        const count = perUser.get(row.user_id) ?? 0;
        if (endpoint === null || seen.has(endpoint) || count >= SUBSCRIPTIONS_MAX) {
          await sql`delete from push_subscriptions where id = ${row.id}`.execute(db);
          continue;
        }
        seen.add(endpoint);
        perUser.set(row.user_id, count + 1);
        if (endpoint !== row.endpoint)
          await sql`update push_subscriptions set endpoint = ${endpoint} where id = ${row.id}`.execute(db);
      }
    },
    async down() {
      // Nothing to undo: the rows kept are valid under the earlier code too.
    },
  };
}
