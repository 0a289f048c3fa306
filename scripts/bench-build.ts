// `npm run bench:build`: the site's build with today's content, then with 1,000 blog posts and 300
// projects, in a temporary copy of the project (the repository's own content/ is never touched). Each
// generated post has its own cover file, Markdown body (headings, lists, a code block, links) and tags
// from a pool of 30; each project its own image. Both builds start cold (no Astro or Vite cache, no content
// store) and run `astro build` with every integration, the post-build step included; then each is built
// again warm, as a deploy rebuilds: one post's text edited since the last build, with the caches that
// build left (Astro's optimised images, the precompressed files, the
// sharing images: what a deploy that keeps node_modules/.astro reuses). Prints the times, the ratios at
// size ÷ today (goal: at most 3×), the pages each build wrote (blog pagination and tag pages counted
// apart) and the load average. A warm build is timed `--runs` times (3) and its median counts: on this
// kind of machine one warm build at size took from 12 s to 18 s, the disk's speed varying from minute to
// minute. `--posts N`, `--projects N`, `--builds cold|warm|cold,warm` and `--keep` (leave the copy for a
// look) adjust it.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    posts: { type: 'string', default: '1000' },
    projects: { type: 'string', default: '300' },
    builds: { type: 'string', default: 'cold,warm' },
    runs: { type: 'string', default: '3' },
    keep: { type: 'boolean', default: false },
  },
});
const POSTS = Number(args.posts);
const MODES = args.builds.split(',');
const PROJECTS = Number(args.projects);
const RUNS = Number(args.runs);
const TAGS = Array.from({ length: 30 }, (_, i) => `topic-${i + 1}`);
const root = process.cwd();
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

/** The project's files as git sees them (tracked and new, ignored ones left out), copied to a temp folder. */
function copyProject(): string {
  const copy = mkdtempSync(path.join(tmpdir(), 'bench-build-'));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root })
    .toString()
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    copyFileSync(path.join(root, file), path.join(copy, file));
  }
  // Each package linked on its own, so that Astro's and Vite's caches (node_modules/.astro, .vite) are the copy's.
  mkdirSync(path.join(copy, 'node_modules'));
  for (const entry of readdirSync(path.join(root, 'node_modules'))) {
    if (entry === '.astro' || entry === '.vite' || entry === '.cache') continue;
    symlinkSync(path.join(root, 'node_modules', entry), path.join(copy, 'node_modules', entry));
  }
  return copy;
}

/**
 * One of today's images with a chunk of its own appended (a RIFF chunk that decoders skip): Astro optimises
 * an image once per distinct content, copies of one file would be optimised once, and a site with 1,000
 * posts has 1,000 covers. Re-encoding each one here took longer than the build under test.
 */
function distinctImage(from: string, to: string, n: number) {
  const chunk = Buffer.alloc(12);
  chunk.write('BNCH', 0, 'latin1');
  chunk.writeUInt32LE(4, 4);
  chunk.writeUInt32LE(n, 8);
  const image = Buffer.concat([readFileSync(from), chunk]);
  if (image.toString('latin1', 0, 4) !== 'RIFF') throw new Error(`${from} is not a WebP file`);
  image.writeUInt32LE(image.length - 8, 4);
  writeFileSync(to, image);
}

const frontMatter = (fields: Record<string, string | string[]>) =>
  `---\n${Object.entries(fields)
    .map(([k, v]) =>
      Array.isArray(v) ? `${k}:\n${v.map((x) => `  - ${x}`).join('\n')}` : `${k}: ${JSON.stringify(v)}`,
    )
    .join('\n')}\n---\n`;

/** Today's posts' bodies, one per generated post in turn, under a section of its own. */
function postBody(bodies: string[], n: number): string {
  const body = bodies[n % bodies.length]!;
  return `${body}\n\n## Notes on case ${n}\n\nWhat we measured for client ${n}, step by step:\n\n- the page weight before and after;\n- the [speed guide](/blog/website-speed-fixes/) applied in order;\n- a check on a mid-range phone.\n\n\`\`\`ts\nexport const client${n} = { pages: ${n % 40}, fixed: true };\n\`\`\`\n`;
}

