/**
 * What the benches share to print their figures: a line of output, the machine's load (on a shared
 * 2-core machine it moves the figures, so it is printed beside them), the median of some runs, and
 * the flags of the Chromium they drive.
 */
import os from 'node:os';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'];

export function out(line = ''): void {
  process.stdout.write(`${line}\n`);
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
