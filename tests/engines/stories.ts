/**
 * The stories every engine must pass (issue 14), written once for all of them: each opens pages and
 * runs scripts in them through an EngineSession, and goes offline by cutting the proxies the browser
 * reaches the app and the API through. Each story runs in a fresh browser profile.
 */
import { PUBLIC_TABLES } from '../sync/support/driver.ts';
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
  /** Adds an upcoming event as the admin, through the API. */
  addUpcomingEvent(): Promise<{ id: string; title: string }>;
  /** Adds an event in `timeZone` with one session from `start` to `end` (ISO), as the admin. */
  addEventInZone(timeZone: string, session: { start: string; end: string }): Promise<{ slug: string; title: string }>;
  /** The event's title as the backend holds it. */
  serverTitle(id: string): Promise<string | null>;
  /** The image URLs of the event's gallery as the backend holds them. */
  galleryUrls(eventId: string): Promise<string[]>;
  admin: { email: string; password: string };
  /** A small PNG on this machine, for a file field. */
  imageFile: string;
  /** Builds the app again, with another build id, into the folder the app server serves; resolves with the id. */
  deploy(): Promise<string>;
  /**
   * Adds an upcoming event whose picture is on a storage server that takes requests and never
   * answers them, as a stalled network does: a service worker keeping pictures ahead stays busy on
   * it. `requests` counts the requests that server holds; `remove` deletes the event and drops them.
   */
  addEventWithStalledImage(): Promise<{ requests(): number; remove(): Promise<void> }>;
}

export interface Story {
  name: string;
  /** The zone the browser's clock is in (an IANA name); this machine's when none is named. */
  timeZone?: string;
  run(session: EngineSession, world: StoryWorld): Promise<void>;
}

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

/**
 * In-page helpers for forms, as a user fills them: the control a label names, a value typed into it
 * (through the native setter and an input event, which React listens to), a button by its name.
 */
const FORM_HELPERS = `
  const control = (label) => [...document.querySelectorAll('label')].find((l) => l.textContent.trim() === label)?.control;
  const type = (label, value) => {
    const input = control(label);
    if (!input) throw new Error('no field ' + label);
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value').set.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  };
  const button = (name) => [...document.querySelectorAll('button')].find(
    (b) => (b.getAttribute('aria-label') ?? b.textContent.trim()) === name && !b.disabled);
  const hydrated = () => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer'));
`;

