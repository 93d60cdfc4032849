import { execFile, fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { rm, symlink } from 'node:fs/promises';
import { promisify } from 'node:util';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

/**
 * The bench runs each server in a child process of its own, so that its RSS is its own and
 * the load generator does not share its event loop. Children speak this protocol over IPC.
 */
type ToChild =
  | { type: 'start'; input: unknown }
  | { type: 'rss-start' }
  | { type: 'rss-stop' }
  | { type: 'tally' }
  | { type: 'stop' };

type FromChild =
  | { type: 'listening-for-start' }
  | { type: 'ready'; port: number; readyMs: number; rss: number }
  | { type: 'rss'; peak: number; cpuMicros: number }
  | { type: 'tally'; tally: unknown }
  | { type: 'failed'; message: string };

/** A server a child started: where it listens and how it stops. */
export interface Listening {
  port: number;
  close(): Promise<void>;
  /** What the server counts of its own work (plain data), when it counts anything. */
  tally?: () => unknown;
}

const RSS_SAMPLE_MS = 50;

/**
 * Child side: starts the server on the bench's request and reports its port and RSS. The
 * input arrives over IPC as plain data: `start` knows its shape.
 */
export function serveChild(start: (input: unknown) => Promise<Listening>): void {
  let listening: Listening | undefined;
  let sampling: { timer: NodeJS.Timeout; peak: number; cpu: NodeJS.CpuUsage } | undefined;
  const send = (message: FromChild) => process.send?.(message);

  async function handle(message: ToChild): Promise<void> {
    switch (message.type) {
      case 'start': {
        const started = performance.now();
        try {
          listening = await start(message.input);
        } catch (error) {
          send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
          process.disconnect();
          return;
        }
        const readyMs = performance.now() - started;
        send({ type: 'ready', port: listening.port, readyMs, rss: process.memoryUsage.rss() });
        return;
      }
      case 'rss-start':
        sampling = {
          peak: process.memoryUsage.rss(),
          timer: setInterval(sample, RSS_SAMPLE_MS),
          cpu: process.cpuUsage(),
        };
        return;
      case 'rss-stop': {
        sample();
        if (sampling !== undefined) clearInterval(sampling.timer);
        const cpu = process.cpuUsage(sampling?.cpu);
        send({
          type: 'rss',
          peak: sampling?.peak ?? process.memoryUsage.rss(),
          cpuMicros: cpu.user + cpu.system,
        });
        sampling = undefined;
        return;
      }
      case 'tally':
        send({ type: 'tally', tally: listening?.tally?.() });
        return;
      case 'stop':
        if (sampling !== undefined) clearInterval(sampling.timer);
        try {
          await listening?.close();
        } finally {
          process.disconnect();
        }
    }
  }

  function sample(): void {
    if (sampling !== undefined) sampling.peak = Math.max(sampling.peak, process.memoryUsage.rss());
  }

  process.on('message', (message: ToChild) => void handle(message));
  send({ type: 'listening-for-start' });
}

/** Bench side of a running child server. */
export interface ChildServer {
  port: number;
  /** From the start request to listening, measured in the child. */
  readyMs: number;
  /** From fork to listening: process start, module loading and `readyMs`. */
  spawnToReadyMs: number;
  /** RSS right after start. */
  idleRss: number;
  /**
   * Runs `work` while the child samples its RSS; returns the peak and the CPU time the child
   * spent meanwhile (user and system) with the result.
   */
  sampleRss<T>(work: () => Promise<T>): Promise<{ result: T; peakRss: number; cpuMicros: number }>;
  /** The child's own counts (see `Listening.tally`); undefined when it keeps none. */
  tally(): Promise<unknown>;
  stop(): Promise<void>;
}

const STOP_GRACE_MS = 10_000;
const run = promisify(execFile);

const ROOT = new URL('../', import.meta.url);
const BUILD = new URL('.bench-build/', ROOT);
let built: Promise<void> | undefined;

/**
 * Children run as compiled JavaScript, as `npm start` runs the service: through tsx, its
 * loader and transform cache would add some 60 MiB to every RSS the bench reports. The
 * project is compiled once per bench run (tsconfig.bench.json), and the build finds the
 * repository's assets where the sources do.
 */
async function compiledScript(script: URL): Promise<string> {
  built ??= (async () => {
    const tsc = fileURLToPath(new URL('node_modules/typescript/bin/tsc', ROOT));
    await run(process.execPath, [tsc, '-p', fileURLToPath(new URL('tsconfig.bench.json', ROOT))]);
    await rm(new URL('assets', BUILD), { force: true, recursive: true });
    await symlink(fileURLToPath(new URL('assets', ROOT)), new URL('assets', BUILD), 'dir');
  })();
  await built;
  const relative = fileURLToPath(script).slice(fileURLToPath(ROOT).length);
  return fileURLToPath(new URL(relative.replace(/\.ts$/, '.js'), BUILD));
}

function nextMessage<T extends FromChild['type']>(
  child: ChildProcess,
  type: T,
): Promise<Extract<FromChild, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: FromChild) => {
      if (message.type === type) {
        cleanUp();
        resolve(message as Extract<FromChild, { type: T }>);
      } else if (message.type === 'failed') {
        cleanUp();
        reject(new Error(`bench server failed: ${message.message}`));
      }
    };
    const onExit = (code: number | null) => {
      cleanUp();
      reject(new Error(`bench server exited (code ${String(code)}) before "${type}"`));
    };
    function cleanUp() {
      child.off('message', onMessage);
      child.off('exit', onExit);
    }
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  const deadline = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  // A child that is exiting may close its channel after `connected` was read: the send's
  // error is then only that, and the kill does what the message would have done.
  if (child.connected)
    child.send({ type: 'stop' } satisfies ToChild, (error) => error && child.kill('SIGTERM'));
  else child.kill('SIGTERM');
  await exited;
  clearTimeout(deadline);
}

