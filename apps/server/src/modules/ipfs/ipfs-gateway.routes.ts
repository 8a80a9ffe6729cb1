import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { CID } from 'multiformats/cid';
import type { IpfsAdapter } from '../../adapters/ipfs/index.ts';
import type { Lazy } from '../../lib/lazy.ts';
import { sendError } from '../../http/error-handler.ts';
import { errorResponse, pathParameter, type OpenApiOperation } from '../../http/openapi-describe.ts';
import { SNIFF_BYTES, sniffMediaType } from '../../lib/media-type.ts';

/** Parses a single `bytes=` range against a file size; null when absent, 'invalid' when unsatisfiable. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'invalid';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'invalid';
  return { start, end };
}

async function readHead(ipfs: IpfsAdapter, cid: string, size: number): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const part of ipfs.cat(cid, { offset: 0, length: Math.min(SNIFF_BYTES, size) }))
    parts.push(part);
  return Buffer.concat(parts);
}

/**
 * `GET /ipfs/{cid}`: the embedded gateway. Content-addressed, so responses are immutable and cacheable forever;
 * the media type is sniffed from the bytes; range requests are honoured. Everything is served sandboxed so an
 * uploaded SVG or HTML file cannot run script on this origin.
 */
export function registerIpfsGatewayRoutes(app: FastifyInstance, ipfsStore: Lazy<IpfsAdapter>): void {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/ipfs/:cid',
    config: {
      access: 'public',
      openapi: { '/ipfs/{cid}': { get: gatewayOperation('ipfsGet'), head: gatewayOperation('ipfsHead') } },
    },
    // Binary answers the generator cannot infer: described by hand in `config.openapi` (decision 0216).
    schema: { hide: true },
    handler: async (request, reply) => {
      const { cid } = request.params as { cid: string };
      try {
        CID.parse(cid);
      } catch {
        return sendError(reply, 'BAD_REQUEST', `"${cid.slice(0, 100)}" is not a CID.`);
      }
      const ipfs = await ipfsStore.get();
      const stat = await ipfs.stat(cid);
      if (!stat)
        return sendError(reply, 'NOT_FOUND', `No content with CID ${cid} here.`, undefined, 'notFound');

      const etag = `"${cid}"`;
      reply
        .header('etag', etag)
        .header('cache-control', 'public, max-age=29030400, immutable')
        .header('accept-ranges', 'bytes')
        .header('x-ipfs-path', `/ipfs/${cid}`)
        .header(
          'content-security-policy',
          "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'",
        )
        .header('cross-origin-resource-policy', 'cross-origin');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();

      reply.type(await sniffMediaType(await readHead(ipfs, cid, stat.size)));
      const range = parseRange(request.headers.range, stat.size);
      if (range === 'invalid') {
        // 416 has no code of its own in the envelope; BAD_REQUEST says what kind of mistake it is.
        return reply
          .status(416)
          .header('content-range', `bytes */${stat.size}`)
          .type('application/json; charset=utf-8')
          .send({ error: { code: 'BAD_REQUEST', message: 'The requested range cannot be satisfied.' } });
      }
      const { start, end } = range ?? { start: 0, end: stat.size - 1 };
      const length = stat.size === 0 ? 0 : end - start + 1;
      reply.header('content-length', String(length));
      if (range) reply.status(206).header('content-range', `bytes ${start}-${end}/${stat.size}`);
      if (request.method === 'HEAD' || length === 0) return reply.send();
      return reply.send(Readable.from(ipfs.cat(cid, { offset: start, length })));
    },
  });
}

const fileHeaders = {
  ETag: { description: 'The CID, quoted: the content never changes.', schema: { type: 'string' } },
  'Cache-Control': { description: 'Immutable, cacheable for a year.', schema: { type: 'string' } },
  'Content-Length': { schema: { type: 'integer' } },
};

/** The gateway's OpenAPI operation: `GET` answers the bytes, `HEAD` the same headers without them. */
function gatewayOperation(operationId: 'ipfsGet' | 'ipfsHead'): OpenApiOperation {
  const head = operationId === 'ipfsHead';
  const bytes = { schema: { type: 'string', contentMediaType: 'application/octet-stream' } };
  return {
    operationId,
    summary: head ? 'Headers of a file on IPFS by CID' : 'A file on IPFS by CID (ranges honoured)',
    description:
      'The embedded gateway (only when IPFS runs inside the server). The media type is sniffed from the bytes; ' +
      'every answer is sandboxed by its Content-Security-Policy.',
    tags: ['ipfs'],
    security: [],
    parameters: [
      pathParameter('cid', 'The content identifier (CIDv0 or CIDv1).'),
      {
        name: 'Range',
        in: 'header',
        required: false,
        description: 'One `bytes=` range.',
        schema: { type: 'string' },
      },
    ],
    responses: {
      200: { description: 'The file', headers: fileHeaders, ...(head ? {} : { content: { '*/*': bytes } }) },
      206: {
        description: 'The requested range',
        headers: fileHeaders,
        ...(head ? {} : { content: { '*/*': bytes } }),
      },
      304: { description: 'Not modified (If-None-Match matched the CID)' },
      400: errorResponse('Not a CID'),
      404: errorResponse('No content with this CID here'),
      416: errorResponse('The range cannot be satisfied'),
    },
  };
}
