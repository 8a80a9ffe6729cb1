import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { encodePng } from '../lib/png.ts';
import type { TestContext } from './test-context.ts';
import { bearerHeaders } from './auth-helpers.ts';

/** Fixtures for uploads, digital goods and campaigns tests: real image bytes and one-call helpers. */

/**
 * A valid RGBA PNG. `noise` fills it with random pixels stored uncompressed, so the file is about
 * width × height × 4 bytes (a 300 × 300 one is past the 262,144-byte resumable threshold).
 */
export function pngBytes(width = 8, height = 8, options: { noise?: boolean } = {}): Buffer {
  if (!options.noise) return encodePng(width, height, () => [0x80, 0x80, 0x80, 0xff]);
  const noise = crypto.randomBytes(width * height * 4);
  return encodePng(
    width,
    height,
    (x, y) => {
      const at = (y * width + x) * 4;
      return [noise[at]!, noise[at + 1]!, noise[at + 2]!, 0xff];
    },
    { level: 0 },
  );
}

/**
 * A decompression bomb: a PNG whose header announces `width` × `height` pixels, with a few kilobytes of
 * compressed rows after it (what a decoder would inflate to gigabytes).
 */
export function pngBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type), data])));
    return Buffer.concat([length, Buffer.from(type), data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(4 * 1024 * 1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The first bytes of an MP4 (an `ftyp` box), enough for sniffing. */
export function mp4Bytes(): Buffer {
  const box = Buffer.alloc(32);
  box.writeUInt32BE(32, 0);
  box.write('ftypisom', 4, 'ascii');
  box.writeUInt32BE(0x200, 12);
  box.write('isomiso2avc1mp41', 16, 'ascii');
  return Buffer.concat([box, Buffer.alloc(64)]);
}

export function sha256(bytes: Buffer): string {
  return crypto.createHash('sha256').update(bytes).digest('hex');
}

export interface Caller {
  token: string;
}

export async function uploadSmall(
  ctx: TestContext,
  caller: Caller | null,
  kind: string,
  bytes: Buffer,
  name = 'picture.png',
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/upload/${kind}?name=${encodeURIComponent(name)}`,
    headers: { ...(caller ? bearerHeaders(caller.token) : {}), 'content-type': 'application/octet-stream' },
    payload: bytes,
  });
}

/** Uploads a small PNG and answers its asset id. */
export async function uploadedImage(
  ctx: TestContext,
  caller: Caller,
  kind = 'digitalgoods',
): Promise<string> {
  const response = await uploadSmall(ctx, caller, kind, pngBytes(16, 16));
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.body}`);
  return response.json().id as string;
}

/** Creates digital goods (published unless told otherwise) and answers them. */
export async function createGoods(
  ctx: TestContext,
  caller: Caller,
  options: { supply?: number; publish?: boolean; name?: string } = {},
): Promise<{ id: string; tokenId: string | null }> {
  const imageAssetId = await uploadedImage(ctx, caller);
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/digitalgoods',
    headers: bearerHeaders(caller.token),
    payload: { name: options.name ?? '花火バッジ', supply: options.supply ?? 100, imageAssetId },
  });
  if (created.statusCode !== 201) throw new Error(`goods failed: ${created.body}`);
  if (options.publish === false) return created.json();
  const published = await ctx.app.inject({
    method: 'POST',
    url: `/api/digitalgoods/${created.json().id}/publish`,
    headers: bearerHeaders(caller.token),
  });
  if (published.statusCode !== 200) throw new Error(`publish failed: ${published.body}`);
  return published.json();
}

const HOUR = 60 * 60 * 1000;

/** A campaign body that passes every rule (a day from now, for a day). */
export function campaignBody(digitalGoodsId: string, changes: Record<string, unknown> = {}) {
  return {
    title: '夏祭りプレゼント',
    description: 'コメントで参加！',
    status: 'scheduled',
    startsAt: new Date(Date.now() + 24 * HOUR).toISOString(),
    endsAt: new Date(Date.now() + 48 * HOUR).toISOString(),
    platforms: ['youtube', 'twitcasting'],
    prize: { digitalGoodsId, copiesPerWinner: 1 },
    winnerCount: 3,
    entryRule: { keyword: '参加' },
    drawMode: { type: 'manual' },
    ...changes,
  };
}
