// The baseline of `npm run bench:api`: the same Fastify, one JSON route, no plugins.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/health', async () => ({ status: 'ok' }));
// The burst's baseline: every other GET answers a body of about a campaign's size (HTML for the page shell).
const page = `<!doctype html><html><head>${' '.repeat(1500)}</head></html>`;
const json = { padding: 'x'.repeat(1500) };
app.get('/*', async (request, reply) =>
  request.url.startsWith('/api/') ? json : reply.type('text/html; charset=utf-8').send(page),
);
await app.listen({ port: Number(process.env.PORT ?? '3500'), host: '127.0.0.1', backlog: 4096 });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
// CPU time the process used, asked by the bench around each measurement (CPU per request, whatever the load).
process.on('message', (message: { type: string }) => {
  if (message.type === 'cpu') process.send!({ type: 'cpu', cpu: process.cpuUsage() });
});
