/**
 * QR codes in tests: reading one back from a PNG (a guest's message carries their code as one), and
 * a video of a code for Chromium's fake camera (`--use-file-for-fake-video-capture`), so a browser
 * test shows the check-in screen's scanner a real code.
 */
import { writeFileSync } from 'node:fs';
import jsQR from 'jsqr';
import QRCode from 'qrcode';
import sharp from 'sharp';

/** The text of the QR code in a PNG, or null when none can be read. */
export async function decodeQrPng(png: Uint8Array): Promise<string | null> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}

const WIDTH = 640;
const HEIGHT = 480;

/**
 * Writes a Y4M video (the format Chromium's fake camera plays, in a loop) of `texts`' QR codes, one
 * after the other, each held `framesEach` frames at 10 frames a second, with `blankFrames` of
 * nothing between them (a code taken away and the next one shown). Greyscale 4:2:0: luma from the
 * code, neutral chroma.
 */
export function writeQrVideo(file: string, texts: readonly string[], framesEach = 20, blankFrames = 10): void {
  const lumaSize = WIDTH * HEIGHT;
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = (luma: Buffer) => [Buffer.from('FRAME\n'), luma, chroma];
  const blank = Buffer.alloc(lumaSize, 235);
  const parts: Buffer[] = [Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`)];
  for (const text of texts) {
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
    const quiet = 4;
    const scale = Math.floor((HEIGHT - 40) / (modules.size + 2 * quiet));
    const side = (modules.size + 2 * quiet) * scale;
    const left = Math.floor((WIDTH - side) / 2);
    const top = Math.floor((HEIGHT - side) / 2);
    const luma = Buffer.alloc(lumaSize, 235);
    for (let row = 0; row < modules.size; row += 1) {
      for (let column = 0; column < modules.size; column += 1) {
        if (!modules.get(row, column)) continue;
        for (let y = 0; y < scale; y += 1) {
          const start = (top + (row + quiet) * scale + y) * WIDTH + left + (column + quiet) * scale;
          luma.fill(16, start, start + scale);
        }
      }
    }
    for (let index = 0; index < framesEach; index += 1) parts.push(...frame(luma));
    for (let index = 0; index < blankFrames; index += 1) parts.push(...frame(blank));
  }
  writeFileSync(file, Buffer.concat(parts));
}
