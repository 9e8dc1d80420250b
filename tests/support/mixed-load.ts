/**
 * The mixed load of the faults test: many readers and a few writers at once against one
 * backend, each reader signed in as someone (or anonymous) and checking that the database saw
 * exactly its own identity, each writer counting the inserts the server acknowledged. Used by the
 * faults test (a few seconds) and by `npm run bench` (a full minute).
 */
import { Agent, request } from 'undici';
import type { RunningBackend } from '../../server/backend.ts';

export interface MixedLoadResult {
  reads: number;
  writes: number;
  /** Responses with a 5xx status or a broken connection. */
  serverErrors: number;
  /** Reads whose database identity was not the caller's. */
  identityMismatches: number;
  /** Any other unexpected status. */
  otherFailures: number;
  /** The ids the server acknowledged as inserted. */
  acknowledgedIds: string[];
  seconds: number;
}

/** Installs the probe the readers call: the JWT subject the database sees for a request. */
export async function installIdentityProbe(backend: RunningBackend): Promise<void> {
  await backend.services.db.exec(`
    create or replace function public.zz_load_whoami() returns text language sql stable
      as $$ select coalesce(nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub', 'anon') $$;
    grant execute on function public.zz_load_whoami() to anon, authenticated;`);
}

export async function runMixedLoad(options: {
  backend: RunningBackend;
  /** Access tokens with the subject each must see; `anon` for the anon key. */
  identities: { token: string; sub: string }[];
  adminToken: string;
  readers: number;
  writers: number;
  seconds: number;
  /** Marks this run's rows so they can be counted afterwards. */
  tag: string;
}): Promise<MixedLoadResult> {
  const { backend } = options;
  const dispatcher = new Agent({ connections: options.readers + options.writers, pipelining: 1 });
  const result: MixedLoadResult = {
    reads: 0,
    writes: 0,
    serverErrors: 0,
    identityMismatches: 0,
    otherFailures: 0,
    acknowledgedIds: [],
    seconds: options.seconds,
  };
  const deadline = Date.now() + options.seconds * 1000;

  const reader = async (index: number) => {
    const identity = options.identities[index % options.identities.length]!;
    while (Date.now() < deadline) {
      try {
        const response = await request(`${backend.url}/rest/v1/rpc/zz_load_whoami`, {
          method: 'POST',
          dispatcher,
          headers: {
            apikey: backend.anonKey,
            authorization: `Bearer ${identity.token}`,
            'content-type': 'application/json',
          },
          body: '{}',
        });
        const body = await response.body.text();
        result.reads += 1;
        if (response.statusCode >= 500) result.serverErrors += 1;
        else if (response.statusCode !== 200) result.otherFailures += 1;
        else if (JSON.parse(body) !== identity.sub) result.identityMismatches += 1;
      } catch {
        result.serverErrors += 1;
      }
    }
  };

  const writer = async (index: number) => {
    let n = 0;
    while (Date.now() < deadline) {
      n += 1;
      try {
        const response = await request(`${backend.url}/rest/v1/testimonials?select=id`, {
          method: 'POST',
          dispatcher,
          headers: {
            apikey: backend.anonKey,
            authorization: `Bearer ${options.adminToken}`,
            'content-type': 'application/json',
            prefer: 'return=representation',
          },
          body: JSON.stringify({ name: `${options.tag} writer ${index} #${n}`, quote: options.tag }),
        });
        const body = await response.body.text();
        result.writes += 1;
        if (response.statusCode >= 500) result.serverErrors += 1;
        else if (response.statusCode !== 201) result.otherFailures += 1;
        else result.acknowledgedIds.push((JSON.parse(body) as { id: string }[])[0]!.id);
      } catch {
        result.serverErrors += 1;
      }
    }
  };

  await Promise.all([
    ...Array.from({ length: options.readers }, (_, i) => reader(i)),
    ...Array.from({ length: options.writers }, (_, i) => writer(i)),
  ]);
  await dispatcher.close();
  return result;
}
