import { describe, expect, it } from 'vitest';
import { retryableImport } from './retryable-import.ts';

const origin = 'http://app.test';
const chunk = `${origin}/assets/sheet-abc123.js`;

describe('a dynamic import that can be tried again', () => {
  it('asks for the failed module under a new URL each time, and keeps the one that loaded', async () => {
    let plainLoads = 0;
    const asked: string[] = [];
    const load = retryableImport(
      () => {
        plainLoads += 1;
        return Promise.reject(new TypeError(`Failed to fetch dynamically imported module: ${chunk}`));
      },
      'Sheet',
      {
        origin,
        importUrl: (url) => {
          asked.push(url);
          return asked.length === 1
            ? Promise.reject(new TypeError(`Failed to fetch: ${url}`))
            : Promise.resolve({ Sheet: 'sheet' });
        },
      },
    );
    await expect(load()).rejects.toThrow('Failed to fetch dynamically imported module');
    await expect(load()).rejects.toThrow('Failed to fetch');
    await expect(load()).resolves.toEqual({ Sheet: 'sheet' });
    await expect(load()).resolves.toEqual({ Sheet: 'sheet' });
    expect(plainLoads).toBe(1);
    expect(asked).toEqual([`${chunk}?retry=1`, `${chunk}?retry=2`, `${chunk}?retry=2`]);
  });

  it('tries the plain import again when the error names no module of this site', async () => {
    const errors = [
      new TypeError('Importing a module script failed.'),
      new TypeError('Failed: https://evil.test/x.js'),
    ];
    let loads = 0;
    const load = retryableImport(
      () => {
        loads += 1;
        const error = errors.shift();
        return error ? Promise.reject(error) : Promise.resolve('module');
      },
      'default',
      { origin, importUrl: () => Promise.reject(new Error('not used')) },
    );
    await expect(load()).rejects.toThrow('Importing a module script failed.');
    await expect(load()).rejects.toThrow('evil');
    await expect(load()).resolves.toBe('module');
    expect(loads).toBe(3);
  });
});
