import type { Database } from '../../db/schema.ts';

export function createArticlesRepository(db: Database) {
  return {
    findPublished(slug: string) {
      return db
        .selectFrom('articles')
        .select(['id', 'slug', 'title', 'summary', 'body', 'sources', 'first_aid', 'reviewed_at'])
        .where('slug', '=', slug)
        .where('published', '=', 1)
        .executeTakeFirst();
    },
    mediaOf(articleId: number) {
      return db
        .selectFrom('article_media')
        .select(['key', 'file', 'mime', 'title'])
        .where('article_id', '=', articleId)
        .orderBy('sort')
        .execute();
    },
  };
}

export type ArticlesRepository = ReturnType<typeof createArticlesRepository>;
