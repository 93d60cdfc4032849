import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CONFIG_VARIABLES } from '../../src/config.js';
import { freePort } from './ports.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const STARTUP_LIMIT_MS = 120_000;
/** Deadlines for hangs, not speed checks: a loaded machine may take long to load modules. */
export const EXIT_LIMIT_MS = 60_000;
export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A spawned `src/server.ts` (or CLI) with its output collected. */
export interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  port: number;
  stdout(): string;
  stderr(): string;
  exited: Promise<Exit>;
  /** Whether the process has ended, by itself or by a signal. */
  hasExited(): boolean;
}

const running = new Set<ServerProcess>();

/** Spawns `script` with tsx on a free port of 127.0.0.1, with `env` on top of a clean one. */
export async function startServer(
  env: Record<string, string>,
  script = 'src/server.ts',
  args: string[] = [],
): Promise<ServerProcess> {
  const port = await freePort();
  const inherited = Object.entries(process.env).filter(
    // Settings the service reads: the child gets only the ones a test sets.
    ([name]) => !(CONFIG_VARIABLES as readonly string[]).includes(name),
  );
  const childEnv: NodeJS.ProcessEnv = {
    ...Object.fromEntries(inherited),
    PORT: String(port),
    HOST: '127.0.0.1',
    ...env,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: ROOT,
    env: childEnv,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  let ended = false;
  const exited = new Promise<Exit>((resolve) => {
    child.once('close', (code, signal) => {
      ended = true;
      resolve({ code, signal });
    });
  });
  const server: ServerProcess = {
    child,
    port,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    hasExited: () => ended,
  };
  running.add(server);
  void exited.then(() => running.delete(server));
  return server;
}

export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function sleep(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls /healthz until it answers 200; fails early when the process dies. */
export async function waitUntilHealthy(server: ServerProcess): Promise<void> {
  const deadline = Date.now() + STARTUP_LIMIT_MS;
  while (Date.now() < deadline) {
    if (server.hasExited()) {
      throw new Error(`the server exited during start-up:\n${server.stderr()}\n${server.stdout()}`);
    }
    try {
      const response = await fetch(`http://127.0.0.1:${server.port}/healthz`, {
        signal: AbortSignal.timeout(2000),
      });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`the server was not healthy within ${STARTUP_LIMIT_MS} ms:\n${server.stderr()}`);
}

export async function get(
  server: ServerProcess,
  path: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`http://127.0.0.1:${server.port}${path}`, {
    headers,
    signal: AbortSignal.timeout(30_000),
  });
}

/** Stops a process that a test left running, however it behaves. */
export async function kill(server: ServerProcess): Promise<void> {
  if (server.hasExited()) return;
  server.child.kill('SIGKILL');
  await within(server.exited, EXIT_LIMIT_MS, 'SIGKILL').catch(() => undefined);
}

/** Kills every process started here that is still running (for a suite's `after`). */
export async function killAll(): Promise<void> {
  for (const server of [...running]) await kill(server);
}
