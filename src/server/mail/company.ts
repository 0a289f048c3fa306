// The company name for mail templates: content/site.json's `name`, which marketers edit.
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const FALLBACK = 'Our Agency';

export async function loadCompanyName(): Promise<string> {
  try {
    const site = JSON.parse(await readFile(path.resolve('content/site.json'), 'utf8')) as { name?: unknown };
    return typeof site.name === 'string' && site.name.trim() ? site.name.trim() : FALLBACK;
  } catch {
    return FALLBACK;
  }
}
