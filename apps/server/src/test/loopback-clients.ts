import http from 'node:http';
import os from 'node:os';

/*
 * HTTP clients on their own loopback source address (127.0.0.2, 127.0.0.3 …; Linux routes all of 127/8 to lo):
 * to a server, or to a proxy in front of it, each address is another client, so a test can spend one client's
 * budget and show another's untouched. And this machine's network address, to be a caller from elsewhere.
 */

/** This machine's address on its network (not loopback): how another machine would reach it. */
export function outwardAddress(): string {
  const address = Object.values(os.networkInterfaces())
    .flat()
    .find((entry) => entry?.family === 'IPv4' && !entry.internal)?.address;
  if (!address) throw new Error('this machine has no network address besides loopback');
  return address;
}

/**
 * A GET sent from another loopback address (127.0.0.2 …): a client of its own as far as rate limits can tell,
 * so a test can spend that client's budget without touching the one its other requests come from.
 */
export function getFrom(
  localAddress: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return sendFrom(localAddress, 'GET', url, headers);
}

/** {@link getFrom} for any method, with a JSON body when one is given. */
export function sendFrom(
  localAddress: string,
  method: string,
  url: string,
  headers: Record<string, string> = {},
  json?: unknown,
): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  const body = json === undefined ? undefined : JSON.stringify(json);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method,
        localAddress,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        timeout: 10_000,
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: text, headers: response.headers }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', reject);
    request.end(body);
  });
}

/** An event stream opened from `localAddress`: its status and Retry-After once the head arrives, and a close. */
export function openStreamFrom(
  localAddress: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; retryAfter: string | undefined; body: () => string; close: () => void }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { localAddress, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('error', () => undefined);
      resolve({
        status: response.statusCode ?? 0,
        retryAfter: response.headers['retry-after'] as string | undefined,
        body: () => body,
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}
