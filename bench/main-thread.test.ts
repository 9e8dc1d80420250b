import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserWorkNamer,
  mainThreadAfterPaint,
  profileSamples,
  sampleLabel,
  sourceLabel,
  sourceNamer,
  taskShares,
  type CallFrame,
  type TraceEvent,
} from './main-thread.ts';

const MAIN = { pid: 10, tid: 10 };
const event = (fields: Partial<TraceEvent> & { name: string }): TraceEvent => ({ ph: 'X', ts: 0, ...MAIN, ...fields });

/** A profile of the main thread: root -> app.js's render -> a builtin; root -> GC; root -> idle. */
function profileEvents(scriptUrl: string): TraceEvent[] {
  const nodes = [
    { id: 1, callFrame: { functionName: '(root)' } },
    { id: 2, parent: 1, callFrame: { functionName: 'render', url: scriptUrl, lineNumber: 0, columnNumber: 0 } },
    { id: 3, parent: 2, callFrame: { functionName: 'map' } },
    { id: 4, parent: 1, callFrame: { functionName: '(garbage collector)' } },
    { id: 5, parent: 1, callFrame: { functionName: '(idle)' } },
  ];
  return [
    event({ name: 'Profile', ph: 'P', id: '0x1', ts: 999, args: { data: { startTime: 1000 } } }),
    // The chunks come from the profiler's own thread, and the second one may arrive first.
    event({
      name: 'ProfileChunk',
      ph: 'P',
      tid: 99,
      id: '0x1',
      ts: 3000,
      args: { data: { cpuProfile: { nodes: [], samples: [4, 5] }, timeDeltas: [1000, 1000] } },
    }),
    event({
      name: 'ProfileChunk',
      ph: 'P',
      tid: 99,
      id: '0x1',
      ts: 2000,
      args: { data: { cpuProfile: { nodes, samples: [2, 3, 3] }, timeDeltas: [100, 500, 500] } },
    }),
    // Another thread's profile (a worker's) is not the page's.
    event({ name: 'Profile', ph: 'P', tid: 11, id: '0x2', args: { data: { startTime: 0 } } }),
    event({
      name: 'ProfileChunk',
      ph: 'P',
      tid: 11,
      id: '0x2',
      args: { data: { cpuProfile: { nodes, samples: [2] }, timeDeltas: [1] } },
    }),
  ];
}

describe('the main thread after the first paint', () => {
  it('counts the tasks of the thread that painted, from its paint on, and lists the long ones longest first', () => {
    const figures = mainThreadAfterPaint([
      event({ name: 'RunTask', ts: 50, dur: 40_000, tdur: 40_000 }),
      event({ name: 'firstContentfulPaint', ph: 'I', ts: 100 }),
      event({ name: 'RunTask', ts: 200, dur: 30_000, tdur: 14_000 }),
      event({ name: 'RunTask', ts: 40_000, dur: 20_000, tdur: 20_000 }),
      event({ name: 'RunTask', ts: 70_000, dur: 5_000, tdur: 5_000 }),
      event({ name: 'RunTask', tid: 11, ts: 80_000, dur: 90_000, tdur: 90_000 }),
    ]);
    expect(figures).toMatchObject({ pid: 10, tid: 10, tasks: 3, cpu: 39 });
    expect(figures.longByCpu).toEqual([
      { cpuMs: 20, start: 40_000, end: 60_000 },
      { cpuMs: 14, start: 200, end: 30_200 },
    ]);
    expect(figures.longByWall).toEqual([30, 20]);
  });
});

