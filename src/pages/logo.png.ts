// The logo for search engines (the Organization's JSON-LD): the favicon's mark as a 512 px PNG, since
// Google asks for a logo of at least 112 × 112 px and the favicon is drawn on a 32-unit grid.
import { readFile } from 'node:fs/promises';
import type { APIRoute } from 'astro';
import sharp from 'sharp';

const LOGO_SIZE = 512;

export const GET: APIRoute = async () => {
  // Read from the project (the build runs at its root), not beside this module, which the build moves.
  const svg = await readFile('public/favicon.svg');
  const png = await sharp(svg, { density: (72 * LOGO_SIZE) / 32 })
    .resize(LOGO_SIZE, LOGO_SIZE)
    .png()
    .toBuffer();
  return new Response(new Uint8Array(png), { headers: { 'Content-Type': 'image/png' } });
};
