import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createLog } from '../src/http/log.js';

/** Log lines written to memory. */
function capture() {
  const lines: string[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(line) } };
}

void describe('the log', () => {
  void test('masks e-mail addresses in every line, whatever logged them', () => {
    const { lines, stream } = capture();
    const log = createLog({ level: 'info', enabled: true, stream });
    const failure = Object.assign(new Error('duplicate key'), {
      detail: 'Key (email)=(Pat.Golfer+club@example.com) already exists.',
    });
    log.error({ err: failure }, 'request failed');
    log.info({ url: '/x?invite=pat%40example.co.uk&y=1' }, 'seen');
    log.warn('sent to first.last@mail.example.org and back');
    assert.equal(lines.length, 3);
    const text = lines.join('');
    for (const address of ['Pat.Golfer+club@example.com', 'pat%40example.co.uk', 'first.last@']) {
      assert.ok(!text.includes(address), `${address} in ${text}`);
    }
    assert.equal(text.split('[email]').length - 1, 3);
    assert.ok(lines.every((line) => JSON.parse(line) !== null));
  });

  void test('writes nothing when disabled, whatever the level', () => {
    const { lines, stream } = capture();
    const log = createLog({ level: 'trace', enabled: false, stream });
    log.error('not written');
    assert.deepEqual(lines, []);
  });
});
