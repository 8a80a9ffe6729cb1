import {
  UPLOAD,
  UPLOAD_TUS_METADATA,
  UPLOAD_TUS_PATH,
  UploadResult,
  apiRoutes,
  buildPath,
  isErrorEnvelope,
} from '@hanabi/api';
import type { UploadKind } from '@hanabi/api';
import * as tus from 'tus-js-client';
import { readCookie } from '../api-client';
import { i18n } from '../i18n';
import { serverErrorText } from '../server-error-text';
import { getSessionToken } from '../session-token';

/** Files larger than this go through tus (resumable); smaller ones in one request. */
export const RESUMABLE_THRESHOLD = UPLOAD.resumableThresholdBytes;

/**
 * Waits between tus retries: each at most `maxOperationRetryMs` (120 s), all together under `maxUploadRetryMs`
 * (600 s), as the original.
 */
export const TUS_RETRY_DELAYS: number[] = (() => {
  const delays = [0, 1000, 3000, 5000, 10_000, 20_000, 40_000, 80_000];
  let total = delays.reduce((sum, value) => sum + value, 0);
  while (total + UPLOAD.maxOperationRetryMs <= UPLOAD.maxUploadRetryMs) {
    delays.push(UPLOAD.maxOperationRetryMs);
    total += UPLOAD.maxOperationRetryMs;
  }
  return delays.map((value) => Math.min(value, UPLOAD.maxOperationRetryMs));
})();

/** The next tus chunk size: doubles after each chunk, from 262,144 up to 33,554,432 bytes. */
export function nextChunkSize(current: number): number {
  return Math.min(current * 2, UPLOAD.chunkSizeMaxBytes);
}

export type UploadErrorReason = 'signIn' | 'tooLarge' | 'unsupportedType' | 'aborted' | 'network' | 'other';

/** A failed upload, with a message fit to show (the server's words or the translated reason). */
export class UploadError extends Error {
  override readonly name = 'UploadError';
  constructor(
    readonly reason: UploadErrorReason,
    message: string,
    readonly status: number = 0,
  ) {
    super(message);
  }
}

function serverMessage(body: unknown): string | undefined {
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body) as unknown;
    } catch {
      return undefined;
    }
  }
  // The web's text in the reader's language (decision 0205); the server's English only for a case it does not know.
  return isErrorEnvelope(body) ? (serverErrorText(body) ?? body.error.message) : undefined;
}

/** Maps an HTTP status (and the server's body, when any) to a readable `UploadError`. */
export function uploadErrorOf(status: number, body?: unknown): UploadError {
  if (status === 401) return new UploadError('signIn', i18n.t('upload.errors.signIn'), status);
  if (status === 413) return new UploadError('tooLarge', i18n.t('upload.errors.tooLarge'), status);
  if (status === 415)
    return new UploadError('unsupportedType', i18n.t('upload.errors.unsupportedType'), status);
  if (status === 0) return new UploadError('network', i18n.t('errors.network'), status);
  return new UploadError('other', serverMessage(body) ?? i18n.t('upload.errors.failed'), status);
}

export interface UploadOptions {
  /** Bytes sent so far and the total. */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
  /** Called once a tus upload starts, with its pause/resume controls. */
  onControls?: (controls: UploadControls) => void;
  /** Replaceable for tests. */
  fetchImpl?: typeof fetch;
  /** Replaceable for tests. */
  tusUpload?: typeof tus.Upload;
}

export interface UploadControls {
  pause(): void;
  resume(): void;
}

export interface UploadedFile {
  assetId: string;
  downloadUrl: string;
  fileExtention: string;
  fileName: string;
  mediaType: string;
  size: number;
  result: UploadResult;
}

function toUploaded(result: UploadResult): UploadedFile {
  return {
    assetId: result.id,
    downloadUrl: result.downloadUrl,
    fileExtention: result.fileExtention,
    fileName: result.fileName,
    mediaType: result.mediaType,
    size: result.size,
    result,
  };
}

function authHeaders(write: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  const token = getSessionToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (write) {
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  }
  return headers;
}

function abortedError(): UploadError {
  return new UploadError('aborted', i18n.t('upload.errors.aborted'));
}

function fileName(file: Blob): string {
  return file instanceof File && file.name ? file.name : 'file';
}

async function readResult(response: Response): Promise<UploadedFile> {
  const text = await response.text();
  if (!response.ok) throw uploadErrorOf(response.status, text);
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    throw uploadErrorOf(0);
  }
  const checked = UploadResult.safeParse(value);
  if (!checked.success) throw uploadErrorOf(0);
  return toUploaded(checked.data);
}

