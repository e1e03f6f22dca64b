import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { indexTerms, normalizeSearchText } from '@safeshore/domain';
import { parseArticleFile, type ParsedArticle } from '../../modules/articles/article-file.ts';
import type { Database } from '../schema.ts';
import { bumpDataVersion } from '../data-version.ts';

export const CONTENT_HASH_KEY = 'content_hash';

export interface ArticlesImportReport {
  loaded: number;
  unpublished: number;
  errors: Array<{ file: string; reason: string }>;
}

function articleFiles(contentDir: string): string[] {
  const dir = path.join(contentDir, 'articles');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => path.join(dir, name));
}

/** A fingerprint of every article and media file, so start-up reloads content only when it changed. */
export function contentHash(contentDir: string): string {
  const hash = crypto.createHash('sha256');
  for (const sub of ['articles', 'media']) {
    const dir = path.join(contentDir, sub);
    if (!fs.existsSync(dir)) continue;
    for (const name of fs.readdirSync(dir).sort()) {
      hash.update(`${sub}/${name}\0`);
      hash.update(fs.readFileSync(path.join(dir, name)));
    }
  }
  return hash.digest('hex');
}

/** Parses every article file; a file that fails is reported and left out. */
export function readArticles(contentDir: string): {
  articles: ParsedArticle[];
  errors: ArticlesImportReport['errors'];
} {
  const articles: ParsedArticle[] = [];
  const errors: ArticlesImportReport['errors'] = [];
  const mediaDir = path.join(contentDir, 'media');
  for (const file of articleFiles(contentDir)) {
    try {
      const article = parseArticleFile(file, fs.readFileSync(file, 'utf8'));
      const missing = article.media.filter((item) => !fs.existsSync(path.join(mediaDir, item.file)));
      if (missing.length > 0)
        throw new Error(`media file(s) not found: ${missing.map((m) => m.file).join(', ')}`);
      articles.push(article);
    } catch (error) {
      errors.push({ file: path.basename(file), reason: (error as Error).message });
    }
  }
  return { articles, errors };
}

/**
 * Loads the articles in one transaction: upserts by slug, replaces media and search terms, and
 * unpublishes articles whose file is gone.
 */
export async function importArticles(db: Database, contentDir: string): Promise<ArticlesImportReport> {
  const { articles, errors } = readArticles(contentDir);
  const now = new Date().toISOString();
  let unpublished = 0;
  await db.transaction().execute(async (trx) => {
    for (const article of articles) {
      const values = {
        title: article.title,
        search_name: normalizeSearchText(article.title),
        summary: article.summary,
        body: article.body,
        sources: JSON.stringify(article.sources),
        first_aid: JSON.stringify(article.firstAid),
        reviewed_at: article.reviewedAt,
        published: 1,
        updated_at: now,
      };
      const { id } = await trx
        .insertInto('articles')
        .values({ slug: article.slug, ...values })
        .onConflict((oc) => oc.column('slug').doUpdateSet(values))
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.deleteFrom('article_media').where('article_id', '=', id).execute();
      if (article.media.length > 0) {
        await trx
          .insertInto('article_media')
          .values(
            article.media.map((item, sort) => ({
              article_id: id,
              key: item.id,
              file: item.file,
              mime: item.mime,
              title: item.title ?? item.alt,
              sort,
            })),
          )
          .execute();
      }
      await trx.deleteFrom('search_terms').where('kind', '=', 'article').where('ref_id', '=', id).execute();
      const terms = indexTerms(article.title).map((term) => ({ term, kind: 'article' as const, ref_id: id }));
      if (terms.length > 0) await trx.insertInto('search_terms').values(terms).execute();
    }
    const slugs = articles.map((a) => a.slug);
    let stale = trx.updateTable('articles').set({ published: 0, updated_at: now }).where('published', '=', 1);
    if (slugs.length > 0) stale = stale.where('slug', 'not in', slugs);
    unpublished = Number((await stale.executeTakeFirst()).numUpdatedRows);
    await bumpDataVersion(trx, new Date(now));
  });
  return { loaded: articles.length, unpublished, errors };
}

/** On start-up: reload the articles when the content files changed since the last load. */
export async function syncContent(db: Database, contentDir: string): Promise<ArticlesImportReport | null> {
  const hash = contentHash(contentDir);
  const stored = await db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', CONTENT_HASH_KEY)
    .executeTakeFirst();
  if (stored?.value === hash) return null;
  const report = await importArticles(db, contentDir);
  await db
    .insertInto('app_meta')
    .values({ key: CONTENT_HASH_KEY, value: hash })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: hash }))
    .execute();
  return report;
}
