/**
 * Draws the site's icons from the SVG mark in public/icons/mark.svg with sharp: the 32 px favicon (a
 * PNG: an SVG favicon costs the page a document of its own to draw it, a long task after the load
 * event), 192 and 512 px "any" icons (the mark as drawn, rounded corners and all) and a 512 px maskable icon, where
 * the mark sits inside the central 80 % safe zone on a full-bleed background, so that launchers may
 * crop it to any shape. The PNGs are committed; run `npx tsx scripts/generate-pwa-icons.ts` after
 * changing the mark.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const BACKGROUND = '#0b1026';
const iconsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/icons');
const mark = await readFile(path.join(iconsDir, 'mark.svg'));

async function anyIcon(size: number): Promise<void> {
  await sharp(mark, { density: (72 * size) / 512 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(iconsDir, `icon-${size}.png`));
}

async function maskableIcon(size: number): Promise<void> {
  const inner = Math.round(size * 0.7);
  const drawn = await sharp(mark, { density: (72 * inner) / 512 })
    .resize(inner, inner)
    .png()
    .toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: BACKGROUND } })
    .composite([{ input: drawn, gravity: 'centre' }])
    .png({ compressionLevel: 9 })
    .toFile(path.join(iconsDir, `maskable-${size}.png`));
}

await anyIcon(32);
await anyIcon(192);
await anyIcon(512);
await maskableIcon(512);
// An apple-touch-icon: iOS ignores the manifest's icons and rounds corners itself.
await sharp({ create: { width: 180, height: 180, channels: 4, background: BACKGROUND } })
  .composite([
    {
      input: await sharp(mark, { density: (72 * 150) / 512 })
        .resize(150, 150)
        .png()
        .toBuffer(),
      gravity: 'centre',
    },
  ])
  .png({ compressionLevel: 9 })
  .toFile(path.join(iconsDir, 'apple-touch-icon.png'));
console.log(`icons written to ${iconsDir}`);
