import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { ADMIN, ADMIN_TOKEN, PUBLIC } from '../../support/harness.js';
import { linkToken, mailArrives, newAddress } from '../../support/newsletter.js';
import { kill, killAll, startServer, waitUntilHealthy } from '../../support/processes.js';
import { smtpSink } from '../../support/smtp.js';

const sink = await smtpSink();
const dataDir = await mkdtemp(join(tmpdir(), 'clubhouse-mail-crash-'));
after(async () => {
  await killAll();
  await sink.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const ENV = { DATA_DIR: dataDir, DEMO_DATA: 'off', ADMIN_TOKEN, LOG_LEVEL: 'warn' };

async function post(port: number, path: string, body: unknown, headers = {}) {
  return fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
}

void test('kill -9 after a subscription committed and before its mail left: the restart sends it', async () => {
  // The first process has no relay: its mail is committed and cannot have been sent.
  const first = await startServer(ENV);
  await waitUntilHealthy(first);
  const created = await post(
    first.port,
    `${ADMIN}/orgs`,
    { slug: 'crash-club', name: 'Crash Club', timezone: 'UTC' },
    { authorization: `Bearer ${ADMIN_TOKEN}` },
  );
  assert.equal(created.status, 201);
  const email = newAddress();
  const accepted = await post(first.port, `${PUBLIC}/orgs/crash-club/newsletter/subscriptions`, {
    email,
    consent: true,
  });
  assert.equal(accepted.status, 202);
  first.child.kill('SIGKILL');
  const exit = await first.exited;
  assert.equal(exit.signal, 'SIGKILL');
  assert.equal(sink.mailTo(email).length, 0);

  const second = await startServer({ ...ENV, SMTP_URL: sink.url });
  try {
    await waitUntilHealthy(second);
    const mail = await mailArrives(sink, email);
    linkToken(mail, '/newsletter/confirm');
    assert.ok(!second.stdout().includes(email) && !second.stderr().includes(email));
  } finally {
    await kill(second);
  }
});