function generateContent(copy: string) {
  const postsDir = path.join(copy, 'content/posts');
  const bodies = readdirSync(postsDir).map((f) =>
    readFileSync(path.join(postsDir, f), 'utf8').replace(/^---[\s\S]*?---\n/, ''),
  );
  const covers = readdirSync(path.join(copy, 'src/assets/posts')).map((f) => path.join(copy, 'src/assets/posts', f));
  const images = readdirSync(path.join(copy, 'src/assets/projects')).map((f) =>
    path.join(copy, 'src/assets/projects', f),
  );
  mkdirSync(path.join(copy, 'src/assets/posts/bench'));
  mkdirSync(path.join(copy, 'src/assets/projects/bench'));
  const day = 86_400_000;
  const start = Date.parse('2026-01-01T00:00:00Z') - POSTS * day;
  for (let i = 0; i < POSTS; i++) {
    const id = `bench-post-${String(i).padStart(4, '0')}`;
    distinctImage(covers[i % covers.length]!, path.join(copy, `src/assets/posts/bench/${id}.webp`), i);
    const tags = [TAGS[i % TAGS.length]!, TAGS[(i * 7 + 3) % TAGS.length]!, TAGS[(i * 13 + 5) % TAGS.length]!];
    const text = frontMatter({
      title: `Lessons from project ${i}: what a faster site changed`,
      description: `How client ${i} cut its page weight and what it changed for visitors, sales and search rankings.`,
      date: new Date(start + i * day).toISOString().slice(0, 10),
      author: i % 2 ? 'Ananya Rao' : 'Priya Raman',
      tags: [...new Set(tags)],
      cover: `../../src/assets/posts/bench/${id}.webp`,
      coverAlt: `The cover of post ${i}`,
    });
    // Dates as YAML dates, not strings.
    writeFileSync(path.join(postsDir, `${id}.md`), text.replace(/^date: "(.*)"$/m, 'date: $1') + postBody(bodies, i));
  }
  for (let i = 0; i < PROJECTS; i++) {
    const id = `bench-project-${String(i).padStart(3, '0')}`;
    distinctImage(images[i % images.length]!, path.join(copy, `src/assets/projects/bench/${id}.webp`), i);
    const text = frontMatter({
      // After today's projects ("more" holds 99, the last place).
      order: String(100 + i),
      title: `Client project ${i}`,
      category: ['E-commerce', 'Mobile App', 'Web App', 'Automation'][i % 4]!,
      tags: ['React', 'Node.js', ['Astro', 'Flutter', 'PostgreSQL'][i % 3]!],
      image: `../../src/assets/projects/bench/${id}.webp`,
      imageAlt: `Screens of client project ${i}`,
      link: `https://client-${i}.example.com/`,
    });
    writeFileSync(
      path.join(copy, 'content/projects', `${id}.md`),
      `${text.replace(/^order: "(.*)"$/m, 'order: $1')}\nA site for client ${i}: what it does and what it changed.\n`,
    );
  }
}

interface BuildFigures {
  seconds: number;
  /** Every run's seconds, when the build was timed more than once. */
  runs?: number[];
  pages: number;
  listing: number;
  tags: number;
  posts: number;
}

