// A post's Open Graph image (1200 × 630 PNG), drawn at build time without network: satori lays out the
// card and turns its text into vector paths with the Inter font files of @fontsource/inter, then sharp
// rasterises the SVG (docs/decisions/034-blog.md says why this pair).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import satori from 'satori';
import sharp from 'sharp';

export interface OgCard {
  title: string;
  kicker: string;
  footer: string;
}

// Resolved from the project's root (where `astro build` runs): the bundled build code lives elsewhere.
const resolve = createRequire(path.join(process.cwd(), 'package.json')).resolve;
const font = (weight: 400 | 600 | 800) => ({
  name: 'Inter',
  weight,
  style: 'normal' as const,
  data: readFileSync(resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`)),
});
let fonts: ReturnType<typeof font>[] | undefined;

const el = (type: string, style: Record<string, unknown>, children: unknown) => ({ type, props: { style, children } });

/** The card as satori lays it out: 1200 × 630, the title large, the kicker above and the footer below. */
function drawing({ title, kicker, footer }: OgCard) {
  return el(
    'div',
    {
      // Padding adds to the size here: 1040 + 2 × 80 = 1200, 486 + 2 × 72 = 630.
      width: 1040,
      height: 486,
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: '72px 80px',
      backgroundImage: 'linear-gradient(135deg, #0b1324 0%, #172a63 55%, #2552e0 100%)',
      fontFamily: 'Inter',
      color: '#ffffff',
    },
    [
      el('div', { fontSize: 30, fontWeight: 600, color: '#bfd3fe' }, kicker),
      el(
        'div',
        { fontSize: title.length > 60 ? 56 : 68, fontWeight: 800, lineHeight: 1.1, letterSpacing: '-0.02em' },
        title,
      ),
      el('div', { fontSize: 28, fontWeight: 400, color: '#dbe6fe' }, footer),
    ],
  );
}

export async function ogImage(card: OgCard): Promise<Buffer> {
  fonts ??= [font(400), font(600), font(800)];
  const svg = await satori(drawing(card) as Parameters<typeof satori>[0], { width: 1200, height: 630, fonts });
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}