/** Polls `ms` apart for `probe` (in Node) to resolve to `expected`. */
async function untilServer<T>(what: string, probe: () => Promise<T>, expected: T, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value === expected) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (last: ${JSON.stringify(value)})`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The footer says 'Available offline': a service worker is active and the replica holds every table. */
async function untilAvailableOffline(session: EngineSession): Promise<void> {
  await until(
    session,
    "the footer's 'Available offline'",
    "return document.querySelector('footer')?.textContent?.includes('Available offline') || null;",
    90_000,
  );
}

/** The page is under a service worker (a first one takes the page over once it is active). */
async function untilControlled(session: EngineSession): Promise<void> {
  await until(
    session,
    'the page under the service worker',
    'return navigator.serviceWorker.controller !== null || null;',
    60_000,
  );
}

/**
 * Waits until the visitor's replica holds a full pull of every public table (its first-pull flags in
 * the meta database), whatever the footer says: it can say 'Available offline' at once from the rows
 * the service worker keeps, while the replica is still being made.
 */
async function untilReplicaPulled(session: EngineSession, what: string): Promise<void> {
  await until(
    session,
    what,
    `if (!(await indexedDB.databases()).some((db) => db.name === 'cdo-public-meta')) return null;
    const db = await new Promise((resolve, reject) => {
      const request = indexedDB.open('cdo-public-meta');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      if (!db.objectStoreNames.contains('state')) return null;
      const keys = await new Promise((resolve, reject) => {
        const request = db.transaction('state').objectStore('state').getAllKeys();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      return keys.filter((key) => String(key).startsWith('initialPull:public:')).length >= ${PUBLIC_TABLES.length} || null;
    } finally {
      db.close();
    }`,
    60_000,
  );
}

/** One of the images `selector` finds has loaded and has pixels. */
async function untilImageShown(session: EngineSession, what: string, selector: string): Promise<void> {
  await until(
    session,
    what,
    `return [...document.querySelectorAll(${text(selector)})].some((img) => img.complete && img.naturalWidth > 0) || null;`,
  );
}

/**
 * Records in localStorage (`story-page-exits`, which a failed story's page dump prints) how the
 * open page is left: into the back-forward cache, or unloaded.
 */
async function recordPageExit(session: EngineSession): Promise<void> {
  await session.run(`
    addEventListener('pagehide', (event) => {
      const exits = JSON.parse(localStorage.getItem('story-page-exits') ?? '[]');
      exits.push(location.pathname + (event.persisted ? ' into the back-forward cache' : ' unloaded'));
      localStorage.setItem('story-page-exits', JSON.stringify(exits));
    });`);
}

/** The page's main heading, once it says `title`. */
async function untilHeading(session: EngineSession, title: string): Promise<void> {
  await until(
    session,
    `the heading ${title}`,
    `return document.querySelector('main h1')?.textContent?.trim() === ${text(title)} || null;`,
  );
}

/** Signs in as the admin through /auth and waits for the back office's dashboard. */
async function signInAsAdmin(session: EngineSession, world: StoryWorld): Promise<void> {
  await session.goto(`${world.appUrl}/auth`);
  await until(session, 'the sign-in form', `${FORM_HELPERS} return (hydrated() && button('Sign In')) ? true : null;`);
  await session.run(`${FORM_HELPERS}
    type('Email', ${text(world.admin.email)});
    type('Password', ${text(world.admin.password)});
    await new Promise((resolve) => setTimeout(resolve, 100));
    button('Sign In').click();`);
  await until(
    session,
    'the back office',
    "return document.querySelector('main h1, h1')?.textContent?.includes('Admin Dashboard') || null;",
  );
}

/** Waits until the back office's status says 'All changes synced': the admin's replica is full. */
async function untilAllSynced(session: EngineSession): Promise<void> {
  await until(
    session,
    "the replica's 'All changes synced'",
    "return [...document.querySelectorAll('[role=status]')].some((s) => s.textContent.includes('All changes synced')) || null;",
    90_000,
  );
}

/** Signs in as the admin and opens /admin/events, its replica full, under the service worker. */
async function openAdminEvents(session: EngineSession, world: StoryWorld): Promise<void> {
  await signInAsAdmin(session, world);
  // Within the app, as an admin does (the back office's own navigation).
  await session.run(
    "[...document.querySelectorAll('nav a')].find((link) => link.textContent.trim() === 'Events').click();",
  );
  await untilAllSynced(session);
  await untilControlled(session);
  // The page itself shown: its scripts are loaded before the admin can lose the connection.
  await untilEventsListed(session, world.upcoming.title, 'the events page');
}

/** Waits until the back office's events list shows the event titled `title`. */
async function untilEventsListed(session: EngineSession, title: string, what: string): Promise<void> {
  await until(
    session,
    what,
    `return document.querySelector('ul[aria-label="Events"]')?.textContent?.includes(${text(title)}) || null;`,
    60_000,
  );
}

/** Opens an event's form from its card in /admin/events. */
async function openEventForm(session: EngineSession, title: string): Promise<void> {
  await until(
    session,
    "the event's Edit button",
    `${FORM_HELPERS} return button(${text(`Edit ${title}`)}) ? true : null;`,
  );
  await session.run(`${FORM_HELPERS} button(${text(`Edit ${title}`)}).click();`);
  await until(session, 'the event form', `${FORM_HELPERS} return control('Title') ? true : null;`);
}

/** An instant's date ('Friday, 11 June 2027') and time ('8:30 AM') in `timeZone`, from Intl here. */
function clockIn(instant: string, timeZone: string): { date: string; time: string; short: string } {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  const time = `${p.hour}:${p.minute} ${p.dayPeriod}`;
  return {
    date: `${p.weekday}, ${p.day} ${p.month} ${p.year}`,
    time,
    short: `${String(p.weekday).slice(0, 3)} ${p.day} ${p.month}, ${time}`,
  };
}

/**
 * In-page: an event page's overview date, its agenda's zone line and each session's time range, from
 * a document (the live page, or the server's HTML parsed).
 */
const EVENT_TIMES = `
  const timesOf = (doc) => ({
    date: doc.querySelector('#overview time')?.textContent ?? null,
    zone: doc.querySelector('#agenda p')?.textContent ?? null,
    sessions: [...doc.querySelectorAll('#agenda [data-accordion-button]')].map(
      (button) => button.textContent.match(/\\d{1,2}:\\d{2} [AP]M - \\d{1,2}:\\d{2} [AP]M/)?.[0] ?? null),
  });
`;

export const STORIES: readonly Story[] = [
  {
    name: "a visitor in Los Angeles sees an event in Tokyo on Tokyo's clock, as the server's HTML has it, and their own time on request",
    timeZone: 'America/Los_Angeles',
    async run(session, world) {
      const zone = await session.run<string>('return Intl.DateTimeFormat().resolvedOptions().timeZone;');
      if (zone !== 'America/Los_Angeles') throw new Error(`the browser's zone is ${zone}, not America/Los_Angeles`);
      // 00:30 UTC: 9:30 in the morning in Tokyo, the afternoon before in Los Angeles.
      const start = new Date(Date.now() + 3 * 24 * 3600 * 1000);
      start.setUTCHours(0, 30, 0, 0);
      const keynote = { start: start.toISOString(), end: new Date(start.getTime() + 3600_000).toISOString() };
      const event = await world.addEventInZone('Asia/Tokyo', keynote);
      const tokyo = { start: clockIn(keynote.start, 'Asia/Tokyo'), end: clockIn(keynote.end, 'Asia/Tokyo') };
      const losAngeles = {
        start: clockIn(keynote.start, 'America/Los_Angeles'),
        end: clockIn(keynote.end, 'America/Los_Angeles'),
      };
      if (tokyo.start.date === losAngeles.start.date) throw new Error('the two calendars agree: nothing to tell');
      const expected = {
        date: tokyo.start.date,
        zone: 'All times are Tokyo time (JST, UTC+9)',
        sessions: [`${tokyo.start.time} - ${tokyo.end.time}`],
      };

      await session.goto(`${world.appUrl}/events/${event.slug}`);
      // Hydrated, and the visitor's offer added, which only the browser can.
      await until(
        session,
        "the 'Show my time' button",
        `${FORM_HELPERS} return (hydrated() && [...document.querySelectorAll('button')].some((b) =>
          /^Show my time \\(Los Angeles, UTC-[78]\\)$/.test(b.textContent.trim()))) || null;`,
      );
      type Times = typeof expected;
      const shown = await session.run<{ page: Times; server: Times }>(`${EVENT_TIMES}
        const html = await (await fetch(location.pathname, { cache: 'no-store' })).text();
        return { page: timesOf(document), server: timesOf(new DOMParser().parseFromString(html, 'text/html')) };`);
      // Field by field: WebDriver does not keep an object's key order.
      const fields = (times: Times) => JSON.stringify([times.date, times.zone, times.sessions]);
      for (const [what, times] of Object.entries(shown)) {
        if (fields(times) !== fields(expected)) {
          throw new Error(`the ${what} shows ${fields(times)}, not ${fields(expected)}`);
        }
      }

      const yours = `Your time: ${losAngeles.start.short} - ${losAngeles.end.time}`;
      await session.run(
        `[...document.querySelectorAll('button')].find((b) => b.textContent.startsWith('Show my time')).click();`,
      );
      await until(
        session,
        `the keynote's '${yours}'`,
        `return document.querySelector('#agenda [data-accordion-button]')?.textContent?.includes(${text(yours)}) || null;`,
      );
    },
  },
  {
    name: 'a first visit of / and /past-highlights, then offline: both, with the images seen, and an event page never opened',
    async run(session, world) {
      await session.goto(`${world.appUrl}/`);
      await untilAvailableOffline(session);
      await session.goto(`${world.appUrl}/past-highlights`);
      await untilImageShown(session, 'an image shown on past highlights', 'main img');
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
        await untilImageShown(session, 'an image shown on past highlights', 'main img');
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
        // The page adds the link when it starts the app, after its first paint.
        let link = document.querySelector('link[rel="manifest"]');
        for (let tries = 0; !link && tries < 100; tries += 1) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          link = document.querySelector('link[rel="manifest"]');
        }
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
      await untilControlled(session);
    },
  },
  {
    name: 'an admin signs in, then opens the back office by its address, online and then offline, and sees the events',
    async run(session, world) {
      await signInAsAdmin(session, world);
      // The dashboard's replica made, as the admin sees it within seconds: a page that goes into
      // WebKit's back-forward cache while it is still creating a database blocks that database for
      // as long as it is kept, and no page can undo that (docs/decisions/017-three-browser-engines.md).
      await untilAllSynced(session);
      await recordPageExit(session);
      // A full page load, as a bookmark, a typed address or a reload does.
      await session.goto(`${world.appUrl}/admin/events`);
      await untilEventsListed(session, world.upcoming.title, 'the events, after a reload online');
      await untilControlled(session);
      world.offline();
      try {
        await session.goto(`${world.appUrl}/admin/events`);
        await untilEventsListed(session, world.upcoming.title, 'the events, after a reload offline');
      } finally {
        world.online();
      }
    },
  },
  {
    name: "an admin's offline edit syncs after reconnection",
    async run(session, world) {
      const event = await world.addUpcomingEvent();
      const renamed = `${event.title} (renamed offline)`;
      await openAdminEvents(session, world);
      world.offline();
      try {
        await openEventForm(session, event.title);
        await session.run(`${FORM_HELPERS}
          type('Title', ${text(renamed)});
          await new Promise((resolve) => setTimeout(resolve, 100));
          button('Update Event').click();`);
        await untilEventsListed(session, renamed, 'the renamed event in the list, offline');
        const before = await world.serverTitle(event.id);
        if (before !== event.title) throw new Error(`the server changed while offline: ${before}`);
      } finally {
        world.online();
      }
      await untilServer('the edit on the server', () => world.serverTitle(event.id), renamed);
    },
  },
  {
    name: 'an image picked offline is uploaded after reconnection',
    async run(session, world) {
      const event = await world.addUpcomingEvent();
      await openAdminEvents(session, world);
      world.offline();
      try {
        await openEventForm(session, event.title);
        // Radix tabs switch on mouse down, as a pointer does.
        await session.run(`
          const tab = [...document.querySelectorAll('[role=tab]')].find((t) => t.textContent.trim() === 'Gallery');
          tab.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 }));
          tab.click();`);
        await until(session, 'the gallery file field', `${FORM_HELPERS} return control('Add images') ? true : null;`);
        await session.run(`${FORM_HELPERS} control('Add images').setAttribute('data-story-pick', '');`);
        await session.pickFiles('[data-story-pick]', [world.imageFile]);
        await untilImageShown(
          session,
          'the picked image in the gallery, offline',
          'ul[aria-label="Gallery images"] img',
        );
        const before = await world.galleryUrls(event.id);
        if (before.length > 0) throw new Error(`the server had the image while offline: ${before.join(', ')}`);
      } finally {
        world.online();
      }
      await untilServer(
        'the image uploaded to storage and in the gallery on the server',
        async () =>
          (await world.galleryUrls(event.id)).some((url) => url.includes('/storage/v1/object/public/event-images/')),
        true,
      );
    },
  },
  {
    name: "the replica's storage evicted after a visit (as WebKit does to a site unused for days): the next visit refills it, offline-ready again",
    async run(session, world) {
      await session.goto(`${world.appUrl}/`);
      await untilAvailableOffline(session);
      await untilReplicaPulled(session, 'the replica filled by the first visit');
      // Every database of the app gone, its service worker (and the worker's own database, which
      // it holds open), caches and localStorage left: the harshest case, where what the app
      // remembers outlives its data. As the browser does it, with no page of the site open: from a
      // new tab that runs no script of the app, the app's tab closed (a page only left behind
      // would live on in the back-forward cache, and its workers for a moment after it).
      await session.newTab(`${world.appUrl}/runtime-config.json`);
      const wiped = await session.run<string[]>(`
        const names = (await indexedDB.databases()).map((db) => db.name).filter((name) => !name.startsWith('workbox'));
        for (const name of names) {
          await new Promise((resolve, reject) => {
            const request = indexedDB.deleteDatabase(name);
            request.onsuccess = resolve;
            request.onerror = () => reject(request.error);
            // 'blocked' says a connection was still open when the request came: it goes through
            // once that closes, which a page being closed does in a moment.
            request.onblocked = () => setTimeout(() => reject(new Error('still blocked after 15 s: ' + name)), 15_000);
          });
        }
        const left = (await indexedDB.databases()).map((db) => db.name).filter((name) => names.includes(name));
        if (left.length > 0) throw new Error('still there: ' + left.join(', '));
        return names;`);
      if (wiped.length === 0) throw new Error('the visit left no database to evict');
      await session.goto(`${world.appUrl}/`);
      await until(
        session,
        'the upcoming event on the home page',
        `return document.querySelector('#events')?.textContent?.includes(${text(world.upcoming.title)}) || null;`,
      );
      await untilAvailableOffline(session);
      await untilReplicaPulled(session, 'the replica refilled');
      await recordPageExit(session);
      world.offline();
      try {
        await session.goto(`${world.appUrl}/events/${world.upcoming.slug}`);
        await untilHeading(session, world.upcoming.title);
      } finally {
        world.online();
      }
    },
  },
  {
    name: "the visitor's replica receives a live change",
    async run(session, world) {
      await session.goto(`${world.appUrl}/`);
      await untilAvailableOffline(session);
      const { title } = await world.addUpcomingEvent();
      await until(
        session,
        'the new event on the open page',
        `return document.querySelector('#events')?.textContent?.includes(${text(title)}) || null;`,
      );
    },
  },
  {
    name: "a new deploy: the open tab offers 'Reload', and reloads into the new version while its worker is still keeping pictures",
    async run(session, world) {
      await session.goto(`${world.appUrl}/`);
      await untilControlled(session);
      // The worker is keeping an upcoming event's picture that never arrives when the new version
      // comes: it must still take over at 'Reload' (Gecko waits until the old worker is idle).
      const stalled = await world.addEventWithStalledImage();
      try {
        await untilServer('the worker asking for the stalled picture', async () => stalled.requests() > 0, true);
        await reloadIntoNewVersion(session, world);
      } finally {
        await stalled.remove();
      }
    },
  },
];