async function uploadSmall(kind: UploadKind, file: Blob, options: UploadOptions): Promise<UploadedFile> {
  const doFetch = options.fetchImpl ?? globalThis.fetch.bind(globalThis);
  const url = `${buildPath(apiRoutes.uploadFile.path, { kind })}?name=${encodeURIComponent(fileName(file))}`;
  let response: Response;
  try {
    response = await doFetch(url, {
      method: 'POST',
      headers: {
        ...authHeaders(true),
        Accept: 'application/json',
        'Content-Type': file.type || 'application/octet-stream',
      },
      body: file,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch {
    if (options.signal?.aborted) throw abortedError();
    throw uploadErrorOf(0);
  }
  options.onProgress?.(file.size, file.size);
  return readResult(response);
}

/** The stored file of a finished tus upload whose final answer was lost (or that finished earlier). */
async function fetchTusResult(uploadUrl: string, options: UploadOptions): Promise<UploadedFile> {
  const doFetch = options.fetchImpl ?? globalThis.fetch.bind(globalThis);
  const uploadId = uploadUrl.split('/').filter(Boolean).pop() ?? '';
  const response = await doFetch(buildPath(apiRoutes.uploadResult.path, { uploadId }), {
    headers: { ...authHeaders(false), Accept: 'application/json' },
    credentials: 'same-origin',
  });
  return readResult(response);
}

function uploadResumable(kind: UploadKind, file: Blob, options: UploadOptions): Promise<UploadedFile> {
  const Upload = options.tusUpload ?? tus.Upload;
  return new Promise<UploadedFile>((resolve, reject) => {
    let settled = false;
    const finish = (action: () => void) => {
      if (settled) return;
      settled = true;
      options.signal?.removeEventListener('abort', onAbort);
      action();
    };
    const upload: tus.Upload = new Upload(file, {
      endpoint: UPLOAD_TUS_PATH,
      chunkSize: UPLOAD.chunkSizeStartBytes,
      retryDelays: TUS_RETRY_DELAYS,
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      metadata: {
        [UPLOAD_TUS_METADATA.kind]: kind,
        [UPLOAD_TUS_METADATA.filename]: fileName(file),
        [UPLOAD_TUS_METADATA.filetype]: file.type || 'application/octet-stream',
      },
      onBeforeRequest: (request) => {
        const write = request.getMethod() !== 'HEAD' && request.getMethod() !== 'GET';
        for (const [name, value] of Object.entries(authHeaders(write))) request.setHeader(name, value);
      },
      onShouldRetry: (error) => {
        const status = error.originalResponse?.getStatus() ?? 0;
        // Client errors other than a conflict or a lock will not get better by waiting.
        return status === 0 || status === 409 || status === 423 || status >= 500;
      },
      onProgress: (sent, total) => options.onProgress?.(sent, total),
      onChunkComplete: () => {
        upload.options.chunkSize = nextChunkSize(upload.options.chunkSize ?? UPLOAD.chunkSizeStartBytes);
      },
      onSuccess: (payload) => {
        const response = payload?.lastResponse;
        const body = response?.getBody?.() ?? '';
        const checked = (() => {
          try {
            return UploadResult.safeParse(JSON.parse(body) as unknown);
          } catch {
            return undefined;
          }
        })();
        if (checked?.success) {
          finish(() => resolve(toUploaded(checked.data)));
          return;
        }
        // The final answer was lost or the upload had finished before: ask the server for the result.
        fetchTusResult(upload.url ?? '', options).then(
          (result) => finish(() => resolve(result)),
          (error: unknown) => finish(() => reject(error instanceof UploadError ? error : uploadErrorOf(0))),
        );
      },
      onError: (error) => {
        const detailed = error as tus.DetailedError;
        const status = detailed.originalResponse?.getStatus() ?? 0;
        const body = detailed.originalResponse?.getBody();
        finish(() => reject(uploadErrorOf(status, body)));
      },
    });
    const onAbort = () => {
      void upload.abort(true);
      finish(() => reject(abortedError()));
    };
    if (options.signal?.aborted) {
      reject(abortedError());
      return;
    }
    options.signal?.addEventListener('abort', onAbort);
    options.onControls?.({
      pause: () => void upload.abort(false),
      resume: () => upload.start(),
    });
    // Resume an earlier, unfinished upload of the same file (fingerprint kept in localStorage).
    upload
      .findPreviousUploads()
      .then((previous) => {
        const last = previous[0];
        if (last) upload.resumeFromPreviousUpload(last);
      })
      .catch(() => undefined)
      .finally(() => {
        if (!settled) upload.start();
      });
  });
}

/**
 * Uploads a file for `kind`: one request up to 262,144 bytes, tus (resumable, chunked, retried) above.
 * Resolves with the stored file (`downloadUrl`, `fileExtention`, `assetId`); rejects with `UploadError`.
 */
export function uploadFile(kind: UploadKind, file: Blob, options: UploadOptions = {}): Promise<UploadedFile> {
  if (options.signal?.aborted) return Promise.reject(abortedError());
  return file.size <= RESUMABLE_THRESHOLD
    ? uploadSmall(kind, file, options)
    : uploadResumable(kind, file, options);
}
