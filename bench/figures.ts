/**
 * What the benches share to print their figures: whether this is the quick mode, a line of output
 * and a line of figures (counted: bench/run.ts fails a part that printed none), the machine's load
 * (on a shared 2-core machine it moves the figures, so it is printed beside them), the median of
 * some runs, and the flags of the Chromium they drive.
 */
import os from 'node:os';

/**
 * BENCH_QUICK=1: every part once, with small data and short runs, so that `npm test` can show that
 * each still runs (bench/run.ts). Its figures say nothing about the app's speed.
 */
export const quick = process.env.BENCH_QUICK === '1';

export { CHROMIUM_ARGS } from '../tests/support/chromium-args.ts';

export function out(line = ''): void {
  process.stdout.write(`${line}\n`);
}

let figureLines = 0;

/** Prints a line that holds measured figures (headings and notes go through `out`). */
export function figure(line: string): void {
  figureLines += 1;
  out(line);
}

/** How many lines of figures this process has printed. */
export function figuresPrinted(): number {
  return figureLines;
}

export function loadAverage(): string {
  return `load average ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}, ${os.cpus().length} cores`;
}

/** The median (the lower one of an even count); NaN for no values. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
}
