/**
 * Where a page's main thread goes, from a Chromium trace: its tasks after the first contentful
 * paint, the long ones (over 12.5 ms of CPU: 50 ms in Lighthouse's 4x simulation, so each adds
 * blocking time), and for each long task the code it ran, from V8's sampling profiler
 * (`disabled-by-default-v8.cpu_profiler`), named by the app's source file or the npm package its
 * source map gives (`bench/offline.ts` prints them).
 */
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';

/** The trace's categories these figures need. */
export const MAIN_THREAD_TRACE_CATEGORIES =
  'devtools.timeline,disabled-by-default-devtools.timeline,loading,disabled-by-default-v8.cpu_profiler';

export interface CallFrame {
  functionName: string;
  url?: string;
  /** 0-based, as V8 gives them: where the function starts. */
  lineNumber?: number;
  columnNumber?: number;
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: CallFrame;
}

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Thread time: what the task ran on the CPU, without the time the thread waited for one. */
  tdur?: number;
  id?: string;
  args?: {
    data?: {
      startTime?: number;
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
  };
}

/** A task over 12.5 ms of CPU, and when it ran (trace time, µs). */
export interface LongTask {
  cpuMs: number;
  start: number;
  end: number;
}

export interface MainThreadFigures {
  tasks: number;
  /** CPU time of the page's main thread after its first contentful paint, ms. */
  cpu: number;
  /** Tasks over 12.5 ms of CPU, longest first. */
  longByCpu: LongTask[];
  /** Tasks over 12.5 ms of wall time (the machine's load included), ms, longest first. */
  longByWall: number[];
}

const LONG_TASK_MS = 12.5;

/** The main thread (the one that painted first) of the page, and its tasks after that paint. */
export function mainThreadAfterPaint(events: TraceEvent[]): MainThreadFigures & { pid: number; tid: number } {
  const paint = events.find((event) => event.name === 'firstContentfulPaint');
  if (!paint) return { tasks: 0, cpu: 0, longByCpu: [], longByWall: [], pid: 0, tid: 0 };
  const tasks = events.filter(
    (e) => e.pid === paint.pid && e.tid === paint.tid && e.name === 'RunTask' && e.ph === 'X' && e.ts >= paint.ts,
  );
  const cpuOf = (task: TraceEvent) => (task.tdur ?? task.dur ?? 0) / 1000;
  return {
    pid: paint.pid,
    tid: paint.tid,
    tasks: tasks.length,
    cpu: tasks.reduce((sum, task) => sum + cpuOf(task), 0),
    longByCpu: tasks
      .filter((task) => cpuOf(task) > LONG_TASK_MS)
      .map((task) => ({ cpuMs: cpuOf(task), start: task.ts, end: task.ts + (task.dur ?? 0) }))
      .sort((a, b) => b.cpuMs - a.cpuMs),
    longByWall: tasks
      .map((task) => (task.dur ?? 0) / 1000)
      .filter((ms) => ms > LONG_TASK_MS)
      .sort((a, b) => b - a),
  };
}

/** Blocking time those tasks would add in Lighthouse's simulation (4x CPU slowdown). */
export const simulatedBlocking = (longMs: number[]) => longMs.reduce((sum, ms) => sum + (ms * 4 - 50), 0);

/** One sample of the profiler: when it was taken, and the frames on the stack, innermost first. */
export interface Sample {
  ts: number;
  stack: CallFrame[];
}

/**
 * The profiler's samples of thread `tid` of process `pid`: its `Profile` event names the profile,
 * whose chunks (written from the profiler's own thread) add nodes and samples with the time since
 * the sample before.
 */
