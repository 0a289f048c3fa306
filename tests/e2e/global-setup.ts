// Builds the site once and starts the server of `npm start` on a fresh data folder and a free port.
// Tests read the base URL from process.env.E2E_BASE_URL (Playwright's baseURL).
import { execSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '../helpers/server.ts';

export default async function globalSetup() {
  if (!process.env.E2E_SKIP_BUILD) execSync('npm run build', { stdio: 'inherit' });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-data-'));
  const server = await startServer({ env: { DATA_DIR: dataDir } });
  process.env.E2E_BASE_URL = server.url;
  return async () => {
    await server.stop();
  };
}
