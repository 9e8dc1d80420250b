/**
 * Serves the built app (dist/) the way a static host would: hashed assets cached for a year,
 * everything else revalidated, unknown paths answered with index.html so the client router can
 * show the page (or its 404), and /runtime-config.json written from the settings given here.
 */
import { readFile, stat } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';

export interface AppServerOptions {
  port: number;
  hostname?: string;
  distDir: string;
  /** Written to /runtime-config.json (src/lib/runtime-config.ts reads it). */
  runtimeConfig: { supabaseUrl: string; supabaseAnonKey: string } & Record<string, string>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.woff2': 'font/woff2',
};

async function readIfFile(file: string): Promise<Buffer | null> {
  try {
    if (!(await stat(file)).isFile()) return null;
    return await readFile(file);
  } catch {
    return null;
  }
}

export async function startAppServer(options: AppServerOptions): Promise<{ url: string; stop(): Promise<void> }> {
  const root = path.resolve(options.distDir);
  const app = new Hono();
  app.get('/runtime-config.json', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.json(options.runtimeConfig);
  });
  app.get('*', async (c) => {
    const requested = path.resolve(root, `.${decodeURIComponent(new URL(c.req.url).pathname)}`);
    const inside = requested === root || requested.startsWith(`${root}${path.sep}`);
    const body = inside ? await readIfFile(requested) : null;
    if (body) {
      const immutable = requested.startsWith(path.join(root, 'assets') + path.sep);
      return c.body(new Uint8Array(body), 200, {
        'Content-Type': CONTENT_TYPES[path.extname(requested)] ?? 'application/octet-stream',
        'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        'X-Content-Type-Options': 'nosniff',
      });
    }
    const index = await readFile(path.join(root, 'index.html'));
    return c.body(new Uint8Array(index), 200, { 'Content-Type': CONTENT_TYPES['.html']!, 'Cache-Control': 'no-cache' });
  });
  const hostname = options.hostname ?? '0.0.0.0';
  const server = await new Promise<Server>((resolve, reject) => {
    const started = serve({ fetch: app.fetch, port: options.port, hostname }, () =>
      resolve(started as Server),
    ) as Server;
    started.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
