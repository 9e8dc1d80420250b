/**
 * The scraping set-up, read from the function's environment at each call (hosted: project secrets;
 * local backend: its process environment or a test's `functionsEnv`):
 *
 * | variable | meaning |
 * |---|---|
 * | LINKEDIN_PROVIDER | adapter name, `http-json` when unset (see profile-provider.ts) |
 * | LINKEDIN_PROVIDER_URL | base URL of the profile-data API (required) |
 * | LINKEDIN_PROVIDER_KEY | its bearer key (optional) |
 * | LINKEDIN_PROVIDER_TIMEOUT_MS | deadline of one provider request, default 15000 |
 * | AI_API_URL | base URL of an OpenAI-compatible API, e.g. https://api.openai.com/v1 (required) |
 * | AI_API_KEY | its bearer key (optional, for keyless local models) |
 * | AI_MODEL | model name (required) |
 * | AI_TIMEOUT_MS | deadline of one AI request, default 30000 |
 *
 * Missing required values: 503 'LinkedIn scraping is not configured on this server'. Values that
 * are present but unusable: 503 naming the variable, so whoever deploys can fix it.
 */
import { readEnv } from '../_shared/env.ts';
import { FunctionError } from '../_shared/http.ts';
import type { InsightsWriterSettings } from './profile-insights.ts';
import { DEFAULT_PROFILE_PROVIDER, PROFILE_PROVIDERS, type ProfileProvider } from './profile-provider.ts';

export const NOT_CONFIGURED_MESSAGE = 'LinkedIn scraping is not configured on this server';

const DEFAULT_PROVIDER_TIMEOUT_MS = 15_000;
const DEFAULT_AI_TIMEOUT_MS = 30_000;
const MAX_TIMEOUT_MS = 120_000;

export interface ScrapeConfig {
  provider: ProfileProvider;
  insights: InsightsWriterSettings;
}

function misconfigured(problem: string): FunctionError {
  return new FunctionError(503, `LinkedIn scraping is misconfigured on this server: ${problem}`);
}

function serviceUrl(name: string, value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw misconfigured(`${name} is not a URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw misconfigured(`${name} is not an http(s) URL`);
  return url;
}

function timeoutMs(name: string, fallback: number): number {
  const value = readEnv(name);
  if (value === undefined) return fallback;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 1 || ms > MAX_TIMEOUT_MS) {
    throw misconfigured(`${name} must be a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}`);
  }
  return ms;
}

/** The configured provider and AI settings; throws the 503s above when scraping cannot run. */
export function readScrapeConfig(): ScrapeConfig {
  const providerUrl = readEnv('LINKEDIN_PROVIDER_URL');
  const aiUrl = readEnv('AI_API_URL');
  const model = readEnv('AI_MODEL');
  if (!providerUrl || !aiUrl || !model) throw new FunctionError(503, NOT_CONFIGURED_MESSAGE);
  const providerName = readEnv('LINKEDIN_PROVIDER') ?? DEFAULT_PROFILE_PROVIDER;
  const createProvider = Object.hasOwn(PROFILE_PROVIDERS, providerName) ? PROFILE_PROVIDERS[providerName] : undefined;
  if (!createProvider) throw misconfigured(`LINKEDIN_PROVIDER names no known provider (${providerName})`);
  return {
    provider: createProvider({
      baseUrl: serviceUrl('LINKEDIN_PROVIDER_URL', providerUrl),
      apiKey: readEnv('LINKEDIN_PROVIDER_KEY'),
      timeoutMs: timeoutMs('LINKEDIN_PROVIDER_TIMEOUT_MS', DEFAULT_PROVIDER_TIMEOUT_MS),
    }),
    insights: {
      baseUrl: serviceUrl('AI_API_URL', aiUrl),
      apiKey: readEnv('AI_API_KEY'),
      model,
      timeoutMs: timeoutMs('AI_TIMEOUT_MS', DEFAULT_AI_TIMEOUT_MS),
    },
  };
}
