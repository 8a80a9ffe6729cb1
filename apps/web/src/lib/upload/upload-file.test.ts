import { UPLOAD, UPLOAD_TUS_PATH } from '@hanabi/api';
import type * as tus from 'tus-js-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../i18n';
import {
  RESUMABLE_THRESHOLD,
  TUS_RETRY_DELAYS,
  UploadError,
  nextChunkSize,
  uploadErrorOf,
  uploadFile,
} from './upload-file';

const result = {
  id: 'asset_1',
  kind: 'digitalgoods',
  downloadUrl: '/files/digitalgoods/u/prize.png',
  fileExtention: 'png',
  fileName: 'prize.png',
  mediaType: 'image/png',
  size: 10,
  sha256: 'x',
  storageKey: 'digitalgoods/u/prize.png',
  createdAt: '2025-01-01T00:00:00.000Z',
};

function blobOf(size: number, name = 'prize.png'): File {
  return new File([new Uint8Array(size)], name, { type: 'image/png' });
}

/** A stand-in for tus.Upload that records its options and finishes with the given final answer. */
function fakeTus(finalBody: string | null, fail?: { status: number; body: string }) {
  const created: { file: unknown; options: tus.UploadOptions }[] = [];
  class FakeUpload {
    url: string | null = 'http://localhost/api/uploads/tus/up_1';
    constructor(
      readonly file: unknown,
      readonly options: tus.UploadOptions,
    ) {
      created.push({ file, options });
    }
    findPreviousUploads() {
      return Promise.resolve([]);
    }
    resumeFromPreviousUpload() {}
    abort() {
      return Promise.resolve();
    }
    start() {
      this.options.onProgress?.(5, 10);
      this.options.onChunkComplete?.(5, 5, 10);
      if (fail) {
        const error = Object.assign(new Error('failed'), {
          originalResponse: { getStatus: () => fail.status, getBody: () => fail.body },
        });
        this.options.onError?.(error);
        return;
      }
      this.options.onSuccess?.({
        lastResponse: {
          getStatus: () => 200,
          getBody: () => finalBody ?? '',
          getHeader: () => undefined,
          getUnderlyingObject: () => null,
        },
      } as never);
    }
  }
  return { Upload: FakeUpload as unknown as typeof tus.Upload, created };
}

afterEach(() => vi.restoreAllMocks());

describe('uploadFile', () => {
  it('sends a file of up to 262,144 bytes in one request', async () => {
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify(result), { status: 201 }));
    const { Upload, created } = fakeTus(null);
    const stored = await uploadFile('digitalgoods', blobOf(RESUMABLE_THRESHOLD), {
      fetchImpl,
      tusUpload: Upload,
    });
    expect(created).toHaveLength(0);
    expect(fetchImpl).toHaveBeenCalledOnce();
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/upload/digitalgoods?name=prize.png');
    expect(init.method).toBe('POST');
    expect(stored).toMatchObject({
      assetId: 'asset_1',
      downloadUrl: result.downloadUrl,
      fileExtention: 'png',
    });
  });

  it('uses tus above 262,144 bytes, with growing chunks and the original retry limits', async () => {
    const fetchImpl = vi.fn();
    const { Upload, created } = fakeTus(JSON.stringify(result));
    const progress = vi.fn();
    const stored = await uploadFile('campaign', blobOf(RESUMABLE_THRESHOLD + 1), {
      fetchImpl,
      tusUpload: Upload,
      onProgress: progress,
    });
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(created).toHaveLength(1);
    const options = created[0]!.options;
    expect(options.endpoint).toBe(UPLOAD_TUS_PATH);
    expect(options.metadata).toMatchObject({
      kind: 'campaign',
      filename: 'prize.png',
      filetype: 'image/png',
    });
    expect(options.storeFingerprintForResuming).toBe(true);
    // Doubled once after the first chunk.
    expect(options.chunkSize).toBe(UPLOAD.chunkSizeStartBytes * 2);
    expect(progress).toHaveBeenCalledWith(5, 10);
    expect(stored.assetId).toBe('asset_1');
  });

  it('asks the server for the result when the final tus answer carried none', async () => {
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify(result), { status: 200 }));
    const { Upload } = fakeTus('');
    const stored = await uploadFile('digitalgoods', blobOf(RESUMABLE_THRESHOLD + 10), {
      fetchImpl,
      tusUpload: Upload,
    });
    expect((fetchImpl.mock.calls[0] as unknown as [string])[0]).toBe('/api/upload/result/up_1');
    expect(stored.fileExtention).toBe('png');
  });

  it('maps a 401 of a small upload to the original "log in again" message', async () => {
    const fetchImpl = vi.fn(
      async () =>
        new Response(JSON.stringify({ error: { code: 'UNAUTHENTICATED', message: 'x' } }), { status: 401 }),
    );
    await expect(uploadFile('digitalgoods', blobOf(10), { fetchImpl })).rejects.toMatchObject({
      reason: 'signIn',
      message: 'アップロードするには再度ログインしてください。',
    });
  });

  it('maps a 415 of a tus upload to the unsupported type message', async () => {
    const { Upload } = fakeTus(null, { status: 415, body: '' });
    const error = await uploadFile('digitalgoods', blobOf(RESUMABLE_THRESHOLD + 1), {
      tusUpload: Upload,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadError);
    expect((error as UploadError).reason).toBe('unsupportedType');
  });
});

describe('upload helpers', () => {
  it('maps statuses to readable errors', () => {
    expect(uploadErrorOf(413).reason).toBe('tooLarge');
    expect(uploadErrorOf(415).reason).toBe('unsupportedType');
    expect(uploadErrorOf(0).reason).toBe('network');
    // The reader's language (decision 0205): a generic code's text, a reason's text, the English only when unknown.
    expect(uploadErrorOf(400, { error: { code: 'VALIDATION_FAILED', message: 'bad name' } }).message).toBe(
      '入力内容を確認してください。',
    );
    const notImage = { error: { code: 'BUSINESS_RULE', message: 'not an image', reason: 'fileNotImage' } };
    expect(uploadErrorOf(422, notImage).message).toBe('このファイルは画像ではありません。');
    expect(uploadErrorOf(409, { error: { code: 'CONFLICT', message: 'Something new.' } }).message).toBe(
      'Something new.',
    );
  });

  it('doubles the chunk size up to 33,554,432 bytes', () => {
    expect(nextChunkSize(262_144)).toBe(524_288);
    expect(nextChunkSize(33_554_432)).toBe(33_554_432);
    expect(nextChunkSize(20_000_000)).toBe(33_554_432);
  });

  it('waits at most 120 s per retry and 600 s in all', () => {
    expect(Math.max(...TUS_RETRY_DELAYS)).toBeLessThanOrEqual(UPLOAD.maxOperationRetryMs);
    expect(TUS_RETRY_DELAYS.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(UPLOAD.maxUploadRetryMs);
  });
});
