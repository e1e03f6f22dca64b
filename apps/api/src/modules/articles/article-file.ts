import path from 'node:path';
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { ARTICLE_SLUG_PATTERN, fieldErrors, isInAppContentLink } from '@safeshore/domain';

/** The front matter of an article file (content/FORMAT.md). */
const FrontMatterSchema = z.strictObject({
  title: z.string().trim().min(1).max(120),
  summary: z.string().trim().min(1).max(300),
  reviewed: z.union([z.string(), z.date()]).transform((value, ctx) => {
    const text = value instanceof Date ? value.toISOString().slice(0, 10) : value;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'must be a date YYYY-MM-DD' });
      return z.NEVER;
    }
    return text;
  }),
  sources: z
    .array(
      z.strictObject({
        title: z.string().trim().min(1),
        publisher: z.string().trim().min(1).optional(),
        url: z.url({ protocol: /^https?$/ }).optional(),
      }),
    )
    .min(1, 'list at least one source'),
  first_aid: z.array(z.string().trim().min(1)).optional(),
  media: z
    .array(
      z.strictObject({
        id: z.string().regex(ARTICLE_SLUG_PATTERN),
        file: z.string().regex(/^[a-z0-9][a-z0-9-]*\.(svg|png|jpg|webp|pdf)$/),
        alt: z.string().trim().min(1).optional(),
        title: z.string().trim().min(1).optional(),
      }),
    )
    .optional(),
});

export type FrontMatter = z.infer<typeof FrontMatterSchema>;

export interface MediaItem {
  id: string;
  file: string;
  mime: string;
  alt: string | null;
  title: string | null;
}

export interface ParsedArticle {
  slug: string;
  title: string;
  summary: string;
  reviewedAt: string;
  sources: Array<{ title: string; publisher: string | null; url: string | null }>;
  firstAid: string[];
  media: MediaItem[];
  /** Sanitised HTML with media placeholders replaced. */
  body: string;
}

const MIME: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
};

export const mediaUrl = (file: string) => `/media/${file}`;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const markdown = new Marked({ gfm: true, breaks: false });

/** Scripts written right to left, for the dir attribute of a language block. */
const RTL_LANGUAGES = new Set(['ar', 'fa', 'he', 'ur', 'ps', 'dv', 'yi']);
const LANGUAGE_TAG = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

/**
 * `:::lang zh-Hans` … `:::` marks text in another language; it becomes <section lang dir> so
 * screen readers pronounce it correctly and Arabic runs right to left (WCAG 3.1.2).
 */
function renderMarkdown(body: string): string {
  const blocks: string[] = [];
  const marked = body.replace(
    /^:::lang ([^\s]+)[ \t]*\n([\s\S]*?)^:::[ \t]*$/gm,
    (_m, lang: string, inner: string) => {
      if (!LANGUAGE_TAG.test(lang)) throw new ArticleFileError(`"${lang}" is not a language tag`);
      const dir = RTL_LANGUAGES.has(lang.split('-')[0]!) ? 'rtl' : 'ltr';
      blocks.push(
        `<section lang="${lang}" dir="${dir}">${markdown.parse(inner, { async: false })}</section>`,
      );
      return `\n\nLANGBLOCK${blocks.length - 1}\n\n`;
    },
  );
  if (/^\s*:::/m.test(marked))
    throw new ArticleFileError('a ":::lang" block is not closed by a ":::" line of its own');
  return markdown
    .parse(marked, { async: false })
    .replace(/<p>LANGBLOCK(\d+)<\/p>/g, (_m, index: string) => blocks[Number(index)]!);
}

