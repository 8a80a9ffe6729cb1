import type { FastifyInstance } from 'fastify';
import {
  FILES_ROUTE_PREFIX,
  isStorageKey,
  PUBLIC_PREFIX,
  type FileStorage,
} from '../../adapters/storage/index.ts';
import { sendError } from '../../http/error-handler.ts';
import { parseRange } from '../ipfs/index.ts';

const TYPES_BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  glb: 'model/gltf-binary',
};

/**
 * `Content-Disposition` of a stored file: media the app shows (`<img>`, `<video>`) inline, anything else as a
 * download; the name is the key's last segment (already reduced to letters, digits, `_`, `-` and the extension).
 */
export function contentDispositionOfKey(key: string): string {
  const name = key.slice(key.lastIndexOf('/') + 1);
  const ascii = name.replace(/[^A-Za-z0-9._-]/g, '_');
  const disposition = contentTypeOfKey(key) === 'application/octet-stream' ? 'attachment' : 'inline';
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Stored keys end in the extension of their sniffed type; anything else is served as opaque bytes. */
export function contentTypeOfKey(key: string): string {
  return TYPES_BY_EXTENSION[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * `GET /files/{key}`: stored files (always for the local folder; for S3 when no public bucket URL is set).
 * Asset keys are unique per upload, so they are cached for a year; `ogp/` images are regenerated in place, so
 * they revalidate after five minutes. Sandboxed, like the IPFS gateway: a stored file never runs script here.
 */
export function registerFilesRoutes(app: FastifyInstance, storage: FileStorage): void {
  app.route({
    method: ['GET', 'HEAD'],
    url: `${FILES_ROUTE_PREFIX}/*`,
    config: { access: 'public', sessionless: true },
    schema: { hide: true },
    exposeHeadRoute: false,
    handler: async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      if (!isStorageKey(key)) return sendError(reply, 'NOT_FOUND', 'No such file.', undefined, 'notFound');
      const info = await storage.stat(key);
      if (!info) return sendError(reply, 'NOT_FOUND', 'No such file.', undefined, 'notFound');

      const etag = `"${info.size.toString(16)}-${info.modifiedAt.getTime().toString(16)}"`;
      reply
        .header('etag', etag)
        .header(
          'cache-control',
          key.startsWith(PUBLIC_PREFIX) ? 'public, max-age=300' : 'public, max-age=31536000, immutable',
        )
        .header('accept-ranges', 'bytes')
        .header(
          'content-security-policy',
          "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'",
        )
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('content-disposition', contentDispositionOfKey(key))
        .header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();

      reply.type(contentTypeOfKey(key));
      const range = parseRange(request.headers.range, info.size);
      if (range === 'invalid') {
        return reply
          .status(416)
          .header('content-range', `bytes */${info.size}`)
          .type('application/json; charset=utf-8')
          .send({ error: { code: 'BAD_REQUEST', message: 'The requested range cannot be satisfied.' } });
      }
      const { start, end } = range ?? { start: 0, end: info.size - 1 };
      const length = info.size === 0 ? 0 : end - start + 1;
      reply.header('content-length', String(length));
      if (range) reply.status(206).header('content-range', `bytes ${start}-${end}/${info.size}`);
      if (request.method === 'HEAD' || length === 0) return reply.send();
      const body = await storage.get(key, range ?? undefined);
      if (!body) return sendError(reply, 'NOT_FOUND', 'No such file.', undefined, 'notFound');
      return reply.send(body);
    },
  });
}
