// The baseline of the SSE mode of `npm run bench:api`: a plain node:http Server-Sent Events server holding its
// connections in a Set, with the same opening lines and heartbeat as Hanabi's stream; IPC publishes one event.
import http from 'node:http';

const clients = new Set<http.ServerResponse>();
const server = http.createServer((request, response) => {
  if (!request.url?.startsWith('/events')) {
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    return;
  }
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
  });
  response.write('retry: 3000\n\n: hello\n\n');
  clients.add(response);
  request.on('close', () => clients.delete(response));
});
server.keepAliveTimeout = 0;
server.maxConnections = 100_000;
setInterval(() => {
  for (const client of clients) client.write(': ping\n\n');
}, 15_000).unref();
await new Promise<void>((resolve) =>
  server.listen(Number(process.env.PORT ?? '3600'), '127.0.0.1', 4096, resolve),
);

process.on('message', (message: { type: string }) => {
  if (message.type === 'publish') {
    const line = `event: winners\ndata: ${JSON.stringify({ type: 'winners' })}\n\n`;
    for (const client of clients) client.write(line);
    process.send!({ type: 'published' });
  } else if (message.type === 'memory') {
    global.gc?.();
    process.send!({ type: 'memory', rss: process.memoryUsage().rss, heap: process.memoryUsage().heapUsed });
  }
});
process.on('SIGTERM', () => {
  for (const client of clients) client.destroy();
  server.close(() => process.exit(0));
});
