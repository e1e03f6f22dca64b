import type { FastifyInstance } from 'fastify';
import { NotFoundBodySchema } from '@safeshore/domain';
import type { Database } from '../../db/schema.ts';
import { parseInput } from '../../http/errors.ts';

/** Reports of pages that do not exist, counted per url (bounded: one row per distinct url). */
export function createNotFoundRepository(db: Database) {
  return {
    async record(url: string, at: string): Promise<void> {
      await db
        .insertInto('not_found_reports')
        .values({ url, hits: 1, first_seen: at, last_seen: at })
        .onConflict((oc) =>
          oc
            .column('url')
            .doUpdateSet((eb) => ({ hits: eb('not_found_reports.hits', '+', 1), last_seen: at })),
        )
        .execute();
    },
  };
}

export function notFoundRoutes(
  app: FastifyInstance,
  repo: ReturnType<typeof createNotFoundRepository>,
): void {
  app.post('/api/v4/notfound', async (request) => {
    const { url } = parseInput(NotFoundBodySchema, request.body);
    await repo.record(url, new Date().toISOString());
    return { message: 'Thank you, the missing page has been reported.' };
  });
}
