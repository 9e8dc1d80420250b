/** The backend's one way to write to its terminal, so product code has no stray console calls. */
export function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

export function logError(line: string): void {
  process.stderr.write(`${line}\n`);
}
