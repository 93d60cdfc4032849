import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { DEMO_INVITE_TOKEN } from '../src/cli/seed-demo.js';
import { freePort } from './support/ports.js';

/**
 * The README's examples run as pasted, in order, against a fresh start: every shell block
 * is marked, in an HTML comment on the line before it (readers of the rendered page do not
 * see it), either `<!-- readme-test: run -->` or `<!-- readme-test: skip (why) -->`. The
 * runnable blocks run in one bash, in order, against a server this suite starts on an
 * empty data folder with the demo data, as `npm start` would; any failed command (a curl
 * answer that is not 2xx included: curl reads `fail` from a .curlrc of the test's own)
 * fails the test.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const RUN = '<!-- readme-test: run -->';
const SKIP = /^<!-- readme-test: skip \(.+\) -->$/;
const FENCE = /^```(sh|bash|shell)\s*$/;
/** The README's examples name the default address; the test server has a port of its own. */
const README_ORIGIN = 'localhost:3000';
const START_LIMIT_MS = 120_000;
const RUN_LIMIT_MS = 300_000;

interface Block {
  /** 1-based line of the opening fence. */
  line: number;
  run: boolean;
  code: string;
}

/** The shell blocks of `markdown`; throws on one that is not marked run or skip. */
function shellBlocks(markdown: string): Block[] {
  const lines = markdown.split('\n');
  const blocks: Block[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    if (!FENCE.test(lines[index] ?? '')) continue;
    let previous = index - 1;
    while (previous >= 0 && (lines[previous] ?? '').trim() === '') previous -= 1;
    const marker = (lines[previous] ?? '').trim();
    if (marker !== RUN && !SKIP.test(marker)) {
      throw new Error(
        `README.md:${index + 1}: a shell block needs "${RUN}" or "<!-- readme-test: skip (why) -->" before it`,
      );
    }
    const end = lines.findIndex((line, at) => at > index && line.startsWith('```'));
    if (end === -1) throw new Error(`README.md:${index + 1}: the block is not closed`);
    blocks.push({
      line: index + 1,
      run: marker === RUN,
      code: lines.slice(index + 1, end).join('\n'),
    });
    index = end;
  }
  return blocks;
}

/** The admin token the README's quick start starts the service with. */
function readmeAdminToken(): string {
  const token = /^ADMIN_TOKEN=(\S+) npm start/m.exec(README)?.[1];
  if (token === undefined) throw new Error('README.md: the quick start sets no ADMIN_TOKEN');
  return token;
}

/** Only what the processes need: no settings (or proxies) of the machine running the tests. */
function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {
    PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
  };
  for (const name of ['HOME', 'TMPDIR', 'LANG']) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}

interface Output {
  text: string;
}

function collect(child: ChildProcessWithoutNullStreams): Output {
  const output = { text: '' };
  const keep = (chunk: Buffer) => (output.text += chunk.toString('utf8'));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return output;
}

async function exitOf(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  return new Promise((resolve) => child.once('close', (code) => resolve(code)));
}

void describe('README examples', () => {
  let dataRoot = '';
  let port = 0;
  let server: ChildProcessWithoutNullStreams | undefined;
  let serverOutput: Output = { text: '' };

  before(async () => {
    dataRoot = await mkdtemp(join(tmpdir(), 'clubhouse-readme-'));
    port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: ROOT,
      env: {
        ...baseEnv(),
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: join(dataRoot, 'data'),
        ADMIN_TOKEN: readmeAdminToken(),
      },
    });
    server = child;
    serverOutput = collect(child);
    const deadline = Date.now() + START_LIMIT_MS;
    for (;;) {
      assert.equal(child.exitCode, null, `the server exited:\n${serverOutput.text}`);
      const healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (response) => response.status === 200,
        () => false,
      );
      if (healthy) return;
      assert.ok(Date.now() < deadline, `the server did not start:\n${serverOutput.text}`);
      await sleep(200);
    }
  });

  after(async () => {
    if (server !== undefined && server.exitCode === null && server.signalCode === null) {
      const exited = exitOf(server);
      server.kill('SIGKILL');
      await exited;
    }
    if (dataRoot !== '') await rm(dataRoot, { recursive: true, force: true });
  });

  void test('every shell block is marked run or skip, and some run', () => {
    const blocks = shellBlocks(README);
    assert.ok(blocks.filter((block) => block.run).length >= 3, 'the examples are marked run');
  });

  void test('the start line prints the demo invite link that the README resolves', () => {
    const link = `/api/public/v1/event-series-invites/${DEMO_INVITE_TOKEN}`;
    assert.ok(serverOutput.text.includes(link), `no demo invite link in:\n${serverOutput.text}`);
    assert.ok(README.includes(`event-series-invites/${DEMO_INVITE_TOKEN}`));
  });

  void test('the runnable blocks run as pasted, in order, against a fresh start', async () => {
    const origin = `127.0.0.1:${port}`;
    const script = [
      'set -euo pipefail',
      `trap 'echo "=== failed: $BASH_COMMAND" >&2' ERR`,
      ...shellBlocks(README)
        .filter((block) => block.run)
        .map((block) => `echo "=== README.md:${block.line}"\n${block.code}\necho`),
    ]
      .join('\n')
      .replaceAll(README_ORIGIN, origin);
    // Every curl, as pasted, fails on an answer that is not 2xx, and so fails the script.
    await writeFile(join(dataRoot, '.curlrc'), 'fail\nsilent\nshow-error\nmax-time = 60\n');
    const bash = spawn('bash', ['-c', script], {
      cwd: ROOT,
      env: { ...baseEnv(), CURL_HOME: dataRoot },
    });
    const output = collect(bash);
    const timer = setTimeout(() => bash.kill('SIGKILL'), RUN_LIMIT_MS);
    const code = await exitOf(bash).finally(() => clearTimeout(timer));
    assert.equal(code, 0, `a README example failed:\n${output.text.slice(-4000)}`);
    const ran = output.text.match(/^=== README\.md:\d+$/gm) ?? [];
    assert.equal(ran.length, shellBlocks(README).filter((block) => block.run).length);
  });
});
