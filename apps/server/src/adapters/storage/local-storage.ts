import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey, keyUrl, type FileStorage, type StoredObjectInfo } from './storage.adapter.ts';

/** The embedded file storage: a folder (`<dataDir>/files`), served by the `/files/*` route. */
export class LocalFileStorage implements FileStorage {
  readonly kind = 'local' as const;

  constructor(
    private readonly root: string,
    /** e.g. `http://localhost:3000/files` */
    private readonly baseUrl: string,
  ) {}

  private pathOf(key: string): string {
    assertStorageKey(key);
    const full = path.resolve(this.root, ...key.split('/'));
    const relative = path.relative(this.root, full);
    if (relative.startsWith('..') || path.isAbsolute(relative))
      throw new Error(`Key escapes the root: ${key}`);
    return full;
  }

  async put(key: string, body: Readable | Uint8Array): Promise<void> {
    const target = this.pathOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    // Write beside the target and rename: a reader never sees half a file.
    const temporary = `${target}.${crypto.randomBytes(6).toString('hex')}.part`;
    try {
      await pipeline(
        body instanceof Uint8Array ? Readable.from([body]) : body,
        fs.createWriteStream(temporary),
      );
      await fsp.rename(temporary, target);
    } catch (error) {
      await fsp.rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string, range?: { start: number; end: number }): Promise<Readable | null> {
    const file = this.pathOf(key);
    try {
      const handle = await fsp.open(file, 'r');
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async stat(key: string): Promise<StoredObjectInfo | null> {
    try {
      const stats = await fsp.stat(this.pathOf(key));
      return stats.isFile() ? { size: stats.size, modifiedAt: stats.mtime, contentType: undefined } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }

  publicUrl(key: string): string {
    assertStorageKey(key);
    return keyUrl(this.baseUrl, key);
  }
}
