import type { FastifyInstance } from 'fastify';
import { ARTICLE_SLUG_PATTERN, type Article } from '@safeshore/domain';
import { notFound, validationFailed } from '../../http/errors.ts';
import { mediaUrl } from './article-file.ts';
import type { ArticlesRepository } from './articles.repository.ts';

export function articlesRoutes(app: FastifyInstance, repo: ArticlesRepository): void {
  app.get<{ Params: { slug: string } }>('/api/v4/surf-safety/:slug', async (request) => {
    const { slug } = request.params;
    if (slug.length > 100 || !ARTICLE_SLUG_PATTERN.test(slug)) {
      throw validationFailed({ slug: ['The slug must be lower-case words separated by dashes.'] });
    }
    const row = await repo.findPublished(slug);
    if (!row) throw notFound('Page not found...');
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
    return { article };
  });
}
