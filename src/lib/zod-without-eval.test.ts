import { describe, expect, it, vi } from 'vitest';

describe('zod without eval', () => {
  it('tells zod, loaded after it, never to compile a parser with `Function`', async () => {
    await import('./zod-without-eval.ts');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);

    // The probe a strict Content-Security-Policy reports is `new Function('')`: no call of it at all.
    const made = vi.fn();
    const original = globalThis.Function;
    globalThis.Function = new Proxy(original, {
      construct(target, args: string[]) {
        made(args);
        return Reflect.construct(target, args);
      },
    });
    try {
      const person = z.object({ name: z.string(), age: z.number() });
      expect(person.parse({ name: 'Ada', age: 36 })).toEqual({ name: 'Ada', age: 36 });
      expect(() => person.parse({ name: 'Ada' })).toThrow();
    } finally {
      globalThis.Function = original;
    }
    expect(made).not.toHaveBeenCalled();
  });
});
