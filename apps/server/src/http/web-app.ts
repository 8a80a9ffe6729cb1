import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { registerPublicPlugin } from './public-routes.ts';
import { sendError } from './error-handler.ts';

const HASHED_ASSET = /-[A-Za-z0-9_-]{8,}\.(js|css|woff2?|ttf|png|svg|jpg|webp)$/;

/**
 * The built SPA's index.html as text (for pages that render tags into it, e.g. campaign pages for crawlers),
 * or null when the web app is not built. Read on each call: small, and a rebuild needs no restart.
 */
export async function readIndexHtml(webDist: string | undefined): Promise<string | null> {
  if (!webDist) return null;
  try {
    return await fs.promises.readFile(path.join(webDist, 'index.html'), 'utf8');
  } catch {
    return null;
  }
}

/**
 * Serves the built SPA. Unknown API paths are 404 envelopes; any other GET that wants HTML gets index.html so the
 * client router can take over. Hashed build files are cached for a year, everything else revalidates.
 */
export async function installWebApp(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const indexFile = webDist ? path.join(webDist, 'index.html') : undefined;
  const hasWeb = indexFile !== undefined && fs.existsSync(indexFile);

  if (hasWeb) {
    await registerPublicPlugin(
      app,
      async (scope) => {
        await scope.register(fastifyStatic, {
          root: webDist!,
          wildcard: false,
          index: false,
          setHeaders(res, filePath) {
            res.header(
              'cache-control',
              HASHED_ASSET.test(filePath)
                ? 'public, max-age=31536000, immutable'
                : 'public, max-age=0, must-revalidate',
            );
          },
        });
      },
      { sessionless: true },
    );
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/');
    if (wantsPage && hasWeb && request.headers.accept?.includes('text/html')) {
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(fs.createReadStream(indexFile!));
    }
    return sendError(reply, 'NOT_FOUND', `Nothing at ${request.method} ${pathname}.`);
  });
}
