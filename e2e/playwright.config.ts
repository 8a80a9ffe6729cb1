import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// Debian's Chromium only: Hanabi never downloads a browser (scripts/test.mjs checks it is installed).
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
// Set once in the main process; workers inherit it, so every process agrees on one fresh data folder.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'hanabi-e2e-'));

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'node ../apps/server/dist/main.js',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HANABI_DATA_DIR: process.env.E2E_DATA_DIR,
      HANABI_DEMO: '1',
      LOG_LEVEL: 'warn',
      LOG_PRETTY: '0',
      RATE_LIMIT_PER_MINUTE: '100000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      // The specs sign the demo people in many times within minutes.
      SIGN_IN_LINK_PER_ADDRESS: '100000',
      SIGN_IN_LINK_PER_IP: '100000',
    },
  },
});
