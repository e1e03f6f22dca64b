import { useQuery } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { useMatches, useNavigate, useParams } from 'react-router';
import {
  ARTICLE_NOT_FOUND,
  CORE_SAFETY_ARTICLE_SLUGS,
  ONLINE_ONLY_MESSAGE,
  contentSlugFor,
  isInAppContentLink,
  isOnlineOnlyContent,
  type Article,
} from '@safeshore/domain';
import { usePageTitle } from '../../app/page-title.ts';
import type { RouteHandle } from '../../app/router.tsx';
import { ApiError } from '../../data/api.ts';
import { articleQuery } from '../../data/queries.ts';
import { useDataMode } from '../../data/source.ts';
import { useOnline } from '../../platform/online.ts';
import { NotSavedOffline } from '../../ui/NotSavedOffline.tsx';

const REVIEW_DATE = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * The surf-safety article page, also used by About, Apps and Privacy-Policy (their slug is the
 * lowercased route name). The body is HTML sanitised by the server; links to surf-safety paths
 * navigate in the app, other links already open in a new tab.
 */
export function ContentPage() {
  const { slug: param } = useParams();
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  const routeName = handle?.name ?? 'SurfSafety';
  const slug = contentSlugFor(routeName, param);
  const online = useOnline();
  const onlineOnly = !online && isOnlineOnlyContent(routeName, slug);
  const mode = useDataMode();
  const { data, error, isPending, fetchStatus } = useQuery({
    ...articleQuery(slug, mode),
    enabled: !onlineOnly,
  });
  const notFound = error instanceof ApiError && (error.status === 404 || error.status === 422);
  // Offline, an article the local database does not hold (or no local database at all).
  const notSaved = !online && ((isPending && fetchStatus === 'paused') || (mode === 'offline' && notFound));
  usePageTitle(
    data?.title ?? (notFound && !notSaved ? ARTICLE_NOT_FOUND.title : (handle?.title ?? 'Surf Safety')),
  );

  if (onlineOnly) {
    return (
      <div className="page page--narrow">
        <h1>{handle?.title || 'Surf Safety'}</h1>
        <p>{ONLINE_ONLY_MESSAGE}</p>
      </div>
    );
  }
  if (notSaved)
    return <NotSavedOffline what={CORE_SAFETY_ARTICLE_SLUGS.includes(slug) ? 'safety article' : 'page'} />;
  if (isPending) {
    return (
      <div className="page page--narrow" aria-busy="true">
        <p className="loading" role="status">
          <span className="spinner" aria-hidden="true" /> Loading…
        </p>
      </div>
    );
  }
  if (notFound) {
    return (
      <div className="page page--narrow">
        <h1>{ARTICLE_NOT_FOUND.title}</h1>
        <p>{ARTICLE_NOT_FOUND.body}</p>
      </div>
    );
  }
  if (error) {
    return (
      <div className="page page--narrow">
        <h1>Could not load this page</h1>
        <p>{online ? error.message : ONLINE_ONLY_MESSAGE}</p>
      </div>
    );
  }
  return <ArticleView article={data} />;
}

export function ArticleView({ article }: { article: Article }) {
  const navigate = useNavigate();
  const onBodyClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as HTMLElement).closest('a');
    const href = link?.getAttribute('href');
    if (!link || !href || link.target === '_blank' || link.hasAttribute('download')) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (isInAppContentLink(href)) {
      event.preventDefault();
      navigate(href);
    }
  };

  return (
    <article className="page page--narrow article" aria-labelledby="article-title">
      <h1 id="article-title">{article.title}</h1>
      {article.first_aid.length > 0 && (
        <aside className="first-aid-note" aria-label="First aid guidance">
          <p>
            <strong>In an emergency call Triple Zero (000).</strong> First aid on this page follows{' '}
            {article.first_aid.join('; ')}.
          </p>
        </aside>
      )}
      {/* The body is sanitised on the server (allow-listed tags and attributes only). */}
      <div className="prose" onClick={onBodyClick} dangerouslySetInnerHTML={{ __html: article.body }} />
      <footer className="article__meta">
        <p>Last reviewed {REVIEW_DATE.format(new Date(`${article.reviewed_at}T00:00:00Z`))}.</p>
        {article.sources.length > 0 && (
          <>
            <h2>Sources</h2>
            <ul>
              {article.sources.map((source) => (
                <li key={`${source.title}-${source.url ?? ''}`}>
                  {source.url ? (
                    <a href={source.url} target="_blank" rel="noopener noreferrer">
                      {source.title}
                    </a>
                  ) : (
                    source.title
                  )}
                  {source.publisher && `, ${source.publisher}`}
                </li>
              ))}
            </ul>
          </>
        )}
      </footer>
    </article>
  );
}
export default ContentPage;
