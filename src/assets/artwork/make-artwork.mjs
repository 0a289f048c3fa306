// Generates the site's raster artwork once (run: node src/assets/artwork/make-artwork.mjs) from SVG:
// project and featured-card images, blog covers and figures, the Open Graph card and the favicon. Glyphs
// come from the Lucide set.
import { readFileSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';

const lucide = JSON.parse(readFileSync('node_modules/@iconify-json/lucide/icons.json', 'utf8')).icons;
const glyph = (name, x, y, size, color, stroke = 1.5) =>
  `<g transform="translate(${x} ${y}) scale(${size / 24})" fill="none" stroke="${color}" stroke-width="${stroke}" stroke-linecap="round" stroke-linejoin="round">${lucide[name].body.replaceAll('currentColor', color)}</g>`;

function card({ from, to, accent, icon, label }) {
  const w = 800,
    h = 500;
  const bars = [0, 1, 2, 3]
    .map(
      (i) =>
        `<rect x="${470}" y="${200 + i * 34}" width="${180 - i * 30}" height="14" rx="7" fill="#fff" opacity="${0.55 - i * 0.1}"/>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
  <radialGradient id="r" cx="0.8" cy="0.1" r="0.7"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#g)"/><rect width="${w}" height="${h}" fill="url(#r)"/>
  <circle cx="700" cy="430" r="180" fill="${accent}" opacity="0.25"/><circle cx="90" cy="60" r="120" fill="#fff" opacity="0.08"/>
  <rect x="90" y="90" width="620" height="330" rx="18" fill="#0b1324" opacity="0.28"/>
  <rect x="90" y="90" width="620" height="40" rx="18" fill="#0b1324" opacity="0.35"/>
  <circle cx="118" cy="110" r="6" fill="#ff6b6b"/><circle cx="138" cy="110" r="6" fill="#ffd166"/><circle cx="158" cy="110" r="6" fill="#06d6a0"/>
  <rect x="150" y="170" width="250" height="200" rx="16" fill="#fff" opacity="0.14"/>
  ${glyph(icon, 205, 200, 140, '#ffffff', 1.25)}
  <text x="470" y="178" font-family="Inter, Arial, sans-serif" font-size="26" font-weight="700" fill="#fff">${label}</text>
  ${bars}
  <rect x="470" y="340" width="120" height="36" rx="18" fill="${accent}"/>
</svg>`;
}

const images = {
  'projects/robotics-kit.webp': {
    from: '#0f2a6b',
    to: '#2552e0',
    accent: '#22d3ee',
    icon: 'bot',
    label: 'Robotics kits',
  },
  'projects/architecture-studio.webp': {
    from: '#3f3a36',
    to: '#a47e5b',
    accent: '#f4d35e',
    icon: 'building',
    label: 'Studio',
  },
  'projects/bike-house.webp': { from: '#7c1d1d', to: '#ea580c', accent: '#fde047', icon: 'bike', label: 'Bike House' },
  'projects/keeper-app.webp': {
    from: '#14532d',
    to: '#16a34a',
    accent: '#facc15',
    icon: 'notebook-pen',
    label: 'Keeper',
  },
  'projects/more.webp': { from: '#312e81', to: '#7c3aed', accent: '#f472b6', icon: 'layers', label: 'And more' },
  'featured/live-demo.webp': {
    from: '#0c4a6e',
    to: '#0891b2',
    accent: '#a3e635',
    icon: 'shopping-bag',
    label: 'Live demo',
  },
  'featured/more.webp': { from: '#1e1b4b', to: '#4338ca', accent: '#fbbf24', icon: 'mail-plus', label: 'Claim yours' },
};
for (const [file, spec] of Object.entries(images)) {
  await sharp(Buffer.from(card(spec)))
    .webp({ quality: 72 })
    .toFile(`src/assets/${file}`);
}

// Blog covers: the card design at twice its size, so that the post page can serve 1600-pixel images.
const covers = {
  'posts/website-speed-fixes.webp': {
    from: '#0f2a6b',
    to: '#2552e0',
    accent: '#22d3ee',
    icon: 'gauge',
    label: 'Page speed',
  },
  'posts/invoice-automation-case-study.webp': {
    from: '#134e4a',
    to: '#0d9488',
    accent: '#fde047',
    icon: 'file-check',
    label: 'Invoices',
  },
  'posts/seo-before-ads.webp': {
    from: '#4a1d96',
    to: '#7c3aed',
    accent: '#f472b6',
    icon: 'search-check',
    label: 'SEO',
  },
  'posts/mobile-app-launch-checklist.webp': {
    from: '#7c1d1d',
    to: '#ea580c',
    accent: '#fde047',
    icon: 'rocket',
    label: 'App launch',
  },
};
for (const [file, spec] of Object.entries(covers)) {
  await sharp(Buffer.from(card(spec)), { density: 144 })
    .webp({ quality: 72 })
    .toFile(`src/assets/${file}`);
}

// Figures inside the posts.
const font = 'font-family="Inter, Arial, sans-serif"';
const figure = (body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="600" viewBox="0 0 1200 600"><rect width="1200" height="600" fill="#f8fafc"/>${body}</svg>`;
const bars = [
  ['Images', 3.1, 0.45],
  ['JavaScript', 1.1, 0.25],
  ['Fonts', 0.4, 0.1],
  ['Other', 0.2, 0.1],
]
  .map(([label, before, after], i) => {
    const y = 150 + i * 100;
    return `<text x="80" y="${y + 32}" ${font} font-size="26" fill="#0f172a">${label}</text>
  <rect x="300" y="${y}" width="${before * 250}" height="26" rx="6" fill="#94a3b8"/><text x="${310 + before * 250}" y="${y + 21}" ${font} font-size="20" fill="#475569">${before} MB</text>
  <rect x="300" y="${y + 30}" width="${after * 250}" height="26" rx="6" fill="#2552e0"/><text x="${310 + after * 250}" y="${y + 51}" ${font} font-size="20" fill="#1d40b8">${after} MB</text>`;
  })
  .join('');
const steps = [
  ['mail', 'Inbox'],
  ['file-text', 'Read PDF'],
  ['git-compare', 'Match order'],
  ['landmark', 'Accounts'],
]
  .map(([icon, label], i) => {
    const x = 70 + i * 285;
    const arrow = i < 3 ? `<path d="M${x + 215} 250 h60" stroke="#94a3b8" stroke-width="4" marker-end="url(#a)"/>` : '';
    return `<rect x="${x}" y="170" width="200" height="160" rx="20" fill="#fff" stroke="#cbd5e1" stroke-width="2"/>${glyph(icon, x + 70, 190, 60, '#0d9488', 2)}<text x="${x + 100}" y="300" text-anchor="middle" ${font} font-size="26" font-weight="600" fill="#0f172a">${label}</text>${arrow}`;
  })
  .join('');
const figures = {
  'posts/page-weight-chart.webp':
    figure(`<text x="80" y="80" ${font} font-size="34" font-weight="700" fill="#0f172a">Home page weight, before and after</text>
  ${bars}<rect x="80" y="545" width="22" height="22" rx="4" fill="#94a3b8"/><text x="112" y="563" ${font} font-size="22" fill="#475569">Before: 4.8 MB</text>
  <rect x="330" y="545" width="22" height="22" rx="4" fill="#2552e0"/><text x="362" y="563" ${font} font-size="22" fill="#475569">After: 0.9 MB</text>`),
  'posts/invoice-pipeline.webp':
    figure(`<defs><marker id="a" markerWidth="10" markerHeight="10" refX="6" refY="5" orient="auto"><path d="M0 0 L10 5 L0 10 z" fill="#94a3b8"/></marker></defs>
  <text x="70" y="90" ${font} font-size="34" font-weight="700" fill="#0f172a">From inbox to accounts, untouched</text>${steps}
  <path d="M655 330 v90 h-150" stroke="#f59e0b" stroke-width="4" fill="none" marker-end="url(#a)"/>
  <rect x="270" y="390" width="230" height="70" rx="16" fill="#fef3c7" stroke="#f59e0b" stroke-width="2"/>${glyph('user-check', 290, 405, 40, '#b45309', 2)}<text x="345" y="435" ${font} font-size="24" fill="#92400e">Review</text>
  <text x="530" y="500" ${font} font-size="22" fill="#475569">Only mismatches reach a person.</text>`),
  'posts/search-result.webp':
    figure(`<rect x="80" y="70" width="1040" height="70" rx="35" fill="#fff" stroke="#cbd5e1" stroke-width="2"/>${glyph('search', 110, 88, 34, '#64748b', 2)}
  <text x="165" y="116" ${font} font-size="26" fill="#0f172a">website development company Bengaluru</text>
  <text x="80" y="230" ${font} font-size="22" fill="#475569">www.example.com › services › website-development</text>
  <text x="80" y="280" ${font} font-size="34" fill="#1a0dab">Website Development | Your Company, Bengaluru</text>
  <text x="80" y="330" ${font} font-size="24" fill="#334155">Fast, secure websites for Bengaluru businesses. Free estimate in one day.</text>
  <text x="80" y="368" ${font} font-size="24" fill="#334155">★★★★★ 4.9 · Residency Road · Open until 4 PM</text>
  <rect x="80" y="430" width="620" height="16" rx="8" fill="#e2e8f0"/><rect x="80" y="470" width="820" height="16" rx="8" fill="#e2e8f0"/><rect x="80" y="510" width="540" height="16" rx="8" fill="#e2e8f0"/>`),
};
for (const [file, svg] of Object.entries(figures)) {
  await sharp(Buffer.from(svg)).webp({ quality: 80 }).toFile(`src/assets/${file}`);
}

const orbit = (size, color) => glyph('orbit', 0, 0, size, color, 2);
writeFileSync(
  'public/favicon.svg',
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#2552e0"/><g transform="translate(5 5)">${orbit(22, '#fff')}</g></svg>\n`,
);

const og = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b1324"/><stop offset="1" stop-color="#1d40b8"/></linearGradient></defs>
  <rect width="1200" height="630" fill="url(#g)"/>
  <circle cx="1000" cy="520" r="300" fill="#3b6cf6" opacity="0.35"/><circle cx="1000" cy="520" r="200" fill="none" stroke="#bfd3fe" stroke-opacity="0.3"/>
  <rect x="80" y="80" width="72" height="72" rx="16" fill="#2552e0"/><g transform="translate(92 92)">${orbit(48, '#fff')}</g>
  <text x="172" y="130" font-family="Inter, Arial, sans-serif" font-size="40" font-weight="700" fill="#fff">Vyoma Labs</text>
  <text x="80" y="300" font-family="Inter, Arial, sans-serif" font-size="68" font-weight="800" fill="#fff">Software that grows</text>
  <text x="80" y="385" font-family="Inter, Arial, sans-serif" font-size="68" font-weight="800" fill="#fff">your business.</text>
  <text x="80" y="470" font-family="Inter, Arial, sans-serif" font-size="30" fill="#dbe6fe">Web, mobile, CMS, automation and SEO · Bengaluru, India</text>
</svg>`;
await sharp(Buffer.from(og)).png({ compressionLevel: 9, palette: true }).toFile('public/og.png');
