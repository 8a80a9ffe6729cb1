// The container's HEALTHCHECK: exits 0 when the process answers its liveness URL, 1 otherwise. Default
// http://127.0.0.1:$PORT/api/health (an api or `all` process); HANABI_HEALTHCHECK_URL points it elsewhere (a
// worker's probe). Plain Node, no dependency: it runs inside the image as it is.
const url = process.env.HANABI_HEALTHCHECK_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}/api/health`;
try {
  const response = await fetch(url, { signal: AbortSignal.timeout(4000) });
  process.exit(response.ok ? 0 : 1);
} catch {
  process.exit(1);
}
