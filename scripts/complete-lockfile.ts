/**
 * `npm run lockfile`: run after adding or updating a dependency. The registry mirror of our
 * machines lacks other platforms' optional binaries (e.g. @tailwindcss/oxide-darwin-arm64), so
 * `npm install` leaves them out of package-lock.json, and `npm ci` then refuses the lock as out
 * of sync. This adds an entry for each missing optional dependency, marked optional: `npm ci`
 * accepts the lock, skips what does not fit the platform, and a machine that can reach the full
 * registry still installs its own platform's binary.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface LockEntry {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  optionalDependencies?: Record<string, string>;
}

const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8')) as { packages: Record<string, LockEntry> };
const packages = lock.packages;

/** Where npm would find `name` from a package installed at `location`, if anywhere. */
function resolves(location: string, name: string): boolean {
  let dir = location;
  for (;;) {
    if (packages[`${dir ? `${dir}/` : ''}node_modules/${name}`]) return true;
    if (!dir) return false;
    const parent = dir.lastIndexOf('/node_modules/');
    dir = parent === -1 ? '' : dir.slice(0, parent);
  }
}

const added: string[] = [];
for (const [location, entry] of Object.entries(packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    if (resolves(location, name)) continue;
    const key = packages[`node_modules/${name}`] ? `${location}/node_modules/${name}` : `node_modules/${name}`;
    packages[key] = { version: range.replace(/^[\^~=]/, ''), optional: true, ...(entry.dev ? { dev: true } : {}) };
    added.push(key);
  }
}

writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
process.stdout.write(`package-lock.json: ${added.length} missing optional entries added\n`);