describe("the profiler's samples", () => {
  it('are the main thread profile’s, in time order across its chunks, each with its stack innermost first', () => {
    const samples = profileSamples(profileEvents('http://app/assets/app.js'), MAIN.pid, MAIN.tid);
    expect(samples.map((sample) => [sample.ts, sample.stack.map((frame) => frame.functionName)])).toEqual([
      [1100, ['render', '(root)']],
      [1600, ['map', 'render', '(root)']],
      [2100, ['map', 'render', '(root)']],
      [3100, ['(garbage collector)', '(root)']],
      [4100, ['(idle)', '(root)']],
    ]);
  });

  it("name a long task's code by its share, a builtin counting for the script that called it, idle time left out", () => {
    const samples = profileSamples(profileEvents('http://app/assets/app.js'), MAIN.pid, MAIN.tid);
    const nameOf = (frame: CallFrame) => `${frame.functionName} in ${frame.url}`;
    expect(taskShares({ cpuMs: 20, start: 1000, end: 5000 }, samples, nameOf)).toEqual([
      { label: 'render in http://app/assets/app.js', share: 0.75 },
      { label: 'garbage collection', share: 0.25 },
    ]);
    expect(taskShares({ cpuMs: 20, start: 1000, end: 1200 }, samples, nameOf, undefined, 0)).toEqual([
      { label: 'other', share: 1 },
    ]);
    expect(taskShares({ cpuMs: 20, start: 5000, end: 6000 }, samples, nameOf)).toEqual([]);
    expect(sampleLabel({ ts: 0, stack: [{ functionName: '(program)' }] }, nameOf)).toBe("the browser's own work");
  });

  it("name the browser's own work by the innermost trace event over it", () => {
    const workAt = browserWorkNamer(
      [
        event({ name: 'ParseHTML', ts: 100, dur: 1000 }),
        event({ name: 'Layout', ts: 300, dur: 100 }),
        event({ name: 'Layout', tid: 11, ts: 600, dur: 100 }),
        event({ name: 'RunTask', ts: 0, dur: 5000 }),
      ],
      MAIN.pid,
      MAIN.tid,
    );
    expect([50, 200, 350, 650, 2000].map(workAt)).toEqual([
      "the browser's own work",
      "the browser's own work: HTML parsing",
      "the browser's own work: layout",
      "the browser's own work: HTML parsing",
      "the browser's own work",
    ]);
    const program = { ts: 350, stack: [{ functionName: '(program)' }, { functionName: '(root)' }] };
    expect(sampleLabel(program, () => 'a script', workAt)).toBe("the browser's own work: layout");
  });
});

describe('source names', () => {
  it('give the npm package of a dependency and the path of the app’s own file', () => {
    expect(sourceLabel('../../node_modules/react-dom/cjs/react-dom-client.production.js')).toBe('react-dom');
    expect(sourceLabel('../../node_modules/@tanstack/router-core/dist/esm/router.js')).toBe('@tanstack/router-core');
    expect(sourceLabel('../../node_modules/.pnpm/x/node_modules/rxdb/dist/index.js')).toBe('rxdb');
    expect(sourceLabel('../../src/features/event-detail/event-page-view.tsx')).toBe(
      'src/features/event-detail/event-page-view.tsx',
    );
  });

  let server: Server;
  let origin = '';
  beforeAll(async () => {
    // A script of two lines from two sources, with its map; a second script without one.
    const map = {
      version: 3,
      sources: ['../../src/pages/home.tsx', '../../node_modules/react-dom/client.js'],
      names: [],
      mappings: 'AAAA;ACAA',
    };
    server = createServer((request, response) => {
      if (request.url === '/assets/app.js.map') response.end(JSON.stringify(map));
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("name a frame by its script's source map, or by the script's file name without one", async () => {
    const frames: CallFrame[] = [
      { functionName: 'a', url: `${origin}/assets/app.js`, lineNumber: 0, columnNumber: 0 },
      { functionName: 'b', url: `${origin}/assets/app.js`, lineNumber: 1, columnNumber: 0 },
      // The module's top level, where the map has nothing.
      { functionName: '', url: `${origin}/assets/app.js`, lineNumber: 5, columnNumber: 0 },
      { functionName: 'c', url: `${origin}/assets/vendor.js?v=2`, lineNumber: 0, columnNumber: 0 },
      { functionName: '', url: `${origin}/past-highlights`, lineNumber: 3, columnNumber: 10 },
    ];
    const nameOf = await sourceNamer([{ ts: 0, stack: frames }]);
    expect(frames.map(nameOf)).toEqual([
      'src/pages/home.tsx',
      'react-dom',
      'app.js (top level)',
      'vendor.js',
      "the page's own scripts (/past-highlights)",
    ]);
  });
});