/**
 * How `npm start` runs the service, read from package.json's `start` script
 * (`NAME=value … node --flag … dist/server.js`), so that every child is measured as the
 * service runs, with one source for both. The flags keep the resident size near what is
 * live (4 MB semi-spaces, an old generation let grow by half), turn off pretenuring (under
 * load it put each request's objects straight into the old generation) and compile PGlite's
 * WebAssembly once, optimized; the environment gives every thread one malloc arena
 * (docs/benchmarks.md, "Memory").
 */
function startCommand(script: string): { flags: string[]; env: Record<string, string> } {
  const words = script.trim().split(/\s+/);
  const node = words.indexOf('node');
  const assignments = words.slice(0, node).map((word) => word.split('='));
  if (node === -1 || assignments.some((parts) => parts.length !== 2)) {
    throw new Error(
      `package.json's start script is not "NAME=value … node --flag … file": ${script}`,
    );
  }
  return {
    flags: words.slice(node + 1).filter((word) => word.startsWith('--')),
    env: Object.fromEntries(assignments.map(([name = '', value = '']) => [name, value] as const)),
  };
}

let npmStart: ReturnType<typeof startCommand> | undefined;

/**
 * `npm start`'s flags and environment, read once per bench run, here in the bench: a child
 * runs from the build, where package.json is not.
 */
function startRuntime(): ReturnType<typeof startCommand> {
  if (npmStart === undefined) {
    const { scripts } = JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8')) as {
      scripts: { start: string };
    };
    npmStart = startCommand(scripts.start);
  }
  return npmStart;
}

/** Forks `script` (a TypeScript module calling `serveChild`) and starts its server with `input`. */
export async function startChild(script: URL, input: unknown): Promise<ChildServer> {
  const compiled = await compiledScript(script);
  const runtime = startRuntime();
  const forkedAt = performance.now();
  const child = fork(compiled, [], {
    env: { ...process.env, ...runtime.env },
    // BENCH_CPU_PROF=folder profiles every child (`node --cpu-prof`), for where a miss goes.
    execArgv: [
      ...runtime.flags,
      ...(process.env.BENCH_CPU_PROF === undefined
        ? []
        : ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]),
    ],
    serialization: 'advanced',
    // Whatever a child prints goes to stderr: stdout carries the report only.
    stdio: ['ignore', 2, 2, 'ipc'],
  });
  let started: Extract<FromChild, { type: 'ready' }>;
  try {
    // Messages sent before the child listens would be lost: wait for it to say so.
    await nextMessage(child, 'listening-for-start');
    const ready = nextMessage(child, 'ready');
    child.send({ type: 'start', input } satisfies ToChild);
    started = await ready;
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return {
    port: started.port,
    readyMs: started.readyMs,
    spawnToReadyMs: performance.now() - forkedAt,
    idleRss: started.rss,
    async sampleRss(work) {
      child.send({ type: 'rss-start' } satisfies ToChild);
      const result = await work();
      const report = nextMessage(child, 'rss');
      child.send({ type: 'rss-stop' } satisfies ToChild);
      const { peak, cpuMicros } = await report;
      return { result, peakRss: peak, cpuMicros };
    },
    async tally() {
      const report = nextMessage(child, 'tally');
      child.send({ type: 'tally' } satisfies ToChild);
      return (await report).tally;
    },
    stop: () => stopChild(child),
  };
}