/** Deploys a new version under the open tab: it offers 'Reload', and reloads into that version. */
async function reloadIntoNewVersion(session: EngineSession, world: StoryWorld): Promise<void> {
  const oldBuild = await session.run<string>("return document.documentElement.dataset.build ?? '';");
  const buildId = await world.deploy();
  await session.run('await (await navigator.serviceWorker.getRegistration())?.update();');
  await until(
    session,
    "the prompt 'A new version is available.'",
    "return [...document.querySelectorAll('[role=status]')].some((s) => s.textContent.includes('A new version is available.')) || null;",
    90_000,
  );
  const still = await session.run<string>("return document.documentElement.dataset.build ?? '';");
  if (still !== oldBuild) throw new Error(`the tab changed version by itself: ${still}`);
  await session.run(`${FORM_HELPERS} button('Reload').click();`);
  await until(
    session,
    'the new version in the tab',
    `return document.documentElement.dataset.build === ${text(buildId)} || null;`,
    60_000,
  ).catch(async (error: unknown) => {
    // Which version the tab runs, which worker controls it, and what the kept copy of the page holds.
    const seen = await session
      .run<string>(
        `const registration = await navigator.serviceWorker.getRegistration();
        const kept = await caches.match('/', { cacheName: 'pages' });
        const keptBuild = kept ? /src="([/]assets[/]index-[^"]+)"/.exec(await kept.text())?.[1] : null;
        const script = [...document.scripts].map((s) => s.src).find((src) => /[/]assets[/]index-/.test(src));
        return JSON.stringify({
          build: document.documentElement.dataset.build,
          script,
          keptAt: document.getElementById('root')?.dataset.keptAt ?? null,
          keptCopyNames: keptBuild,
          controller: navigator.serviceWorker.controller?.state ?? null,
          waiting: registration?.waiting?.state ?? null,
          prompt: [...document.querySelectorAll('[role=status]')].some((s) => s.textContent.includes('A new version')),
        });`,
      )
      .catch((reason: unknown) => String(reason));
    throw new Error(`${error instanceof Error ? error.message : String(error)}; ${seen} (new: ${buildId})`);
  });
}
