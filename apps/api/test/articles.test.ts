import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArticleResponseSchema, REQUIRED_ARTICLE_SLUGS } from '@safeshore/domain';
import { importArticles, readArticles } from '../src/db/seed/articles.ts';
import { CONTENT_DIR, FIXTURES, startTestApp, type TestApp } from './helpers.ts';

describe('the bundled articles', () => {
  const { articles, errors } = readArticles(CONTENT_DIR);

  it('all parse, with their media present', () => {
    expect(errors).toEqual([]);
  });

  it('cover every slug the menus and footer link to, each with a title, body and review date', () => {
    const bySlug = new Map(articles.map((a) => [a.slug, a]));
    const missing = REQUIRED_ARTICLE_SLUGS.filter((slug) => !bySlug.has(slug));
    expect(missing).toEqual([]);
    for (const slug of REQUIRED_ARTICLE_SLUGS) {
      const article = bySlug.get(slug)!;
      expect(article.title.length, slug).toBeGreaterThan(0);
      expect(article.body.length, slug).toBeGreaterThan(200);
      expect(article.reviewedAt, slug).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(article.sources.length, slug).toBeGreaterThan(0);
    }
  });

  it('contain no unsanitised HTML', () => {
    for (const article of articles) {
      expect(article.body, article.slug).not.toMatch(/<script|<iframe|<style|\son[a-z]+=|javascript:/i);
      for (const [, attrs] of article.body.matchAll(/<a ([^>]*href="https?:[^>]*)>/g)) {
        expect(attrs, article.slug).toContain('rel="noopener noreferrer"');
      }
    }
  });

  it('lead first aid with Triple Zero (000) and name the guideline followed', () => {
    for (const article of articles.filter((a) => a.firstAid.length > 0)) {
      expect(article.body, article.slug).toMatch(/000/);
      expect(article.firstAid.join(' '), article.slug).toMatch(/ANZCOR|Australian Resuscitation Council/);
    }
  });
});

describe('the rip currents article (issue 30)', () => {
  const rips = readArticles(CONTENT_DIR).articles.find((a) => a.slug === 'ripcurrents')!;

  it('leads with what to do if caught in a rip, before anything else', () => {
    const firstHeading = /<h2[^>]*>(.*?)<\/h2>/.exec(rips.body)?.[1];
    expect(firstHeading).toBe('Caught in a rip? Do this');
    const summary = rips.body.slice(0, rips.body.indexOf('<h2', rips.body.indexOf('</h2>')));
    for (const step of [
      'Stay calm and float',
      'Raise an arm and call out',
      'Swim parallel to the beach',
      '000',
    ]) {
      expect(summary).toContain(step);
    }
    expect(rips.body.indexOf('Caught in a rip? Do this')).toBeLessThan(rips.body.indexOf('What is a rip?'));
  });

  describe('its diagram', () => {
    const svg = fs.readFileSync(path.join(CONTENT_DIR, 'media', 'rip-current.svg'), 'utf8');
    const width = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)![1]);
    const number = (tag: string, name: string) =>
      Number(new RegExp(`\\s${name}="(-?[\\d.]+)"`).exec(tag)?.[1]);

    it('has labels of at least 17 px when the drawing is 360 px wide (a phone)', () => {
      const groupSize = Number(/<g [^>]*font-size="(\d+)"/.exec(svg)![1]);
      const labels = [...svg.matchAll(/<text\b[^>]*>/g)].map(
        ([tag]) => number(tag, 'font-size') || groupSize,
      );
      expect(labels.length).toBeGreaterThan(5);
      for (const size of labels) expect((size * 360) / width).toBeGreaterThanOrEqual(17);
    });

    it('keeps the label boxes ("Swim across", "Rip current") clear of the wave lines and arrows', () => {
      type Box = { x1: number; y1: number; x2: number; y2: number };
      const overlaps = (a: Box, b: Box) => a.x1 < b.x2 && b.x1 < a.x2 && a.y1 < b.y2 && b.y1 < a.y2;
      /** The box around points, widened by `pad` (a stroke's half width and its arrow head). */
      const around = (points: number[][], pad: number): Box => ({
        x1: Math.min(...points.map((p) => p[0]!)) - pad,
        y1: Math.min(...points.map((p) => p[1]!)) - pad,
        x2: Math.max(...points.map((p) => p[0]!)) + pad,
        y2: Math.max(...points.map((p) => p[1]!)) + pad,
      });
      const labels = [...svg.matchAll(/<rect\b[^>]*fill="#ffffff"[^>]*>/g)].map(([tag]) =>
        around(
          [
            [number(tag, 'x'), number(tag, 'y')],
            [number(tag, 'x') + number(tag, 'width'), number(tag, 'y') + number(tag, 'height')],
          ],
          0,
        ),
      );
      expect(labels).toHaveLength(2);
      const strokes: Box[] = [];
      // Straight arrows (lines, "M x,y L x,y") and the rip's curve by their points, with arrow heads.
      for (const [tag] of svg.matchAll(/<line\b[^>]*>/g)) {
        strokes.push(
          around(
            [
              [number(tag, 'x1'), number(tag, 'y1')],
              [number(tag, 'x2'), number(tag, 'y2')],
            ],
            14,
          ),
        );
      }
      for (const [, d] of svg.matchAll(/<path d="(M[\d.]+,[\d.]+ [LC][\d., ]+)"/g)) {
        strokes.push(
          around(
            [...d!.matchAll(/([\d.]+),([\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]),
            14,
          ),
        );
      }
      // The waves, "M x,y q25,-14 50,0 t50,0 …": from x along the run of their segments, 14 high.
      for (const [, x, y, rest] of svg.matchAll(/<path d="M([\d.]+),([\d.]+) (q[^"]*)"/g)) {
        // Each segment ends at its last pair, relative to where it starts.
        const run = rest!
          .split(/(?=[qt])/)
          .reduce((sum, segment) => sum + Number(/(-?[\d.]+),-?[\d.]+\s*$/.exec(segment)![1]), 0);
        strokes.push(
          around(
            [
              [Number(x), Number(y) - 14],
              [Number(x) + run, Number(y)],
            ],
            4,
          ),
        );
      }
      expect(strokes.length).toBeGreaterThan(9);
      for (const label of labels) {
        for (const stroke of strokes)
          expect(overlaps(label, stroke), JSON.stringify({ label, stroke })).toBe(false);
      }
    });
  });
});

describe('GET /api/v4/surf-safety/{slug}', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ contentDir: path.join(FIXTURES, 'content') });
  });
  afterAll(async () => {
    await t.close();
  });

  it('returns the article with media urls and download links', async () => {
    const res = await t.app.inject('/api/v4/surf-safety/test-article');
    expect(res.statusCode).toBe(200);
    const { article } = ArticleResponseSchema.parse(res.json());
    expect(article).toMatchObject({
      slug: 'test-article',
      title: 'Test article',
      reviewed_at: '2026-11-01',
      first_aid: ['ANZCOR Guideline 8 – Cardiopulmonary Resuscitation'],
    });
    expect(article.media).toEqual([
      {
        id: 'diagram',
        mime: 'image/svg+xml',
        title: 'The diagram',
        url: '/media/diagram.svg',
        download: '/media/diagram.svg?download=1',
      },
      {
        id: 'leaflet',
        mime: 'application/pdf',
        title: 'Leaflet (PDF)',
        url: '/media/leaflet.pdf',
        download: '/media/leaflet.pdf?download=1',
      },
    ]);
    expect(article.body).toContain('<img src="/media/diagram.svg"');
    expect(article.body).toContain('<a href="/media/leaflet.pdf" download="leaflet.pdf">Leaflet (PDF)</a>');
  });

  it('serves the media file with a strict CSP, and as an attachment on ?download', async () => {
    const res = await t.app.inject('/media/diagram.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    const download = await t.app.inject('/media/leaflet.pdf?download=1');
    expect(download.headers['content-disposition']).toBe('attachment');
  });

  it('answers an unknown slug with 404 "Page not found..."', async () => {
    const res = await t.app.inject('/api/v4/surf-safety/no-such-article');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Page not found...' });
  });

  it.each(['Bad_Slug', '..%2F..%2Fetc%2Fpasswd', '%3Cscript%3E', 'a'.repeat(101)])(
    'rejects the slug %s with 422',
    async (slug) => {
      const res = await t.app.inject(`/api/v4/surf-safety/${slug}`);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.slug).toHaveLength(1);
    },
  );

  it('reports a bad file and unpublishes articles whose file is gone', async () => {
    const report = await importArticles(t.handle.db, path.join(FIXTURES, 'content'));
    expect(report.errors).toEqual([{ file: 'Bad_Name.md', reason: '"Bad_Name" is not a valid slug' }]);
    await t.handle.db
      .insertInto('articles')
      .values({
        slug: 'old-article',
        title: 'Old',
        search_name: 'old',
        body: '<p>x</p>',
        published: 1,
        updated_at: '2020-01-01',
      })
      .execute();
    const again = await importArticles(t.handle.db, path.join(FIXTURES, 'content'));
    expect(again.unpublished).toBe(1);
    expect((await t.app.inject('/api/v4/surf-safety/old-article')).statusCode).toBe(404);
  });

  it('makes articles searchable in autocomplete', async () => {
    const res = await t.app.inject('/api/v4/autocomplete?q=test%20art');
    expect(res.json().articles).toEqual([
      expect.objectContaining({ title: 'Test article', url: 'test-article' }),
    ]);
  });
});
