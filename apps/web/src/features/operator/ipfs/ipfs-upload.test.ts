import { describe, expect, it } from 'vitest';
import { isApiError } from '../../../lib/api-client';
import { readIpfsAnswer, uploadToIpfs } from './ipfs-upload';

describe('readIpfsAnswer', () => {
  it('returns the pinned file', () => {
    const body = {
      cid: 'bafk',
      size: 3,
      uri: 'ipfs://bafk',
      gatewayUrl: 'http://x/ipfs/bafk',
      mediaType: 'text/plain',
    };
    expect(readIpfsAnswer(201, JSON.stringify(body))).toEqual(body);
  });

  it('throws the server envelope as an ApiError', () => {
    try {
      readIpfsAnswer(413, JSON.stringify({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'too big' } }));
      expect.unreachable();
    } catch (error) {
      expect(isApiError(error) && error.status === 413 && error.message === 'too big').toBe(true);
    }
  });

  it('throws a network error for an unreadable answer', () => {
    expect(() => readIpfsAnswer(0, '')).toThrow();
    expect(() => readIpfsAnswer(201, '{"cid":1}')).toThrow();
  });
});

/** A stand-in XMLHttpRequest that records the request and answers when told. */
class FakeXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
}

describe('uploadToIpfs', () => {
  it('sends the raw bytes as application/octet-stream and reports real progress', async () => {
    const xhr = new FakeXhr();
    const progress: number[] = [];
    const file = new Blob(['hello']);
    const done = uploadToIpfs(file, {
      createXhr: () => xhr as unknown as XMLHttpRequest,
      onProgress: (sent, total) => progress.push(Math.round((sent / total) * 100)),
    });
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/admin/ipfs');
    expect(xhr.headers['Content-Type']).toBe('application/octet-stream');
    expect(xhr.body).toBe(file);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 2, total: 5 });
    xhr.status = 201;
    xhr.responseText = JSON.stringify({
      cid: 'bafk',
      size: 5,
      uri: 'ipfs://bafk',
      gatewayUrl: '/ipfs/bafk',
      mediaType: 'text/plain',
    });
    xhr.onload?.();
    await expect(done).resolves.toMatchObject({ cid: 'bafk', size: 5 });
    expect(progress).toEqual([40, 100]);
  });
});
