/**
 * Draws the demo images that supabase/seed.sql points at: event banners (/demo/events), people
 * (/demo/people), logos (/demo/logos) and gallery pictures (/demo/gallery). The seed is the one list:
 * every `/demo/<kind>/<name>.webp` it mentions gets a file, so the two never drift apart.
 *
 * All artwork is our own: abstract SVG (gradients, geometry, blurred light, silhouettes) and a small
 * built-in stroke alphabet for initials and wordmarks, so no font on the machine changes the output.
 * Each picture is drawn from a generator seeded by its name: the same name gives the same picture.
 * Files that already exist are left alone.
 *
 *   npx tsx scripts/generate-demo-images.ts [outDir] [--force]
 */
import { mkdir, readFile, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_OUT_DIR = path.join(root, 'public/demo');
const DEFAULT_SEED_FILE = path.join(root, 'supabase/seed.sql');

export type DemoImageKind = 'events' | 'people' | 'logos' | 'gallery';

export interface DemoImage {
  kind: DemoImageKind;
  /** File name without extension, e.g. 'amara-okafor'. */
  name: string;
  /** The URL the seed stores, e.g. '/demo/people/amara-okafor.webp'. */
  url: string;
}

export interface GenerateResult {
  written: string[];
  skipped: number;
}

const SIZES: Record<DemoImageKind, { width: number; height: number; quality: number }> = {
  events: { width: 1200, height: 675, quality: 72 },
  gallery: { width: 1200, height: 800, quality: 68 },
  people: { width: 400, height: 400, quality: 75 },
  logos: { width: 320, height: 160, quality: 85 },
};

/** Every demo image a seed file refers to, once each, in a stable order. */
export function planDemoImages(seedSql: string): DemoImage[] {
  const found = new Map<string, DemoImage>();
  for (const match of seedSql.matchAll(/\/demo\/(events|people|logos|gallery)\/([a-z0-9-]+)\.webp/g)) {
    const [url, kind, name] = match as unknown as [string, DemoImageKind, string];
    found.set(url, { kind, name, url });
  }
  return [...found.values()].sort((a, b) => a.url.localeCompare(b.url));
}

/**
 * Writes the images the seed needs into `outDir` (normally public/demo), skipping files that exist
 * unless `force` is set.
 */
export async function generateDemoImages(
  outDir: string = DEFAULT_OUT_DIR,
  options: { seedFile?: string; force?: boolean } = {},
): Promise<GenerateResult> {
  const seedFile = options.seedFile ?? DEFAULT_SEED_FILE;
  const images = planDemoImages(await readFile(seedFile, 'utf8'));
  const written: string[] = [];
  let skipped = 0;
  // A few at a time: sharp renders on libuv's thread pool, so this uses the machine's cores.
  const queue = [...images];
  const worker = async () => {
    for (let image = queue.shift(); image; image = queue.shift()) {
      const file = path.join(outDir, image.kind, `${image.name}.webp`);
      if (!options.force && (await exists(file))) {
        skipped += 1;
        continue;
      }
      await mkdir(path.dirname(file), { recursive: true });
      const { width, height, quality } = SIZES[image.kind];
      const temporary = `${file}.${process.pid}.tmp`;
      await sharp(Buffer.from(drawSvg(image, width, height)))
        .webp({ quality, effort: 6, smartSubsample: true })
        .toFile(temporary);
      await rename(temporary, file);
      written.push(file);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return { written: written.sort(), skipped };
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

// Randomness: a 32-bit generator (mulberry32) seeded with the FNV-1a hash of the image's URL.

type Random = () => number;

function seededRandom(key: string): Random {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  let state = hash;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (random: Random, min: number, max: number) => min + random() * (max - min);
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const round = (value: number) => Math.round(value * 10) / 10;

/** Colour families: [deep, mid, accent, light]. Muted, "executive" tones that suit the site. */
const PALETTES: readonly (readonly [string, string, string, string])[] = [
  ['#0b1f3a', '#1d4e89', '#f2b134', '#e8f1fb'],
  ['#102a2c', '#1f6f6b', '#e9c46a', '#e6f4f1'],
  ['#1f1235', '#5b3c88', '#f28f3b', '#f1eafb'],
  ['#2b0f1e', '#8c2f4b', '#f6bd60', '#fbeef2'],
  ['#0f2417', '#2d6a4f', '#b7e4c7', '#eef8f1'],
  ['#14213d', '#3a506b', '#5bc0be', '#e0f4f4'],
  ['#231a12', '#7f5539', '#ddb892', '#f7efe6'],
  ['#101820', '#2f4858', '#f26419', '#eaf0f3'],
];

function gradientDefs(id: string, from: string, to: string, angle: number): string {
  const radians = (angle * Math.PI) / 180;
  const x = round(50 + 50 * Math.cos(radians));
  const y = round(50 + 50 * Math.sin(radians));
  return `<linearGradient id="${id}" x1="${round(100 - x)}%" y1="${round(100 - y)}%" x2="${x}%" y2="${y}%">
    <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

function drawSvg(image: DemoImage, width: number, height: number): string {
  const random = seededRandom(image.url);
  switch (image.kind) {
    case 'events':
      return drawEventBanner(random, width, height);
    case 'gallery':
      return drawGalleryScene(random, width, height);
    case 'people':
      return drawPerson(random, image.name, width, height);
    case 'logos':
      return drawLogo(random, image.name, width, height);
  }
}

/** Abstract banner: a gradient sky, a glow, and one of four geometric patterns. */
function drawEventBanner(random: Random, width: number, height: number): string {
  const [deep, mid, accent, light] = pick(random, PALETTES);
  const shapes: string[] = [];
  const style = Math.floor(random() * 4);
  if (style === 0) {
    // Concentric rings around an off-centre point.
    const cx = between(random, width * 0.55, width * 0.85);
    const cy = between(random, height * 0.2, height * 0.8);
    for (let r = 40; r < width; r += between(random, 28, 46)) {
      shapes.push(`<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(r)}" fill="none" stroke="${light}"
        stroke-opacity="${round(between(random, 0.05, 0.22) * 100) / 100}" stroke-width="${round(between(random, 1, 6))}"/>`);
    }
  } else if (style === 1) {
    // Diagonal translucent bands.
    for (let i = 0; i < 9; i += 1) {
      const x = between(random, -width * 0.3, width);
      const w = between(random, 40, 220);
      shapes.push(`<polygon points="${round(x)},0 ${round(x + w)},0 ${round(x + w - height * 0.6)},${height} ${round(x - height * 0.6)},${height}"
        fill="${random() < 0.3 ? accent : light}" fill-opacity="${round(between(random, 0.04, 0.16) * 100) / 100}"/>`);
    }
  } else if (style === 2) {
    // A dot grid whose dots swell towards a focus.
    const fx = between(random, 0.3, 0.9) * width;
    const fy = between(random, 0.2, 0.8) * height;
    for (let x = 30; x < width; x += 42) {
      for (let y = 30; y < height; y += 42) {
        const d = Math.hypot(x - fx, y - fy) / width;
        const r = Math.max(0.8, 9 * (1 - d * 1.6));
        shapes.push(`<circle cx="${x}" cy="${y}" r="${round(r)}" fill="${light}" fill-opacity="0.28"/>`);
      }
    }
  } else {
    // Low-poly triangles across the lower half.
    const cols = 8;
    const rows = 4;
    const points: [number, number][][] = [];
    for (let j = 0; j <= rows; j += 1) {
      points.push([]);
      for (let i = 0; i <= cols; i += 1) {
        const jitter = i === 0 || i === cols || j === rows ? 0 : 1;
        points[j]!.push([
          (i / cols) * width + jitter * between(random, -40, 40),
          height * 0.35 + (j / rows) * height * 0.65 + jitter * between(random, -25, 25),
        ]);
      }
    }
    for (let j = 0; j < rows; j += 1) {
      for (let i = 0; i < cols; i += 1) {
        const [a, b, c, d] = [points[j]![i]!, points[j]![i + 1]!, points[j + 1]![i]!, points[j + 1]![i + 1]!];
        for (const tri of [
          [a, b, c],
          [b, d, c],
        ]) {
          shapes.push(`<polygon points="${tri.map(([x, y]) => `${round(x)},${round(y)}`).join(' ')}"
            fill="${random() < 0.15 ? accent : light}" fill-opacity="${round(between(random, 0.03, 0.2) * 100) / 100}"/>`);
        }
      }
    }
  }
  const glowX = round(between(random, 10, 90));
  const glowY = round(between(random, 10, 60));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    ${gradientDefs('sky', deep, mid, between(random, 20, 160))}
    <radialGradient id="glow" cx="${glowX}%" cy="${glowY}%" r="55%">
      <stop offset="0" stop-color="${accent}" stop-opacity="0.55"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/>
    </linearGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#sky)"/>
  <rect width="100%" height="100%" fill="url(#glow)"/>
  ${shapes.join('\n  ')}
  <rect width="100%" height="100%" fill="url(#shade)"/>
</svg>`;
}

/** An evening-event impression: out-of-focus lights, guests in silhouette, a long lit table. */
function drawGalleryScene(random: Random, width: number, height: number): string {
  const warm = ['#f6bd60', '#f7a072', '#eddea4', '#ffd6a5', '#fdffb6', '#f28482'];
  const cool = ['#a0c4ff', '#bdb2ff', '#9bf6ff'];
  const lights: string[] = [];
  const count = 26 + Math.floor(random() * 10);
  for (let i = 0; i < count; i += 1) {
    const colour = random() < 0.8 ? pick(random, warm) : pick(random, cool);
    lights.push(`<circle cx="${round(between(random, 0, width))}" cy="${round(between(random, 0, height * 0.6))}"
      r="${round(between(random, 14, 70))}" fill="${colour}" fill-opacity="${round(between(random, 0.18, 0.6) * 100) / 100}"/>`);
  }
  const tableY = round(between(random, height * 0.66, height * 0.74));
  // Guests seen from behind the far side of the table: a head and shoulders each, no faces.
  const guests: string[] = [];
  for (let x = between(random, 60, 160); x < width - 40; x += between(random, 150, 230)) {
    const scale = between(random, 0.85, 1.15);
    const head = 34 * scale;
    const shoulders = tableY - head * 3.2;
    guests.push(`<circle cx="${round(x)}" cy="${round(shoulders - head * 0.9)}" r="${round(head)}"/>
      <path d="M ${round(x - head * 2.3)} ${tableY + 4} C ${round(x - head * 2.1)} ${round(shoulders + head * 0.4)},
        ${round(x - head * 1.2)} ${round(shoulders)}, ${round(x)} ${round(shoulders)} C ${round(x + head * 1.2)} ${round(shoulders)},
        ${round(x + head * 2.1)} ${round(shoulders + head * 0.4)}, ${round(x + head * 2.3)} ${tableY + 4} Z"/>`);
  }
  const candles: string[] = [];
  for (let x = between(random, 50, 140); x < width; x += between(random, 120, 200)) {
    candles.push(
      `<circle cx="${round(x)}" cy="${round(tableY + between(random, 18, 40))}" r="${round(between(random, 5, 9))}" fill="#ffd89b"/>`,
    );
  }
  const [deep, mid] = pick(random, [
    ['#1b0f0a', '#4a2c1d'],
    ['#0f1420', '#2e2a3d'],
    ['#151010', '#3d2a24'],
    ['#0e1512', '#2a3a30'],
  ] as const);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    ${gradientDefs('room', deep, mid, between(random, 70, 110))}
    <filter id="bokeh" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${round(between(random, 10, 18))}"/></filter>
    <filter id="soft"><feGaussianBlur stdDeviation="2.5"/></filter>
    <filter id="glow" x="-200%" y="-200%" width="500%" height="500%"><feGaussianBlur stdDeviation="9"/></filter>
    <linearGradient id="cloth" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#f5ebe0" stop-opacity="0.55"/><stop offset="1" stop-color="#f5ebe0" stop-opacity="0.12"/>
    </linearGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#room)"/>
  <g filter="url(#bokeh)">${lights.join('')}</g>
  <g filter="url(#soft)" fill="${deep}" fill-opacity="0.88">${guests.join('')}</g>
  <polygon points="0,${tableY} ${width},${tableY} ${width},${height} 0,${height}" fill="url(#cloth)"/>
  <g filter="url(#glow)" fill-opacity="0.7">${candles.join('')}</g>
  <g>${candles.join('')}</g>
</svg>`;
}

/** A stylised person: a silhouette, or initials, on a gradient. Never a real face. */
function drawPerson(random: Random, name: string, width: number, height: number): string {
  const [deep, mid, accent, light] = pick(random, PALETTES);
  const initials = name
    .split('-')
    .filter((part) => part.length > 1)
    .map((part) => part[0]!.toUpperCase())
    .slice(0, 2)
    .join('');
  const figure =
    random() < 0.6
      ? `<circle cx="200" cy="165" r="72" fill="${light}" fill-opacity="0.9"/>
         <path d="M 58 400 C 70 290, 130 252, 200 252 C 270 252, 330 290, 342 400 Z" fill="${light}" fill-opacity="0.9"/>`
      : `<circle cx="200" cy="200" r="150" fill="none" stroke="${accent}" stroke-width="6" stroke-opacity="0.8"/>
         ${strokeText(initials, { x: 200, y: 200, capHeight: 120, colour: light, weight: 0.95, align: 'middle' })}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 400 400">
  <defs>${gradientDefs('bg', mid, deep, between(random, 30, 150))}</defs>
  <rect width="400" height="400" fill="url(#bg)"/>
  <circle cx="${round(between(random, 40, 360))}" cy="${round(between(random, 30, 150))}" r="${round(between(random, 90, 160))}"
    fill="${accent}" fill-opacity="0.18"/>
  ${figure}
</svg>`;
}

/** A wordmark: a geometric mark and the company's name in capitals, on white. */
function drawLogo(random: Random, name: string, width: number, height: number): string {
  const [deep, mid, accent] = pick(random, PALETTES);
  const words = name
    .split('-')
    .filter(Boolean)
    .map((word) => word.toUpperCase());
  const lines = words.join(' ').length > 11 && words.length > 1 ? splitInTwo(words) : [words.join(' ')];
  const markSize = 56;
  const markX = 22;
  const textX = markX + markSize + 16;
  const room = width - textX - 18;
  const longest = Math.max(...lines.map((line) => textUnits(line)));
  const capHeight = Math.min(lines.length === 1 ? 30 : 24, (room / longest) * 6);
  const lineGap = capHeight * 0.55;
  const blockHeight = lines.length * capHeight + (lines.length - 1) * lineGap;
  const top = (height - blockHeight) / 2;
  const text = lines
    .map((line, i) =>
      strokeText(line, {
        x: textX,
        y: top + i * (capHeight + lineGap) + capHeight / 2,
        capHeight,
        colour: i === 0 ? deep : mid,
        weight: i === 0 ? 0.8 : 0.65,
        align: 'start',
      }),
    )
    .join('');
  const cx = markX + markSize / 2;
  const cy = height / 2;
  const r = markSize / 2;
  const marks = [
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${mid}"/><circle cx="${cx + 8}" cy="${cy - 8}" r="${r * 0.45}" fill="${accent}"/>`,
    `<polygon points="${hexagon(cx, cy, r)}" fill="${deep}"/><polygon points="${hexagon(cx, cy, r * 0.5)}" fill="${accent}"/>`,
    `<polygon points="${cx},${cy - r} ${cx + r},${cy + r * 0.8} ${cx - r},${cy + r * 0.8}" fill="${mid}"/>
     <polygon points="${cx},${cy - r * 0.2} ${cx + r * 0.5},${cy + r * 0.8} ${cx - r * 0.5},${cy + r * 0.8}" fill="${accent}"/>`,
    `<rect x="${cx - r * 0.7}" y="${cy - r * 0.7}" width="${r * 1.4}" height="${r * 1.4}" rx="6" fill="${deep}" transform="rotate(45 ${cx} ${cy})"/>
     <circle cx="${cx}" cy="${cy}" r="${r * 0.32}" fill="${accent}"/>`,
    [0, 1, 2, 3]
      .map((i) => {
        const h = r * (0.8 + i * 0.4);
        return `<rect x="${cx - r + i * 15}" y="${cy + r - h}" width="10" height="${h}" rx="3" fill="${i === 3 ? accent : mid}"/>`;
      })
      .join(''),
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${height}" fill="#ffffff"/>
  ${pick(random, marks)}
  ${text}
</svg>`;
}

function hexagon(cx: number, cy: number, r: number): string {
  return [0, 1, 2, 3, 4, 5]
    .map((i) => {
      const angle = (Math.PI / 3) * i + Math.PI / 6;
      return `${round(cx + r * Math.cos(angle))},${round(cy + r * Math.sin(angle))}`;
    })
    .join(' ');
}

/** Splits words into two lines of as equal a length as possible. */
function splitInTwo(words: string[]): string[] {
  let best = [words.join(' ')];
  let bestDifference = Infinity;
  for (let i = 1; i < words.length; i += 1) {
    const first = words.slice(0, i).join(' ');
    const second = words.slice(i).join(' ');
    const difference = Math.abs(first.length - second.length);
    if (difference < bestDifference) {
      bestDifference = difference;
      best = [first, second];
    }
  }
  return best;
}

// A stroke alphabet on a 4 x 6 grid (y down). Each glyph is a list of polylines separated by '|',
// each polyline a list of 'x,y' points; they are drawn with round caps and joins.

const O = '1,0 3,0 4,1 4,5 3,6 1,6 0,5 0,1 1,0';
const P = '0,6 0,0 3,0 4,1 4,2 3,3 0,3';
const GLYPH_SOURCE: Record<string, string> = {
  A: '0,6 2,0 4,6|0.7,4 3.3,4',
  B: '0,0 0,6 3,6 4,5 4,4 3,3 0,3|0,0 2.8,0 3.7,0.9 3.7,2.1 2.8,3',
  C: '4,1 3,0 1,0 0,1 0,5 1,6 3,6 4,5',
  D: '0,0 0,6 2.5,6 4,4.5 4,1.5 2.5,0 0,0',
  E: '4,0 0,0 0,6 4,6|0,3 3,3',
  F: '4,0 0,0 0,6|0,3 3,3',
  G: '4,1 3,0 1,0 0,1 0,5 1,6 3,6 4,5 4,3.2 2.2,3.2',
  H: '0,0 0,6|4,0 4,6|0,3 4,3',
  I: '2,0 2,6|1,0 3,0|1,6 3,6',
  J: '4,0 4,5 3,6 1,6 0,5',
  K: '0,0 0,6|4,0 0,3.6|1.4,2.4 4,6',
  L: '0,0 0,6 4,6',
  M: '0,6 0,0 2,3.5 4,0 4,6',
  N: '0,6 0,0 4,6 4,0',
  O,
  P,
  Q: `${O}|2.6,4.6 4.2,6.2`,
  R: `${P}|2,3 4,6`,
  S: '4,1 3,0 1,0 0,1 0,2 1,3 3,3 4,4 4,5 3,6 1,6 0,5',
  T: '0,0 4,0|2,0 2,6',
  U: '0,0 0,5 1,6 3,6 4,5 4,0',
  V: '0,0 2,6 4,0',
  W: '0,0 1,6 2,2.5 3,6 4,0',
  X: '0,0 4,6|4,0 0,6',
  Y: '0,0 2,3 4,0|2,3 2,6',
  Z: '0,0 4,0 0,6 4,6',
  '0': `${O}|3.6,1 0.4,5`,
  '1': '1,1 2,0 2,6|1,6 3,6',
  '2': '0,1 1,0 3,0 4,1 4,2 0,6 4,6',
  '3': '0,1 1,0 3,0 4,1 4,2 3,3 4,4 4,5 3,6 1,6 0,5|1.5,3 3,3',
  '4': '3,6 3,0 0,4 4,4',
  '5': '4,0 0,0 0,3 3,3 4,4 4,5 3,6 0,6',
  '6': '4,1 3,0 1,0 0,1 0,5 1,6 3,6 4,5 4,4 3,3 0,3',
  '7': '0,0 4,0 1.5,6',
  '8': '1,3 0,2 0,1 1,0 3,0 4,1 4,2 3,3 1,3 0,4 0,5 1,6 3,6 4,5 4,4 3,3',
  '9': '4,3 1,3 0,2 0,1 1,0 3,0 4,1 4,5 3,6 1,6',
  '-': '1,3 3,3',
  '&': '4,6 1,2 1,1 2,0 3,1 3,2 0,4 0,5 1,6 2.5,6 4,4',
};

type Stroke = [number, number][];

const GLYPHS: Record<string, Stroke[]> = Object.fromEntries(
  Object.entries(GLYPH_SOURCE).map(([char, source]) => [
    char,
    source.split('|').map((line) => line.split(' ').map((point) => point.split(',').map(Number) as [number, number])),
  ]),
);
const GLYPH_WIDTH = 4;
const LETTER_GAP = 1.7;
const SPACE_WIDTH = 2.6;

function textUnits(text: string): number {
  let units = 0;
  for (const char of text) units += char === ' ' ? SPACE_WIDTH : GLYPH_WIDTH + LETTER_GAP;
  return Math.max(units - LETTER_GAP, 1);
}

/**
 * Draws `text` with the stroke alphabet. `y` is the vertical centre of the capitals; `weight` is the
 * stroke width in grid units. Characters without a glyph are skipped.
 */
function strokeText(
  text: string,
  options: { x: number; y: number; capHeight: number; colour: string; weight: number; align: 'start' | 'middle' },
): string {
  const scale = options.capHeight / 6;
  const left = options.align === 'middle' ? options.x - (textUnits(text) * scale) / 2 : options.x;
  const top = options.y - options.capHeight / 2;
  const commands: string[] = [];
  let cursor = 0;
  for (const char of text) {
    if (char === ' ') {
      cursor += SPACE_WIDTH;
      continue;
    }
    for (const stroke of GLYPHS[char] ?? []) {
      commands.push(
        stroke
          .map(
            ([gx, gy], i) => `${i === 0 ? 'M' : 'L'}${round(left + (cursor + gx) * scale)} ${round(top + gy * scale)}`,
          )
          .join(' '),
      );
    }
    cursor += GLYPH_WIDTH + LETTER_GAP;
  }
  return `<path d="${commands.join(' ')}" fill="none" stroke="${options.colour}" stroke-width="${round(options.weight * scale)}"
    stroke-linecap="round" stroke-linejoin="round"/>`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  const outDir = args.find((arg) => !arg.startsWith('--')) ?? DEFAULT_OUT_DIR;
  const { written, skipped } = await generateDemoImages(path.resolve(outDir), { force: args.includes('--force') });
  process.stdout.write(
    `Demo images: ${written.length} written, ${skipped} already there (${path.relative(root, outDir) || outDir})\n`,
  );
}
