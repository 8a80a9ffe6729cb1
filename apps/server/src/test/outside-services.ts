import http from 'node:http';
import type net from 'node:net';
import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import { sha256 } from 'multiformats/hashes/sha2';
import { DRAND_QUICKNET } from '@hanabi/draw';
import { flipBit, QUICKNET_ROUND_12040883, type DrandRound } from '@hanabi/draw/quicknet-rounds';

/**
 * Working stand-ins for S3, Kubo's RPC (`/api/v0/…`, as Kubo's client asks whatever path its URL has) and a
 * drand relay (`/drand/…`) on one loopback port, each the smallest part of the real
 * protocol an adapter's probe uses (the doctor's tests, decision 0225): S3 path-style put/get/head/delete at the root,
 * kept in memory, Kubo `add` (single-block files, raw leaves: the CID is the bytes' raw CID, as Kubo's), `cat`, `pin/ls`,
 * and drand `/{chain}/public/latest` answering a real quicknet round — or that round with one bit of its
 * signature flipped (`relay.lie = true`), which no pinned key verifies.
 */
export interface OutsideServices {
  url: string;
  s3Objects: Map<string, Buffer>;
  pinned: Set<string>;
  /** The round `public/latest` answers. */
  round: DrandRound;
  relay: { lie: boolean };
  close(): Promise<void>;
}

async function body(request: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The one file part of a multipart/form-data body. */
function filePart(payload: Buffer, contentType: string): Buffer {
  const boundary = `--${/boundary=([^;]+)/.exec(contentType)![1]!.replace(/"/g, '')}`;
  const start = payload.indexOf('\r\n\r\n', payload.indexOf(boundary)) + 4;
  const end = payload.indexOf(`\r\n${boundary}`, start);
  return payload.subarray(start, end);
}

export async function startOutsideServices(): Promise<OutsideServices> {
  const s3Objects = new Map<string, Buffer>();
  const blocks = new Map<string, Buffer>();
  const pinned = new Set<string>();
  const relay = { lie: false };
  const round = QUICKNET_ROUND_12040883;
  const server = http.createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const payload = await body(request);
      if (!url.pathname.startsWith('/api/v0/') && !url.pathname.startsWith('/drand/')) {
        const key = decodeURIComponent(url.pathname.slice(1));
        if (request.method === 'PUT') {
          s3Objects.set(key, payload);
          return response.writeHead(200, { etag: '"probe"' }).end();
        }
        const stored = s3Objects.get(key);
        if (request.method === 'DELETE') {
          s3Objects.delete(key);
          return response.writeHead(204).end();
        }
        if (!stored) {
          const missing = '<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>none</Message></Error>';
          return response
            .writeHead(404, { 'content-type': 'application/xml' })
            .end(request.method === 'HEAD' ? undefined : missing);
        }
        response.writeHead(200, {
          'content-type': 'text/plain',
          'content-length': stored.length,
          'last-modified': new Date().toUTCString(),
        });
        return response.end(request.method === 'HEAD' ? undefined : stored);
      }
      if (url.pathname === '/api/v0/add') {
        const file = filePart(payload, request.headers['content-type'] ?? '');
        const cid = CID.create(1, raw.code, await sha256.digest(file)).toString();
        blocks.set(cid, file);
        if (url.searchParams.get('pin') !== 'false') pinned.add(cid);
        return response
          .writeHead(200, { 'content-type': 'application/x-ndjson' })
          .end(`${JSON.stringify({ Name: cid, Hash: cid, Size: String(file.length) })}\n`);
      }
      if (url.pathname === '/api/v0/cat') {
        const stored = blocks.get(url.searchParams.get('arg') ?? '');
        return stored
          ? response.writeHead(200).end(stored)
          : response
              .writeHead(500)
              .end(JSON.stringify({ Message: 'block was not found locally', Code: 0, Type: 'error' }));
      }
      if (url.pathname === '/api/v0/pin/ls') {
        const cid = url.searchParams.get('arg') ?? '';
        return pinned.has(cid)
          ? response.writeHead(200).end(`${JSON.stringify({ Cid: cid, Type: 'recursive' })}\n`)
          : response
              .writeHead(500)
              .end(JSON.stringify({ Message: `path '${cid}' is not pinned`, Code: 0, Type: 'error' }));
      }
      if (url.pathname === `/drand/${DRAND_QUICKNET.chainHash}/public/latest`) {
        const signature = relay.lie ? flipBit(round.signature) : round.signature;
        return response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ round: round.round, randomness: round.randomness, signature }));
      }
      response.writeHead(404).end();
    })().catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    s3Objects,
    pinned,
    round,
    relay,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
