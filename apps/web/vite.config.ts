import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { appShellScrollClassNames } from './build/app-shell-scroll-class.plugin';
import { bootPreload } from './build/boot-preload.plugin';
import { chunkPlan } from './build/chunk-plan.plugin';
import { firstPaint } from './build/first-paint.plugin';
import { lightContract } from './build/light-contract.plugin';
import { messageSplit } from './build/message-split.plugin';
import { precompress } from './build/precompress.plugin';

/**
 * The Fastify server (API incl. the dev mailbox API, IPFS gateway, platform sandbox, fonts) during `vite` dev.
 * `/dev/mailbox` is an SPA page, so `/dev` is not proxied. better-auth checks the Origin of sign-in calls
 * against the server's PUBLIC_ORIGIN, so proxied calls present the server's origin.
 */
const serverOrigin = 'http://localhost:3000';
const proxiedPrefixes = ['/api', '/ipfs', '/sandbox', '/assets/font'];

/** The plugins that shape the module graph (the chunk plan bundles with these alone). */
const graphPlugins = () => [lightContract(), messageSplit(), appShellScrollClassNames(), react()];

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [...graphPlugins(), chunkPlan(graphPlugins), bootPreload(), firstPaint(), precompress()],
  server: {
    proxy: Object.fromEntries(
      proxiedPrefixes.map((prefix) => [
        prefix,
        {
          target: serverOrigin,
          changeOrigin: false,
          configure: (proxy) => {
            proxy.on('proxyReq', (request) => {
              if (request.getHeader('origin')) request.setHeader('origin', serverOrigin);
            });
          },
        },
      ]),
    ),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Read by the first-load budget test and bench:web (which files each page needs before it shows).
    manifest: true,
  },
});