export function profileSamples(events: TraceEvent[], pid: number, tid: number): Sample[] {
  const profile = events.find((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid);
  if (!profile) return [];
  const nodes = new Map<number, ProfileNode>();
  const samples: Sample[] = [];
  let ts = profile.args?.data?.startTime ?? profile.ts;
  const chunks = events
    .filter((e) => e.name === 'ProfileChunk' && e.pid === pid && e.id === profile.id)
    .sort((a, b) => a.ts - b.ts);
  const stackOf = (id: number): CallFrame[] => {
    const stack: CallFrame[] = [];
    for (let node = nodes.get(id); node; node = node.parent === undefined ? undefined : nodes.get(node.parent)) {
      stack.push(node.callFrame);
    }
    return stack;
  };
  for (const chunk of chunks) {
    const data = chunk.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const ids = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    ids.forEach((id, index) => {
      ts += deltas[index] ?? 0;
      samples.push({ ts, stack: stackOf(id) });
    });
  }
  return samples;
}

/** What a source path of a source map names: the app's file, or the npm package it comes from. */
export function sourceLabel(source: string): string {
  const packages = source.split('node_modules/');
  if (packages.length > 1) {
    const [first = '', second = ''] = packages.at(-1)!.split('/');
    return first.startsWith('@') ? `${first}/${second}` : first;
  }
  return source.replace(/^(?:\.{1,2}\/)+/, '').replace(/^\/+/, '');
}

/** What the profiler calls work that is not a script's ('(program)': the browser's, named apart). */
const NATIVE_WORK: Record<string, string | null> = {
  '(garbage collector)': 'garbage collection',
  '(idle)': null,
  '(root)': null,
};

/** The browser's own work, by the trace events that cover it. */
const BROWSER_WORK: Record<string, string> = {
  Layout: 'layout',
  UpdateLayoutTree: 'style',
  ParseHTML: 'HTML parsing',
  ParseAuthorStyleSheet: 'CSS parsing',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  HitTest: 'hit testing',
  'Decode Image': 'image decoding',
  'v8.compile': 'script compiling',
  'v8.compileModule': 'script compiling',
  'v8.parseOnBackground': 'script compiling',
};
const OTHER_BROWSER_WORK = "the browser's own work";

/**
 * Names the browser's own work at a moment of thread `tid`: the innermost trace event over it that
 * says what it is (layout, style, parsing, paint…).
 */
export function browserWorkNamer(events: TraceEvent[], pid: number, tid: number): (ts: number) => string {
  const spans = events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.name in BROWSER_WORK && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts);
  return (ts) => {
    let innermost: TraceEvent | null = null;
    for (const span of spans) {
      if (span.ts > ts) break;
      if (ts <= span.ts + span.dur! && (innermost === null || span.dur! < innermost.dur!)) innermost = span;
    }
    return innermost ? `${OTHER_BROWSER_WORK}: ${BROWSER_WORK[innermost.name]}` : OTHER_BROWSER_WORK;
  };
}

/**
 * Names the code a sample counts for: the innermost frame of a script with a URL, by `nameOf`
 * (its source file through the source map), else the browser's own work by `browserWorkAt`, else
 * the profiler's name for native work; null for idle time.
 */
export function sampleLabel(
  sample: Sample,
  nameOf: (frame: CallFrame) => string,
  browserWorkAt: (ts: number) => string = () => OTHER_BROWSER_WORK,
): string | null {
  const scripted = sample.stack.find((frame) => frame.url);
  if (scripted) return nameOf(scripted);
  const leaf = sample.stack[0];
  if (!leaf) return null;
  if (leaf.functionName === '(program)') return browserWorkAt(sample.ts);
  return leaf.functionName in NATIVE_WORK ? NATIVE_WORK[leaf.functionName]! : leaf.functionName || 'unnamed code';
}

/**
 * The code a long task ran, by its share of the task's samples, largest first (at most `top`,
 * the rest summed as 'other'). Empty when the profiler took no sample in it.
 */
export function taskShares(
  task: LongTask,
  samples: Sample[],
  nameOf: (frame: CallFrame) => string,
  browserWorkAt?: (ts: number) => string,
  top = 3,
): { label: string; share: number }[] {
  const counts = new Map<string, number>();
  let total = 0;
  for (const sample of samples) {
    if (sample.ts < task.start || sample.ts > task.end) continue;
    const label = sampleLabel(sample, nameOf, browserWorkAt);
    if (label === null) continue;
    total += 1;
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  const sorted = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const shares = sorted.slice(0, top).map(([label, count]) => ({ label, share: count / total }));
  const rest = sorted.slice(top).reduce((sum, [, count]) => sum + count, 0);
  return rest > 0 ? [...shares, { label: 'other', share: rest / total }] : shares;
}

/**
 * A function that names a frame by the source its script's source map gives (fetched once per
 * script, from `<script URL>.map`), or else by the script's file name: a module's top level, which
 * its map leaves out, or a script of the page itself (inline).
 */
export async function sourceNamer(samples: Sample[]): Promise<(frame: CallFrame) => string> {
  const maps = new Map<string, TraceMap | null>();
  for (const url of new Set(samples.flatMap((sample) => sample.stack.map((frame) => frame.url ?? '')))) {
    if (!url.startsWith('http')) continue;
    try {
      const response = await fetch(`${url}.map`);
      maps.set(url, response.ok ? new TraceMap(await response.text()) : null);
    } catch {
      maps.set(url, null);
    }
  }
  return (frame) => {
    const url = frame.url ?? '';
    const map = maps.get(url);
    const source = map
      ? originalPositionFor(map, { line: (frame.lineNumber ?? 0) + 1, column: frame.columnNumber ?? 0 }).source
      : null;
    if (source) return sourceLabel(source);
    const file = URL.canParse(url) ? new URL(url).pathname : url;
    if (!file.startsWith('/assets/')) return `the page's own scripts (${file})`;
    const name = file.slice('/assets/'.length);
    return map ? `${name} (top level)` : name;
  };
}
