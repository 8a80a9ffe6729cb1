import fs from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { fontRoutes, type FontDataUrl } from '@hanabi/api';
import { notFound } from '../../lib/app-error.ts';
import { registerRoute } from '../../http/register-route.ts';
import { resolveFontFile } from './font-files.ts';

/**
 * `GET /assets/font/data-url/{font}.json`: an editor font as a data: URL (the original's call), read once from
 * its self-hosted package and kept in memory. 404 for a font this server does not have installed.
 */
export function registerFontRoutes(app: FastifyInstance): void {
  const cache = new Map<string, Promise<FontDataUrl>>();
  registerRoute(app, fontRoutes.fontDataUrl, async ({ params, reply }) => {
    const file = resolveFontFile(params.font);
    if (!file) throw notFound('notFound', `No font "${params.font.slice(0, 50)}" here.`);
    let answer = cache.get(file.id);
    if (!answer) {
      answer = fs.readFile(file.path).then((bytes) => ({
        font: file.id,
        family: file.family,
        format: file.format,
        dataUrl: `data:font/${file.format};base64,${bytes.toString('base64')}`,
      }));
      cache.set(file.id, answer);
      answer.catch(() => cache.delete(file.id));
    }
    reply.header('cache-control', 'public, max-age=86400');
    return answer;
  });
}
