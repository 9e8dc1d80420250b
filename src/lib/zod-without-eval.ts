/**
 * zod compiles its object parsers with `new Function` where it may, and finds out whether it may by
 * calling `Function('')`. The pages' Content-Security-Policy allows no eval
 * (docs/decisions/008-content-security-policy.md): the browser blocks that probe and reports it as a
 * violation. So zod is told never to try, before its first parse.
 *
 * Without importing zod: no public page's start-up evaluates zod, which loads with the first code that
 * checks something (docs/decisions/030-zod-after-the-start.md). zod keeps its settings in one object
 * on `globalThis` and adopts the one it finds there; were zod loaded already, its object gets the
 * setting. src/main.tsx imports this module first.
 */
import type { $ZodConfig } from 'zod/v4/core';

const global = globalThis as { __zod_globalConfig?: $ZodConfig };
Object.assign((global.__zod_globalConfig ??= {}), { jitless: true });
