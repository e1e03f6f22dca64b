import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchAppRoute } from '@safeshore/domain';
import { requestedPath } from '../http/rate-limit.ts';
import type { PageRenderer } from './pages.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app: hashed assets cached forever, everything else revalidated, and any
 * page path answered with index.html (the client router renders it). Paths that match no route
 * get the same page with a 404 status, so crawlers and monitors see the truth. Files are looked up
 * per request, so a rebuilt app is served without a restart. Dotfiles (the build stamp
 * `.build-complete`, anything a deploy leaves behind) are never served: they answer as missing.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  pages?: PageRenderer,
): Promise<void> {
  const built = () => fs.existsSync(path.join(distDir, 'index.html'));
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: true,
    index: false,
    dotfiles: 'ignore',
    preCompressed: true,
    setHeaders(reply, filePath) {
      reply.header(
        'Cache-Control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : 'no-cache',
      );
    },
  });

  const sendApp = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!built()) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app has not been built. Run `npm start` (or `npm run dev` for development).');
    }
    // Public pages are rendered on the server (pages.ts); the rest get the shell.
    if (pages && (await pages.handle(request, reply))) return reply;
    const pathname = request.url.split('?')[0] ?? '/';
    const status = matchAppRoute(pathname).name === '404' ? 404 : 200;
    reply.header('Cache-Control', 'no-cache');
    return reply.status(status).sendFile('index.html');
  };

  app.get('/', sendApp);
  // Page paths name no file: they are answered before the static wildcard ("/*") would look each
  // one up on disk (the path, its .br and .gz, every directory's spelling) and then give up: on a
  // cached server-rendered page that lookup was most of the request's cost (issue 23).
  const builtNames = new Set(fs.existsSync(distDir) ? fs.readdirSync(distDir) : []);
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.url !== '/*' || (request.method !== 'GET' && request.method !== 'HEAD')) return;
    if (!isPagePath(request.url.split('?')[0] ?? '/', builtNames)) return;
    await sendApp(request, reply);
    return reply;
  });
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    // Requests for missing API paths count towards the general limit, however the path is spelled.
    if (!isPage || requestedPath(request.url).startsWith('/api/')) {
      await app.generalRateLimit(request, reply);
      if (reply.sent) return reply;
    }
    if (pathname.startsWith('/api/') || !isPage) {
      return reply.status(404).send({ message: 'Not found.' });
    }
    return sendApp(request, reply);
  });
}

/**
 * A path of one of the app's pages (the route table's, not the 404): never a file, unless the build
 * holds a file or folder of its first segment's name (then the static files answer it first).
 */
export function isPagePath(pathname: string, builtNames: ReadonlySet<string>): boolean {
  if (matchAppRoute(pathname).name === '404') return false;
  return !builtNames.has(pathname.split('/')[1] ?? '');
}
