// PLACEHOLDER until the API issue lands: the real app is built from one router per resource.
import { Hono } from 'hono';
import type { Config } from './config.ts';

export interface Api {
  app: Hono;
  close(): Promise<void>;
}

export async function createApi(_config: Config): Promise<Api> {
  const app = new Hono().basePath('/api');
  app.get('/health', (c) => c.json({ status: 'ok', db: 'up' }));
  return { app, close: async () => {} };
}
