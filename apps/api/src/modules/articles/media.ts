import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Article media (our own SVG illustrations and PDFs) from content/media at /media/. `?download=1`
 * asks the browser to save the file. Media never runs script: a strict CSP rides on every file.
 */
export async function registerArticleMedia(app: FastifyInstance, mediaDir: string): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onSend', async (request, reply, payload) => {
      reply.header(
        'Content-Security-Policy',
        "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'",
      );
      reply.header('X-Content-Type-Options', 'nosniff');
      if ((request.query as Record<string, unknown>).download !== undefined)
        reply.header('Content-Disposition', 'attachment');
      return payload;
    });
    await scope.register(fastifyStatic, {
      root: mediaDir,
      prefix: '/media/',
      decorateReply: false,
      index: false,
      maxAge: '1d',
    });
  });
}
