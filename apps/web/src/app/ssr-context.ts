import { createContext as createRouterContext } from 'react-router';

/**
 * Server rendering (issue 23). On the server the route loaders do not fetch over HTTP: the server
 * entry (entry-server.tsx) passes a `ServerLoad` in the router context, whose reads go to the API's
 * own services in process and put their answers into the request's query cache (under the same keys
 * the screens read). In the browser the context holds nothing and the loaders prefetch as before.
 */
export interface ServerLoad {
  /** A beach by url path; throws a 404 route error when there is no such beach. */
  beach(path: string): Promise<void>;
  /** A place page ("/nsw/waverley/bondi"); throws a 404 route error for an unknown place. */
  place(pathname: string): Promise<void>;
  /**
   * An article or content page: the route's name and its :slug parameter (the server maps them to
   * the article's slug, so the mapping stays out of the browser's first download); throws a 404
   * route error for an unknown article.
   */
  article(routeName: string, slugParam: string | undefined): Promise<void>;
  /**
   * Home's place for the request's address (the API's location answer with no body); left to the
   * browser when it is not ready within the deadline or has no place.
   */
  home(): Promise<void>;
}

export const SERVER_LOAD = createRouterContext<ServerLoad | null>(null);
