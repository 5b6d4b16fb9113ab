import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
// A fresh embedded database per run, with a small seed so start-up is quick.
const dataDir = path.join(os.tmpdir(), `cohort-e2e-${process.pid}-${Date.now()}`);
const json = process.env.PW_JSON;

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: json ? [['list'], ['json', { outputFile: json }]] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  webServer: {
    command: 'node ../apps/server/build.mjs && node ../apps/server/dist/main.mjs',
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // The journeys log in as the demo accounts (decision 028).
      DEMO: 'true',
      SEED_LEARNERS: '200',
      LOG_LEVEL: 'warn',
      // The journeys log in many times from one address.
      LOGIN_MAX_FAILURES_PER_IP: '1000',
    },
  },
});
