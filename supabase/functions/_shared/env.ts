/**
 * Configuration of the server functions, read at call time. Hosted Supabase gives a function its
 * secrets through `Deno.env`; under Node the variables come from `process.env`. The local backend's
 * function runner runs several backends in one process, each with its own values, so it installs an
 * `EnvSource` that answers for the invocation in progress; when it answers, nothing else is read.
 * Blank values count as unset.
 */

/** The variables of the current invocation, or undefined when the host has none to give. */
export type EnvSource = () => Readonly<Record<string, string | undefined>> | undefined;

interface DenoEnv {
  env: { get(name: string): string | undefined };
}

interface NodeProcess {
  env: Record<string, string | undefined>;
}

let hostSource: EnvSource | undefined;

/** Lets a host (the local function runner) supply the variables of each invocation. */
export function setEnvSource(source: EnvSource | undefined): void {
  hostSource = source;
}

function runtimeValue(name: string): string | undefined {
  const deno = (globalThis as { Deno?: DenoEnv }).Deno;
  if (deno) return deno.env.get(name);
  return (globalThis as { process?: NodeProcess }).process?.env[name];
}

/** The value of an environment variable, trimmed; undefined when unset or blank. */
export function readEnv(name: string): string | undefined {
  const scoped = hostSource?.();
  const value = (scoped ? scoped[name] : runtimeValue(name))?.trim();
  return value ? value : undefined;
}

/** The value of a variable the platform always provides (SUPABASE_URL, keys); throws when missing. */
export function requireEnv(name: string): string {
  const value = readEnv(name);
  if (value === undefined) throw new Error(`The server function environment lacks ${name}`);
  return value;
}