/** One `astro build` of the copy; `cold` first removes every cache (Astro's, Vite's, the content store). */
function build(copy: string, label: string, cold: boolean): BuildFigures {
  const caches = cold ? ['.astro', 'node_modules/.astro', 'node_modules/.vite', 'dist'] : ['dist'];
  for (const cache of caches) rmSync(path.join(copy, cache), { recursive: true, force: true });
  // The last build's files written out to the disk first: a warm build right after a cold one otherwise
  // waited on the cold one's writes (4,600 images), 13 s or 17 s from run to run. (No `sync` on Windows.)
  spawnSync('sync');
  process.stderr.write(`${label}: astro build...\n`);
  const started = performance.now();
  const result = spawnSync(process.execPath, [path.join(copy, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: copy,
    stdio: ['ignore', 'pipe', 'inherit'],
    // A local build (no NODE_ENV declared: Astro's production build without the deploy's SITE_URL check).
    env: { ...process.env, NODE_ENV: undefined },
    maxBuffer: 256 * 1024 * 1024,
  });
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) {
    process.stderr.write(result.stdout.toString());
    throw new Error(`${label}: astro build exited with ${result.status}`);
  }
  process.stderr.write(`${label}: ${seconds.toFixed(1)} s (load average ${load()})\n`);
  const pages: string[] = JSON.parse(readFileSync(path.join(copy, 'dist/site-pages.json'), 'utf8'));
  return {
    seconds,
    pages: pages.length,
    listing: pages.filter((p) => p === '/blog' || p.startsWith('/blog/page/')).length,
    tags: pages.filter((p) => p.startsWith('/blog/tags/')).length,
    posts: pages.filter((p) => /^\/blog\/(?!page\/|tags\/)[^/]+$/.test(p)).length,
  };
}

/**
 * A line added to the oldest of today's posts (its page, sharing image, listing page and tag pages change:
 * what a deploy of a corrected post rebuilds), a new one each time.
 */
function editPost(copy: string, run: number) {
  const dir = path.join(copy, 'content/posts');
  const post = readdirSync(dir)
    .filter((f) => f.endsWith('.md') && !f.startsWith('bench-'))
    .sort()[0]!;
  writeFileSync(path.join(dir, post), `${readFileSync(path.join(dir, post), 'utf8')}\nA correction, number ${run}.\n`);
}

/** The content's builds: cold, then warm (a rebuild after one post's edit, with the caches the last one left). */
function builds(copy: string, content: string): Array<[string, BuildFigures]> {
  const figures: Array<[string, BuildFigures]> = [];
  if (MODES.includes('cold')) figures.push([`${content}, cold`, build(copy, `${content}, cold`, true)]);
  if (MODES.includes('warm')) {
    if (!MODES.includes('cold')) build(copy, `${content}, filling the caches`, true);
    const runs = Array.from({ length: RUNS }, (_, i) => {
      editPost(copy, i + 1);
      return build(copy, `${content}, warm, run ${i + 1}`, false);
    });
    const seconds = runs.map((r) => r.seconds);
    const median = [...runs].sort((a, b) => a.seconds - b.seconds)[Math.floor((RUNS - 1) / 2)]!;
    figures.push([`${content}, warm (one post edited)`, { ...median, runs: seconds }]);
  }
  return figures;
}

const copy = copyProject();
try {
  const loadBefore = load();
  const today = builds(copy, "today's content");
  generateContent(copy);
  const atSize = builds(copy, `+${POSTS} posts, +${PROJECTS} projects`);
  console.log(`\nBuild at size: \`astro build\` in a copy of the project; ${new Date().toISOString()}`);
  console.log('| content | pages | blog posts | listing pages | tag pages | seconds |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const [name, f] of [...today, ...atSize]) {
    const runs = f.runs && f.runs.length > 1 ? ` (median of ${f.runs.map((r) => r.toFixed(1)).join(', ')})` : '';
    console.log(`| ${name} | ${f.pages} | ${f.posts} | ${f.listing} | ${f.tags} | ${f.seconds.toFixed(1)}${runs} |`);
  }
  today.forEach(([name], i) => {
    const ratio = atSize[i]![1].seconds / today[i]![1].seconds;
    console.log(`${name.split(', ')[1]}: at size ÷ today ${ratio.toFixed(2)}× (goal: at most 3×)`);
  });
  console.log(`load average before ${loadBefore}, after ${load()}`);
} finally {
  if (args.keep) console.log(`the copy: ${copy}`);
  else rmSync(copy, { recursive: true, force: true });
}