/**
 * Only the markup an article needs survives; links to other sites open in a new tab with
 * rel="noopener noreferrer", in-app links stay as they are; h1 becomes h2 (the page owns the h1).
 */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      'p',
      'h2',
      'h3',
      'h4',
      'ul',
      'ol',
      'li',
      'strong',
      'em',
      'a',
      'img',
      'figure',
      'figcaption',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
      'blockquote',
      'code',
      'pre',
      'hr',
      'br',
      'sup',
      'sub',
      'section',
    ],
    allowedAttributes: {
      a: ['href', 'target', 'rel', 'download'],
      img: ['src', 'alt', 'width', 'height', 'loading'],
      th: ['align', 'colspan', 'rowspan'],
      td: ['align', 'colspan', 'rowspan'],
      ol: ['start'],
      section: ['lang', 'dir'],
    },
    allowedClasses: {},
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    transformTags: {
      h1: 'h2',
      section: (tagName, attribs) => ({
        tagName,
        attribs: {
          ...(attribs.lang && LANGUAGE_TAG.test(attribs.lang) ? { lang: attribs.lang } : {}),
          ...(attribs.dir === 'rtl' || attribs.dir === 'ltr' ? { dir: attribs.dir } : {}),
        },
      }),
      a: (tagName, attribs) => {
        const href = attribs.href ?? '';
        if (href === '' || href.startsWith('#') || href.startsWith('/media/') || isInAppContentLink(href)) {
          return { tagName, attribs };
        }
        if (/^(mailto|tel):/i.test(href)) return { tagName, attribs: { href } };
        return { tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' } };
      },
    },
  });
}

export class ArticleFileError extends Error {}

function splitFrontMatter(text: string): { yaml: string; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text.replace(/^\ufeff/, ''));
  if (!match) throw new ArticleFileError('missing front matter (--- ... ---) at the top of the file');
  return { yaml: match[1]!, body: match[2]! };
}

/** Reads one article file: validates the front matter, renders Markdown, replaces placeholders, sanitises. */
export function parseArticleFile(fileName: string, text: string): ParsedArticle {
  const slug = path.basename(fileName, '.md');
  if (!ARTICLE_SLUG_PATTERN.test(slug)) throw new ArticleFileError(`"${slug}" is not a valid slug`);
  const { yaml, body } = splitFrontMatter(text);
  let raw: unknown;
  try {
    raw = parseYaml(yaml);
  } catch (error) {
    throw new ArticleFileError(`front matter is not valid YAML: ${(error as Error).message}`);
  }
  const parsed = FrontMatterSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = Object.entries(fieldErrors(parsed.error)).map(
      ([field, messages]) => `${field}: ${messages.join(', ')}`,
    );
    throw new ArticleFileError(`front matter: ${problems.join('; ')}`);
  }
  const front = parsed.data;
  const media: MediaItem[] = (front.media ?? []).map((item) => ({
    id: item.id,
    file: item.file,
    mime: MIME[path.extname(item.file)]!,
    alt: item.alt ?? null,
    title: item.title ?? null,
  }));
  const byId = new Map(media.map((item) => [item.id, item]));

  const html = renderMarkdown(body);
  const withMedia = html
    .replace(/<p>\s*\{\{(media|pdf):([a-z0-9-]+)\}\}\s*<\/p>/g, (_m, kind: string, id: string) =>
      placeholder(kind, id, true),
    )
    .replace(/\{\{(media|pdf):([a-z0-9-]+)\}\}/g, (_m, kind: string, id: string) =>
      placeholder(kind, id, false),
    );

  function placeholder(kind: string, id: string, block: boolean): string {
    const item = byId.get(id);
    if (!item) throw new ArticleFileError(`{{${kind}:${id}}} names no media item`);
    if (kind === 'pdf' || item.mime === 'application/pdf') {
      const link = `<a href="${mediaUrl(item.file)}" download="${item.file}">${escapeHtml(item.title ?? item.file)}</a>`;
      return block ? `<p>${link}</p>` : link;
    }
    if (!item.alt) throw new ArticleFileError(`media ${id} needs alt text`);
    const img = `<img src="${mediaUrl(item.file)}" alt="${escapeHtml(item.alt)}" loading="lazy">`;
    return block
      ? `<figure>${img}${item.title ? `<figcaption>${escapeHtml(item.title)}</figcaption>` : ''}</figure>`
      : img;
  }

  return {
    slug,
    title: front.title,
    summary: front.summary,
    reviewedAt: front.reviewed,
    sources: front.sources.map((s) => ({
      title: s.title,
      publisher: s.publisher ?? null,
      url: s.url ?? null,
    })),
    firstAid: front.first_aid ?? [],
    media,
    body: sanitizeArticleHtml(withMedia),
  };
}
