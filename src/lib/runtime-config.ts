/**
 * Settings the built app reads at run time from /runtime-config.json, so that one build can be
 * deployed against any Supabase project: the server that hosts the app writes that file.
 */
import { z } from 'zod';

const runtimeConfigSchema = z.object({
  supabaseUrl: z.string().url(),
  supabaseAnonKey: z.string().min(1),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

let pending: Promise<RuntimeConfig> | undefined;

/** Fetches and validates the run-time settings once per page load. */
export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  pending ??= fetch('/runtime-config.json', { cache: 'no-cache' })
    .then((response) => {
      if (!response.ok) throw new Error(`runtime-config.json: HTTP ${response.status}`);
      return response.json();
    })
    .then((json) => runtimeConfigSchema.parse(json));
  return pending;
}
