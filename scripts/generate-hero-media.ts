/**
 * Makes the home page's hero video and its poster: our own artwork, an abstract "network of data"
 * (drifting nodes joined by light, pulses running along the links) drawn on a canvas in Chromium and
 * recorded with MediaRecorder. Every motion is periodic in the loop length, so the file loops without
 * a seam. The poster is a still of the first frame, so the page looks the same before the video plays
 * and for visitors who prefer reduced motion.
 *
 *   npx tsx scripts/generate-hero-media.ts [outDir]
 *
 * Writes hero.webm (VP9, no audio) and hero-poster.webp into public/media. Uses the system Chromium
 * (CHROMIUM_PATH, else /usr/bin/chromium).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.resolve(process.argv[2] ?? path.join(root, 'public/media'));

const WIDTH = 960;
const HEIGHT = 540;
const LOOP_SECONDS = 8;
const BITS_PER_SECOND = 220_000;

/** The drawing, run in the page: `draw(t)` paints the frame at `t` seconds into the loop. */
const PAGE = `<!doctype html><html><body style="margin:0;background:#0b1026">
<canvas id="c" width="${WIDTH}" height="${HEIGHT}"></canvas>
<script>
const W = ${WIDTH}, H = ${HEIGHT}, T = ${LOOP_SECONDS};
const canvas = document.getElementById('c');
const ctx = canvas.getContext('2d');
// A fixed-seed generator, so every run draws the same picture.
let seed = 20260105;
const rand = () => ((seed = (seed * 1664525 + 1013904223) >>> 0) / 4294967296);
const TAU = Math.PI * 2;
const nodes = Array.from({ length: 46 }, () => ({
  x: rand() * W, y: rand() * H,
  rx: 18 + rand() * 60, ry: 12 + rand() * 40,
  turns: (rand() < 0.5 ? -1 : 1) * (1 + Math.floor(rand() * 2)),
  phase: rand() * TAU, size: 1.6 + rand() * 2.6, hue: rand() < 0.25 ? 190 : 228,
}));
const pulses = Array.from({ length: 14 }, () => ({ a: Math.floor(rand() * 46), b: Math.floor(rand() * 46), phase: rand() }));
function position(node, t) {
  const angle = node.phase + (TAU * node.turns * t) / T;
  return [node.x + Math.cos(angle) * node.rx, node.y + Math.sin(angle) * node.ry];
}
function draw(t) {
  const sky = ctx.createLinearGradient(0, 0, W, H);
  sky.addColorStop(0, '#0b1026');
  sky.addColorStop(0.55, '#121a44');
  sky.addColorStop(1, '#1d2f7a');
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, W, H);
  // Two slow glows that circle once per loop.
  for (const [cx, cy, r, colour, turn] of [[0.72, 0.35, 360, '59,91,219', 1], [0.22, 0.78, 300, '34,211,238', -1]]) {
    const angle = (TAU * turn * t) / T;
    const gx = cx * W + Math.cos(angle) * 70, gy = cy * H + Math.sin(angle) * 40;
    const glow = ctx.createRadialGradient(gx, gy, 0, gx, gy, r);
    glow.addColorStop(0, 'rgba(' + colour + ',0.35)');
    glow.addColorStop(1, 'rgba(' + colour + ',0)');
    ctx.fillStyle = glow;
    ctx.fillRect(0, 0, W, H);
  }
  const points = nodes.map((node) => position(node, t));
  ctx.lineWidth = 1;
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) {
      const dx = points[i][0] - points[j][0], dy = points[i][1] - points[j][1];
      const d = Math.hypot(dx, dy);
      if (d < 150) {
        ctx.strokeStyle = 'rgba(148,170,255,' + (0.42 * (1 - d / 150)).toFixed(3) + ')';
        ctx.beginPath(); ctx.moveTo(points[i][0], points[i][1]); ctx.lineTo(points[j][0], points[j][1]); ctx.stroke();
      }
    }
  }
  for (const pulse of pulses) {
    const [ax, ay] = points[pulse.a], [bx, by] = points[pulse.b];
    if (Math.hypot(ax - bx, ay - by) > 260) continue;
    const f = (pulse.phase + t / T * 2) % 1;
    const px = ax + (bx - ax) * f, py = ay + (by - ay) * f;
    const spark = ctx.createRadialGradient(px, py, 0, px, py, 10);
    spark.addColorStop(0, 'rgba(165,243,252,0.95)');
    spark.addColorStop(1, 'rgba(165,243,252,0)');
    ctx.fillStyle = spark;
    ctx.fillRect(px - 10, py - 10, 20, 20);
  }
  nodes.forEach((node, i) => {
    const [x, y] = points[i];
    const twinkle = 0.75 + 0.25 * Math.sin(node.phase + (TAU * 2 * t) / T);
    ctx.fillStyle = 'hsla(' + node.hue + ',90%,78%,' + twinkle.toFixed(3) + ')';
    ctx.beginPath(); ctx.arc(x, y, node.size, 0, TAU); ctx.fill();
  });
}
window.drawFrame = draw;
window.record = (seconds, bitsPerSecond) => new Promise((resolve, reject) => {
  const stream = canvas.captureStream(30);
  const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp9', videoBitsPerSecond: bitsPerSecond });
  const chunks = [];
  recorder.ondataavailable = (event) => chunks.push(event.data);
  recorder.onerror = (event) => reject(event.error);
  recorder.onstop = async () => {
    const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    resolve(btoa(binary));
  };
  let start;
  const frame = (now) => {
    start ??= now;
    const t = (now - start) / 1000;
    if (t >= seconds) { recorder.stop(); return; }
    draw(t);
    requestAnimationFrame(frame);
  };
  draw(0);
  recorder.start();
  requestAnimationFrame(frame);
});
</script></body></html>`;

async function main() {
  await mkdir(outDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--autoplay-policy=no-user-gesture-required'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT } });
    await page.setContent(PAGE);
    await page.evaluate(() => (window as unknown as { drawFrame(t: number): void }).drawFrame(0));
    const still = await page.locator('#c').screenshot({ type: 'png' });
    const poster = await sharp(still).webp({ quality: 70 }).toBuffer();
    await writeFile(path.join(outDir, 'hero-poster.webp'), poster);

    const base64 = await page.evaluate(
      ([seconds, bits]) =>
        (window as unknown as { record(s: number, b: number): Promise<string> }).record(seconds, bits),
      [LOOP_SECONDS, BITS_PER_SECOND] as const,
    );
    const video = Buffer.from(base64, 'base64');
    await writeFile(path.join(outDir, 'hero.webm'), video);
    console.log(
      `hero.webm ${Math.round(video.length / 1024)} KB, hero-poster.webp ${Math.round(poster.length / 1024)} KB`,
    );
  } finally {
    await browser.close();
  }
}

await main();
