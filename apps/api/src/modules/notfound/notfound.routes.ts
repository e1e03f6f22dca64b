import type { FastifyInstance } from 'fastify';
import { NotFoundBodySchema } from '@safeshore/domain';
import type { Database } from '../../db/schema.ts';
import { parseInput } from '../../http/errors.ts';

/**
 * Reports of pages that do not exist, counted per url: one row per distinct url, and at most
 * `maxRows` urls (NOT_FOUND_REPORTS_MAX). When a new url would go over, the least recently seen
 * are dropped, so a client inventing urls cannot grow the table without bound.
 */
export function createNotFoundRepository(db: Database, maxRows = 10_000) {
  return {
    async record(url: string, at: string): Promise<void> {
      const row = await db
        .insertInto('not_found_reports')
        .values({ url, hits: 1, first_seen: at, last_seen: at })
        .onConflict((oc) =>
          oc
            .column('url')
            .doUpdateSet((eb) => ({ hits: eb('not_found_reports.hits', '+', 1), last_seen: at })),
        )
        .returning('hits')
        .executeTakeFirst();
      if (row?.hits === 1) await this.prune();
    },

    /** Drops the least recently seen reports beyond the cap. */
    async prune(): Promise<void> {
      const { count } = await db
        .selectFrom('not_found_reports')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      if (Number(count) <= maxRows) return;
      const keep = db
        .selectFrom('not_found_reports')
        .select('id')
        .orderBy('last_seen', 'desc')
        .orderBy('id', 'desc')
        .limit(maxRows);
      await db.deleteFrom('not_found_reports').where('id', 'not in', keep).execute();
    },
  };
}

export function notFoundRoutes(
  app: FastifyInstance,
  repo: ReturnType<typeof createNotFoundRepository>,
  clock: () => Date = () => new Date(),
): void {
  app.post('/api/v4/notfound', async (request) => {
    const { url } = parseInput(NotFoundBodySchema, request.body);
    await repo.record(url, clock().toISOString());
    return { message: 'Thank you, the missing page has been reported.' };
  });
}
