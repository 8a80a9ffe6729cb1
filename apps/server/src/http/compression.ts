import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';

/** JSON, HTML, plain text and SVG; never event streams (SSE must flush per event) nor binary downloads. */
const COMPRESSIBLE = /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|^image\/svg\+xml/;

/**
 * Compresses API answers (and server-rendered HTML) above 1 KB on the fly: brotli at quality 4 or gzip at level
 * 6, fast settings that cost far less CPU than they save bytes (bench:api, decision 0081). Smaller answers go out
 * as they are: below about a kilobyte the headers dominate. Static files are precompressed at build time and
 * carry their own Content-Encoding, which this leaves alone.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
