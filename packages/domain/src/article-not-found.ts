/** The content page's words for an unknown article (spec). */
export const ARTICLE_NOT_FOUND = { title: 'Not Found', body: 'Page not found...' } as const;
