import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, PLAYWRIGHT_DISABLED_FEATURES } from './chromium-args.ts';

/** The features playwright-core disables, read from its installed code (its `disabledFeatures` list). */
function playwrightDisabledFeatures(): string[] {
  const core = path.dirname(createRequire(import.meta.url).resolve('playwright-core/package.json'));
  const bundle = readFileSync(path.join(core, 'lib', 'coreBundle.js'), 'utf8');
  const list = /disabledFeatures = \[([\s\S]*?)\]\.filter\(Boolean\)/.exec(bundle)?.[1];
  if (!list) throw new Error("playwright-core's list of disabled features was not found: read chromium-args.ts");
  return [...list.replace(/\/\/.*$/gm, '').matchAll(/"([^"]+)"/g)].map((match) => match[1]!);
}

describe('CHROMIUM_ARGS', () => {
  it('keeps every feature Playwright disables: Chromium reads only the last --disable-features', () => {
    expect(PLAYWRIGHT_DISABLED_FEATURES).toEqual(playwrightDisabledFeatures());
    const disabled = CHROMIUM_ARGS.filter((arg) => arg.startsWith('--disable-features='));
    expect(disabled).toHaveLength(1);
    expect(disabled[0]!.slice('--disable-features='.length).split(',')).toEqual(
      expect.arrayContaining(PLAYWRIGHT_DISABLED_FEATURES),
    );
  });
});
