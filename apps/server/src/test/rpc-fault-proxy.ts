import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FaultCounts {
  forwarded: number;
  errored: number;
  dropped: number;
  answerLost: number;
  delayed: number;
}

/**
 * A JSON-RPC proxy in front of a node that misbehaves on a share of the calls: answers HTTP 500 without
 * forwarding, drops the connection without forwarding, forwards but loses the answer (the node did the work —
 * the case that makes "did my transaction go out?" unanswerable), or delays. The rest pass through untouched.
 */
export async function startRpcFaultProxy(
  target: string,
  options: { faultRate: number; delayMs?: number },
): Promise<{ url: string; counts: FaultCounts; setFaultRate(rate: number): void; close(): Promise<void> }> {
  const counts: FaultCounts = { forwarded: 0, errored: 0, dropped: 0, answerLost: 0, delayed: 0 };
  let faultRate = options.faultRate;
  const forward = async (body: Buffer) => {
    const response = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new Uint8Array(body),
    });
    return { status: response.status, text: await response.text() };
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks);
        const roll = Math.random();
        const fault = roll < faultRate ? Math.floor((roll / faultRate) * 4) : -1;
        try {
          if (fault === 0) {
            counts.errored += 1;
            response.writeHead(500, { 'content-type': 'text/plain' }).end('injected fault');
            return;
          }
          if (fault === 1) {
            counts.dropped += 1;
            request.socket.destroy();
            return;
          }
          if (fault === 2) {
            counts.answerLost += 1;
            await forward(body);
            request.socket.destroy();
            return;
          }
          if (fault === 3) {
            counts.delayed += 1;
            await new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 300));
          }
          const answer = await forward(body);
          counts.forwarded += 1;
          response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.text);
        } catch {
          request.socket.destroy();
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    setFaultRate(rate) {
      faultRate = rate;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
