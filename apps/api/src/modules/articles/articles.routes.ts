import type { FastifyInstance } from 'fastify';
import { ARTICLE_SLUG_PATTERN, type Article } from '@safeshore/domain';
import { notFound, validationFailed } from '../../http/errors.ts';
import { CACHE_POLICIES, type ReadModel } from '../read-model/index.ts';
import { mediaUrl } from './article-file.ts';
import type { ArticlesRepository } from './articles.repository.ts';

export function articlesRoutes(app: FastifyInstance, repo: ArticlesRepository, readModel?: ReadModel): void {
  app.get<{ Params: { slug: string } }>('/api/v4/surf-safety/:slug', async (request, reply) => {
    const { slug } = request.params;
    if (slug.length > 100 || !ARTICLE_SLUG_PATTERN.test(slug)) {
      throw validationFailed({ slug: ['The slug must be lower-case words separated by dashes.'] });
    }
    // Finished answers cached per data version (read-model/cache.ts).
    if (readModel) {
      return readModel.cachedPublicResponse(request, reply, { policy: CACHE_POLICIES.article }, () =>
        article(slug),
      );
    }
    return article(slug);
  });

  async function article(slug: string): Promise<{ article: Article }> {
    const found = await readArticle(repo, slug);
    if (!found) throw notFound('Page not found...');
    return { article: found };
  }
}

/** A published article as the API sends it, or null; server-rendered pages read it too (issue 23). */
export async function readArticle(repo: ArticlesRepository, slug: string): Promise<Article | null> {
  const row = await repo.findPublished(slug);
  if (!row) return null;
  const media = await repo.mediaOf(row.id);
  const article: Article = {
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    body: row.body,
    media: media.map((item) => ({
      id: item.key,
      mime: item.mime,
      title: item.title,
      url: mediaUrl(item.file),
      download: `${mediaUrl(item.file)}?download=1`,
    })),
    sources: JSON.parse(row.sources) as Article['sources'],
    first_aid: JSON.parse(row.first_aid) as string[],
    reviewed_at: row.reviewed_at ?? '',
  };
  return article;
}
