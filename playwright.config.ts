import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';

// Debian's Chromium where it exists (Playwright's own browser cannot be downloaded on our machines).
const systemChromium = '/usr/bin/chromium';
const executablePath = existsSync(systemChromium) ? systemChromium : undefined;

// The spec's journeys, which `npm test` runs after every change (signup → verification → dashboard →
// sign-out, the contact form, the cookie banner, the admin's lists); `npm run validate` runs the rest.
const journeys = ['account.spec.ts', 'contact.spec.ts', 'cookies.spec.ts', 'admin.spec.ts'];

export default defineConfig({
  testDir: 'tests/e2e',
  // Several people may run suites in one checkout at once: each run can keep its artefacts apart.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  projects: [
    { name: 'journeys', testMatch: journeys },
    { name: 'rest', testIgnore: journeys },
  ],
  retries: 0,
  // Generous bounds, not measurements: the suite must pass on a machine busy with other work, where a page
  // may take seconds to hydrate and answer.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
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
});
