import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { streamToBuffer } from '../../lib/stream-bytes.ts';
import { createFileStorage, isStorageKey } from './index.ts';
import { LocalFileStorage } from './local-storage.ts';

describe('file storage', () => {
  it('accepts only plain keys', () => {
    for (const key of ['campaign/u1/a-1234.png', 'ogp/abc.png', 'digitalgoods/u1/花火-1a2b3c4d.png']) {
      expect(isStorageKey(key), key).toBe(true);
    }
    for (const key of [
      '',
      '../x.png',
      'a/../b.png',
      '/abs.png',
      'a//b.png',
      'a\\b.png',
      '.hidden',
      'a/b\u0000.png',
    ]) {
      expect(isStorageKey(key), JSON.stringify(key)).toBe(false);
    }
  });

  it('stores, reads (ranges too), stats and deletes in a local folder', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hanabi-files-'));
    try {
      const storage = new LocalFileStorage(root, 'http://localhost:3000/files');
      await storage.put('campaign/u1/a.png', Readable.from([Buffer.from('hello '), Buffer.from('world')]));
      expect((await storage.stat('campaign/u1/a.png'))?.size).toBe(11);
      expect((await streamToBuffer((await storage.get('campaign/u1/a.png'))!)).toString()).toBe(
        'hello world',
      );
      const range = await storage.get('campaign/u1/a.png', { start: 6, end: 10 });
      expect((await streamToBuffer(range!)).toString()).toBe('world');
      expect(storage.publicUrl('digitalgoods/u1/花火.png')).toBe(
        'http://localhost:3000/files/digitalgoods/u1/%E8%8A%B1%E7%81%AB.png',
      );
      await storage.delete('campaign/u1/a.png');
      expect(await storage.stat('campaign/u1/a.png')).toBeNull();
      expect(await storage.get('campaign/u1/a.png')).toBeNull();
      await expect(storage.put('../escape.png', Buffer.from('x'))).rejects.toThrow();
      expect(fs.readdirSync(path.join(root, 'campaign', 'u1'))).toEqual([]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('reads its settings from the environment: local folder by default, S3 when a bucket is named', () => {
    const local = loadConfig({ HANABI_DATA_DIR: '/tmp/hanabi-x' });
    expect(local.files).toEqual({ kind: 'local', dir: '/tmp/hanabi-x/files' });
    expect(local.uploads.maxBytes).toEqual({ campaign: 10_485_760, digitalgoods: 104_857_600 });

    const s3 = loadConfig({
      S3_BUCKET: 'hanabi-assets',
      S3_PUBLIC_BUCKET: 'hanabi-public',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PUBLIC_URL: 'https://cdn.example/',
      UPLOAD_MAX_BYTES_CAMPAIGN: '2048',
    });
    expect(s3.files).toMatchObject({
      kind: 's3',
      bucket: 'hanabi-assets',
      publicBucket: 'hanabi-public',
      forcePathStyle: true,
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      publicUrl: 'https://cdn.example',
      assetUrl: undefined,
    });
    expect(s3.uploads.maxBytes.campaign).toBe(2048);
    const storage = createFileStorage(s3);
    expect(storage.kind).toBe('s3');
    expect(storage.publicUrl('ogp/c1.png')).toBe('https://cdn.example/ogp/c1.png');
    expect(storage.publicUrl('campaign/u1/a.png')).toBe(`${s3.publicOrigin}/files/campaign/u1/a.png`);

    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'only-one' })).toThrow(ConfigError);
    expect(() => loadConfig({ S3_PUBLIC_BUCKET: 'public-only' })).toThrow(ConfigError);
  });
});
