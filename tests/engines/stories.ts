/**
 * The stories every engine must pass (issue 14), written once for all of them: each opens pages and
 * runs scripts in them through an EngineSession, and goes offline by cutting the proxies the browser
 * reaches the app and the API through. Each story runs in a fresh browser profile.
 */
import type { EngineSession } from './drivers.ts';

export interface StoryWorld {
  /** The app's origin, as the browser reaches it. */
  appUrl: string;
  /** Cuts the browser off from the app and the API (a network that refuses connections). */
  offline(): void;
  online(): void;
  /** An upcoming event with a slug and title, and a past event's title. */
  upcoming: { slug: string; title: string };
  pastTitle: string;
  /** Adds an upcoming event as the admin, through the API; resolves with its title. */
  addUpcomingEvent(): Promise<string>;
}

export interface Story {
  name: string;
  run(session: EngineSession, world: StoryWorld): Promise<void>;
}

/** Stories the issue names that are not written for these engines yet, with why. */
export const NOT_YET: readonly { name: string; why: string }[] = [
  { name: "an admin's offline edit syncs after reconnection", why: 'not written for these engines yet' },
  { name: 'an upload queued offline', why: 'not written for these engines yet' },
  { name: 'the update prompt after a new deploy', why: 'not written for these engines yet' },
];

/** Polls `body` in the page until it returns a value other than null/false, or fails after `timeoutMs`. */
async function until<T>(session: EngineSession, what: string, body: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const last = await session.run<unknown>(body).catch((error: unknown) => String(error));
    if (last !== null && last !== false && !(typeof last === 'string' && last.startsWith('Error:'))) return last as T;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (last: ${JSON.stringify(last)})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const text = (value: string) => JSON.stringify(value);

/** The footer says 'Available offline': a service worker is active and the replica holds every table. */
async function untilAvailableOffline(session: EngineSession): Promise<void> {
  await until(
    session,
    "the footer's 'Available offline'",
    "return document.querySelector('footer')?.textContent?.includes('Available offline') || null;",
    90_000,
  );
}

/** The page's main heading, once it says `title`. */
async function untilHeading(session: EngineSession, title: string): Promise<void> {
  await until(
    session,
    `the heading ${title}`,
    `return document.querySelector('main h1')?.textContent?.trim() === ${text(title)} || null;`,
  );
}

export const STORIES: readonly Story[] = [
  {
    name: 'a first visit of / and /past-highlights, then offline: both, with the images seen, and an event page never opened',
    async run(session, world) {
      await session.goto(`${world.appUrl}/`);
      await untilAvailableOffline(session);
      await session.goto(`${world.appUrl}/past-highlights`);
      await until(
        session,
        'an image shown on past highlights',
        `return [...document.querySelectorAll('main img')].some((img) => img.complete && img.naturalWidth > 0) || null;`,
      );
      world.offline();
      try {
        await session.goto(`${world.appUrl}/`);
        await until(
          session,
          'the upcoming event on the home page',
          `return document.querySelector('#events')?.textContent?.includes(${text(world.upcoming.title)}) || null;`,
        );
        await session.goto(`${world.appUrl}/events/${world.upcoming.slug}`);
        await untilHeading(session, world.upcoming.title);
        await session.goto(`${world.appUrl}/past-highlights`);
        await until(
          session,
          'a past event on past highlights',
          `return document.querySelector('main')?.textContent?.includes(${text(world.pastTitle)}) || null;`,
        );
        await until(
          session,
          'an image shown on past highlights',
          `return [...document.querySelectorAll('main img')].some((img) => img.complete && img.naturalWidth > 0) || null;`,
        );
      } finally {
        world.online();
      }
    },
  },
  {
    name: 'installable: a manifest with icons, and a service worker that controls the page',
    async run(session, world) {
      await session.goto(`${world.appUrl}/`);
      const manifest = await session.run<{
        name: string;
        start_url: string;
        display: string;
        icons: { src: string; sizes: string; type: string }[];
      }>(`
        const link = document.querySelector('link[rel="manifest"]');
        if (!link) throw new Error('no manifest link');
        return (await fetch(link.href)).json();`);
      if (manifest.name !== 'CDO Vision' || manifest.start_url !== '/' || manifest.display !== 'standalone') {
        throw new Error(`unexpected manifest: ${JSON.stringify(manifest)}`);
      }
      for (const size of ['192x192', '512x512']) {
        const icon = manifest.icons.find((entry) => entry.sizes === size && entry.type === 'image/png');
        if (!icon) throw new Error(`no ${size} PNG icon in the manifest`);
        const ok = await session.run<boolean>(
          `const response = await fetch(${text(icon.src)}); return response.ok && response.headers.get('content-type') === 'image/png';`,
        );
        if (!ok) throw new Error(`the ${size} icon does not load as a PNG`);
      }
      await until(
        session,
        'an active service worker',
        "return (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated' || null;",
        60_000,
      );
      await session.goto(`${world.appUrl}/`);
      await until(
        session,
        'the page under the service worker',
        'return navigator.serviceWorker.controller !== null || null;',
      );
    },
  },
  {
    name: "the visitor's replica receives a live change",
    async run(session, world) {
      await session.goto(`${world.appUrl}/`);
      await untilAvailableOffline(session);
      const title = await world.addUpcomingEvent();
      await until(
        session,
        'the new event on the open page',
        `return document.querySelector('#events')?.textContent?.includes(${text(title)}) || null;`,
      );
    },
  },
];
