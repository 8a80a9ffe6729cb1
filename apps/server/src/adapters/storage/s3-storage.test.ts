import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamToBuffer } from '../../lib/stream-bytes.ts';
import { S3FileStorage } from './s3-storage.ts';

/** A minimal path-style S3 on loopback: PUT, GET (ranges), HEAD and DELETE of objects. */
function fakeS3() {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const server = http.createServer(async (request, response) => {
    const key = decodeURIComponent(new URL(request.url!, 'http://x').pathname.slice(1));
    const body = await streamToBuffer(request);
    const object = objects.get(key);
    const missing = () => {
      response.writeHead(404, { 'content-type': 'application/xml' });
      response.end(
        request.method === 'HEAD'
          ? undefined
          : '<Error><Code>NoSuchKey</Code><Message>none</Message></Error>',
      );
    };
    if (request.method === 'PUT') {
      objects.set(key, { body, type: String(request.headers['content-type']) });
      response.writeHead(200, { etag: '"e"' });
      return response.end();
    }
    if (request.method === 'DELETE') {
      objects.delete(key);
      response.writeHead(204);
      return response.end();
    }
    if (!object) return missing();
    const headers = { 'content-type': object.type, 'last-modified': new Date().toUTCString(), etag: '"e"' };
    const range = /bytes=(\d+)-(\d+)/.exec(String(request.headers.range ?? ''));
    if (range) {
      const part = object.body.subarray(Number(range[1]), Number(range[2]) + 1);
      response.writeHead(206, { ...headers, 'content-length': part.length });
      return response.end(part);
    }
    response.writeHead(200, { ...headers, 'content-length': object.body.length });
    return response.end(request.method === 'HEAD' ? undefined : object.body);
  });
  return { server, objects };
}

describe('S3 file storage against an S3-compatible endpoint', () => {
  const fake = fakeS3();
  let storage: S3FileStorage;

  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    const { port } = fake.server.address() as AddressInfo;
    storage = new S3FileStorage({
      bucket: 'assets',
      publicBucket: 'public',
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
      assetUrl: undefined,
      publicUrl: 'https://cdn.example',
      fallbackUrl: 'http://localhost:3000/files',
    });
  });
  afterAll(async () => {
    storage.close();
    await new Promise((resolve) => fake.server.close(resolve));
  });

  it('puts assets and public images in their buckets and reads them back', async () => {
    const bytes = Buffer.from('0123456789');
    await storage.put('campaign/u1/a-1.png', Readable.from([bytes]), {
      contentType: 'image/png',
      size: bytes.length,
    });
    await storage.put('ogp/c1.png', Buffer.from('png'), { contentType: 'image/png', size: 3 });
    expect([...fake.objects.keys()].sort()).toEqual(['assets/campaign/u1/a-1.png', 'public/ogp/c1.png']);
    expect(fake.objects.get('assets/campaign/u1/a-1.png')!.body).toEqual(bytes);

    expect(await storage.stat('campaign/u1/a-1.png')).toMatchObject({ size: 10, contentType: 'image/png' });
    expect((await streamToBuffer((await storage.get('campaign/u1/a-1.png'))!)).toString()).toBe('0123456789');
    const part = await storage.get('campaign/u1/a-1.png', { start: 2, end: 4 });
    expect((await streamToBuffer(part!)).toString()).toBe('234');

    expect(await storage.stat('campaign/u1/none.png')).toBeNull();
    expect(await storage.get('campaign/u1/none.png')).toBeNull();
    await storage.delete('campaign/u1/a-1.png');
    expect(await storage.stat('campaign/u1/a-1.png')).toBeNull();

    expect(storage.publicUrl('ogp/c1.png')).toBe('https://cdn.example/ogp/c1.png');
    expect(storage.publicUrl('campaign/u1/a-1.png')).toBe('http://localhost:3000/files/campaign/u1/a-1.png');
  });
});
