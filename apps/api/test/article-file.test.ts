import { describe, expect, it } from 'vitest';
import {
  ArticleFileError,
  parseArticleFile,
  sanitizeArticleHtml,
} from '../src/modules/articles/article-file.ts';

const front = (extra = '') => `---
title: Sample
summary: A sample.
reviewed: 2026-11-21
sources:
  - title: Source
    url: https://example.org/
${extra}---
`;

describe('parseArticleFile', () => {
  it('renders Markdown and replaces media and PDF placeholders', () => {
    const article = parseArticleFile(
      'sample.md',
      `${front(`media:
  - id: pic
    file: pic.svg
    alt: A picture
  - id: doc
    file: doc.pdf
    title: The leaflet
`)}
## Section

{{media:pic}}

Get {{pdf:doc}} now.
`,
    );
    expect(article.slug).toBe('sample');
    expect(article.reviewedAt).toBe('2026-11-21');
    expect(article.body).toContain('<h2>Section</h2>');
    expect(article.body).toContain(
      '<figure><img src="/media/pic.svg" alt="A picture" loading="lazy" /></figure>',
    );
    expect(article.body).toContain('<a href="/media/doc.pdf" download="doc.pdf">The leaflet</a>');
    expect(article.media.map((m) => m.mime)).toEqual(['image/svg+xml', 'application/pdf']);
  });

  it('opens other sites in a new tab and keeps in-app links in the app', () => {
    const article = parseArticleFile(
      'sample.md',
      `${front()}[rips](/surf-safety/ripcurrents) and [BoM](https://www.bom.gov.au/)`,
    );
    expect(article.body).toContain('<a href="/surf-safety/ripcurrents">rips</a>');
    expect(article.body).toContain(
      '<a href="https://www.bom.gov.au/" target="_blank" rel="noopener noreferrer">BoM</a>',
    );
  });

  it('strips hostile HTML from the body', () => {
    const article = parseArticleFile(
      'sample.md',
      `${front()}<script>alert(1)</script>

<img src="x" onerror="alert(1)">

[click](javascript:alert(1)) and <a href="javascript:alert(2)">this</a>

<iframe src="https://evil.example"></iframe>

<a href="https://x.example" onclick="steal()">x</a>

# Big heading`,
    );
    expect(article.body).not.toMatch(/<script|onerror|onclick|href="javascript:|<iframe|<h1/i);
    expect(article.body).toContain('<h2>Big heading</h2>');
  });

  it.each([
    ['no front matter', 'Just text', /missing front matter/],
    ['a missing title', '---\nsummary: x\nreviewed: 2026-11-21\nsources:\n  - title: s\n---\nx', /title/],
    [
      'no sources',
      '---\ntitle: t\nsummary: x\nreviewed: 2026-11-21\nsources: []\n---\nx',
      /at least one source/,
    ],
    [
      'a bad date',
      '---\ntitle: t\nsummary: x\nreviewed: yesterday\nsources:\n  - title: s\n---\nx',
      /YYYY-MM-DD/,
    ],
    [
      'an unknown field',
      '---\ntitle: t\nsummary: x\nreviewed: 2026-11-21\nauthor: me\nsources:\n  - title: s\n---\nx',
      /author|Unrecognized/,
    ],
    ['a placeholder without media', `${front()}{{media:nothing}}`, /names no media item/],
  ])('rejects a file with %s', (_label, text, message) => {
    expect(() => parseArticleFile('sample.md', text)).toThrow(ArticleFileError);
    expect(() => parseArticleFile('sample.md', text)).toThrow(message);
  });

  it('rejects a file name that is not a slug', () => {
    expect(() => parseArticleFile('Bad_Name.md', front())).toThrow(/not a valid slug/);
  });
});

describe('sanitizeArticleHtml', () => {
  it('keeps mail and phone links without target', () => {
    expect(sanitizeArticleHtml('<a href="tel:000">000</a>')).toBe('<a href="tel:000">000</a>');
  });
});

describe('language blocks', () => {
  it('wrap text in another language with lang and dir', () => {
    const article = parseArticleFile(
      'sample.md',
      `${front()}## العربية – Arabic

:::lang ar
1. اسبح بين العلمين الأحمر والأصفر.
:::

:::lang zh-Hans
在红黄旗之间游泳。
:::
`,
    );
    expect(article.body).toContain('<section lang="ar" dir="rtl"><ol>');
    expect(article.body).toContain('<section lang="zh-Hans" dir="ltr"><p>在红黄旗之间游泳。</p>');
  });

  it('rejects a bad language tag and drops hand-written section attributes', () => {
    expect(() => parseArticleFile('sample.md', `${front()}:::lang "x\nhi\n:::\n`)).toThrow(
      /not a language tag/,
    );
    expect(sanitizeArticleHtml('<section lang="x y" dir="sideways" onclick="x()">t</section>')).toBe(
      '<section>t</section>',
    );
  });
});

describe('unclosed language blocks', () => {
  it('are an error, not silently shown as text', () => {
    const text = `---\ntitle: t\nsummary: s\nreviewed: 2026-11-21\nsources:\n  - title: s\n---\n:::lang vi\n1. Bơi giữa hai lá cờ.\n   :::\n`;
    expect(() => parseArticleFile('sample.md', text)).toThrow(/not closed/);
  });
});
