import { apiRoutes, IPFS_UPLOAD_BINARY_TYPE, IpfsUploadResponse, isErrorEnvelope } from '@hanabi/api';
import { ApiError, NETWORK_ERROR_MESSAGE, readCookie } from '../../../lib/api-client';
import { getSessionToken } from '../../../lib/session-token';

export interface IpfsUploadOptions {
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
  /** Replaceable for tests. */
  createXhr?: () => XMLHttpRequest;
}

/** Reads an XHR answer into the contract's shape, or an ApiError like `callApi` would throw. */
export function readIpfsAnswer(status: number, text: string): IpfsUploadResponse {
  let body: unknown;
  try {
    body = text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    body = undefined;
  }
  if (status < 200 || status >= 300) {
    if (isErrorEnvelope(body)) {
      const { code, message, details } = body.error;
      throw new ApiError({ status, code, message, details, body });
    }
    throw new ApiError({
      status,
      code: status === 0 ? 'NETWORK_ERROR' : 'UNEXPECTED_RESPONSE',
      message: NETWORK_ERROR_MESSAGE,
    });
  }
  const checked = IpfsUploadResponse.safeParse(body);
  if (!checked.success) {
    throw new ApiError({ status, code: 'UNEXPECTED_RESPONSE', message: NETWORK_ERROR_MESSAGE });
  }
  return checked.data;
}

/**
 * `POST /api/admin/ipfs` with the file as the raw body (`application/octet-stream`) through XMLHttpRequest, so
 * the upload progress is real (`upload.onprogress`). Bearer and XSRF headers as `callApi` sends them.
 */
export function uploadToIpfs(file: Blob, options: IpfsUploadOptions = {}): Promise<IpfsUploadResponse> {
  return new Promise((resolve, reject) => {
    const xhr = options.createXhr?.() ?? new XMLHttpRequest();
    xhr.open('POST', apiRoutes.adminIpfsUpload.path);
    xhr.setRequestHeader('Content-Type', IPFS_UPLOAD_BINARY_TYPE);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getSessionToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) xhr.setRequestHeader('X-XSRF-TOKEN', xsrf);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => {
      try {
        options.onProgress?.(file.size, file.size);
        resolve(readIpfsAnswer(xhr.status, xhr.responseText));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () =>
      reject(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE }));
    xhr.onabort = () =>
      reject(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE }));
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(file);
  });
}
