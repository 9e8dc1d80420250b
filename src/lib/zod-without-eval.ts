/**
 * zod compiles its object parsers with `new Function` where it may, and finds out whether it may by
 * calling `Function('')`. The pages' Content-Security-Policy allows no eval
 * (docs/decisions/008-content-security-policy.md): the browser blocks that probe and reports it as a
 * violation. So zod is told never to try. src/main.tsx imports this module first, before any module
 * that builds a schema (zod decides when a schema is built).
 */
import { config } from 'zod/mini';

config({ jitless: true });
