/**
 * A small closed-loop load generator: `connections` workers each send the next request as soon as
 * the previous one answers, for a fixed time, over keep-alive connections. It records every
 * latency, so percentiles are exact rather than bucketed.
 */
import { Agent, request } from 'undici';

export interface LoadResult {
  requests: number;
  requestsPerSecond: number;
  failures: number;
  p50: number;
  p95: number;
  p99: number;
}

/** The p-th percentile of ascending values (the nearest rank); 0 for none. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function runLoad(options: {
  url: string;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
}): Promise<LoadResult> {
  const dispatcher = new Agent({ connections: options.connections, pipelining: 1 });
  const latencies: number[] = [];
  let failures = 0;
  const deadline = performance.now() + options.seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const started = performance.now();
      try {
        const response = await request(options.url, { headers: options.headers, dispatcher });
        await response.body.arrayBuffer();
        if (response.statusCode >= 300) failures += 1;
      } catch {
        failures += 1;
      }
      latencies.push(performance.now() - started);
    }
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: options.connections }, worker));
  const elapsed = (performance.now() - began) / 1000;
  await dispatcher.close();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    requestsPerSecond: latencies.length / elapsed,
    failures,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}
