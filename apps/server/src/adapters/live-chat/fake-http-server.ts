import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server for adapter tests: it replays scripted answers and records every request, so a test proves
 * what went over the wire (path, query, headers, body), not what a mocked fetch was called with.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface ScriptedAnswer {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface FakeHttpServer {
  url: string;
  requests: RecordedRequest[];
  /** Queue answers for a path (without query); each request takes the next one, the last one repeats. */
  answer(path: string, ...answers: ScriptedAnswer[]): void;
  close(): Promise<void>;
}

export async function startFakeHttpServer(): Promise<FakeHttpServer> {
  const scripts = new Map<string, ScriptedAnswer[]>();
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const queue = scripts.get(url.pathname);
      const next = queue && queue.length > 1 ? queue.shift() : queue?.[0];
      const answer = next ?? { status: 404, body: { error: { code: 404, message: 'no script' } } };
      res.writeHead(answer.status ?? 200, {
        'content-type': 'application/json; charset=utf-8',
        ...answer.headers,
      });
      res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer(path, ...answers) {
      scripts.set(path, answers);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
