import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from '../src/config.js';

/** Asserts that `env` is refused with one line that names `variable`. */
function assertRefused(env: NodeJS.ProcessEnv, variable: string): ConfigError {
  let caught: unknown;
  try {
    loadConfig(env);
  } catch (error) {
    caught = error;
  }
  assert.ok(
    caught instanceof ConfigError,
    `expected a ConfigError for ${JSON.stringify(env)}, got ${String(caught)}`,
  );
  assert.ok(caught.message.includes(variable), `"${caught.message}" does not name ${variable}`);
  assert.doesNotMatch(caught.message, /[\r\n]/, 'the message must be one line');
  assert.ok(caught.message.trim().length > variable.length, 'the message must say what is wrong');
  return caught;
}

void describe('loadConfig defaults', () => {
  void test('an empty environment gives the documented defaults', () => {
    const config = loadConfig({});
    assert.equal(config.port, 3000);
    assert.equal(config.dataDir, './data');
    assert.equal(config.databaseUrl, undefined);
    assert.equal(config.adminToken, undefined);
    assert.equal(config.redisUrl, undefined);
    assert.equal(config.databaseSchema, 'public');
    assert.equal(config.rateLimitPerMinute, 60);
    assert.equal(config.adminRateLimitPerMinute, 6000);
    assert.equal(config.streamsPerIp, 20);
    assert.equal(config.maxStreams, 10_000);
    assert.equal(config.demoData, true);
    assert.deepEqual(config.trustProxy, []);
    assert.equal(typeof config.registrationUrl, 'string');
    assert.equal(config.registrationUrl, 'https://register.example.com/event-series');
    assert.equal(config.logLevel, 'info');
    assert.equal(typeof config.host, 'string');
    assert.ok(config.host.length > 0);
  });

  void test('empty and blank values count as unset', () => {
    const config = loadConfig({
      PORT: '',
      DATA_DIR: '  ',
      DATABASE_URL: '',
      ADMIN_TOKEN: ' ',
      REDIS_URL: '',
      TRUST_PROXY: '',
      DEMO_DATA: '',
      RATE_LIMIT_PER_MINUTE: '',
    });
    assert.equal(config.port, 3000);
    assert.equal(config.dataDir, './data');
    assert.equal(config.databaseUrl, undefined);
    assert.equal(config.adminToken, undefined);
    assert.equal(config.redisUrl, undefined);
    assert.deepEqual(config.trustProxy, []);
    assert.equal(config.demoData, true);
    assert.equal(config.rateLimitPerMinute, 60);
  });

  void test('loadConfig reads the environment it is given, not process.env', () => {
    const saved = process.env.PORT;
    process.env.PORT = '4321';
    try {
      assert.equal(loadConfig({}).port, 3000);
      assert.equal(loadConfig({ PORT: '8080' }).port, 8080);
    } finally {
      if (saved === undefined) delete process.env.PORT;
      else process.env.PORT = saved;
    }
  });
});

void describe('loadConfig accepts valid settings', () => {
  void test('every variable is read', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://clubhouse@db.internal:5432/clubhouse',
      DATABASE_SCHEMA: 'clubhouse_staging',
      DATA_DIR: '/var/lib/clubhouse',
      ADMIN_TOKEN: 'a-long-enough-admin-token',
      REDIS_URL: 'redis://cache.internal:6379',
      REGISTRATION_URL: 'https://pay.example.org/leagues',
      CHECKOUT_URL: 'https://pay.example.org/memberships',
      PUBLIC_URL: 'https://clubhouse.example.org/',
      SMTP_URL: 'smtp://relay.internal:587',
      MAIL_FROM: 'Demo Golf Club <news@example.org>',
      TRUST_PROXY: '10.0.0.1',
      RATE_LIMIT_PER_MINUTE: '120',
      EMBED_RATE_LIMIT_PER_MINUTE: '900',
      ADMIN_RATE_LIMIT_PER_MINUTE: '500',
      STREAMS_PER_IP: '5',
      MAX_STREAMS: '2000',
      RESPONSE_CACHE_TTL_SECONDS: '30',
      RESPONSE_CACHE_MAX_MB: '8',
      ODDS_SIMULATIONS: '2000',
      LOG_LEVEL: 'debug',
      DEMO_DATA: 'off',
    });
    assert.deepEqual(config, {
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://clubhouse@db.internal:5432/clubhouse',
      databaseSchema: 'clubhouse_staging',
      dataDir: '/var/lib/clubhouse',
      adminToken: 'a-long-enough-admin-token',
      redisUrl: 'redis://cache.internal:6379',
      registrationUrl: 'https://pay.example.org/leagues',
      checkoutUrl: 'https://pay.example.org/memberships',
      publicUrl: 'https://clubhouse.example.org',
      smtpUrl: 'smtp://relay.internal:587',
      mailFrom: 'Demo Golf Club <news@example.org>',
      trustProxy: ['10.0.0.1'],
      rateLimitPerMinute: 120,
      embedRateLimitPerMinute: 900,
      adminRateLimitPerMinute: 500,
      streamsPerIp: 5,
      maxStreams: 2000,
      responseCacheTtlSeconds: 30,
      responseCacheMaxMb: 8,
      oddsSimulations: 2000,
      logLevel: 'debug',
      demoData: false,
    });
  });

  void test('postgresql:// and rediss:// are accepted', () => {
    assert.equal(
      loadConfig({ DATABASE_URL: 'postgresql://u@h/d' }).databaseUrl,
      'postgresql://u@h/d',
    );
    assert.equal(loadConfig({ REDIS_URL: 'rediss://h:6380' }).redisUrl, 'rediss://h:6380');
  });

  void test('DEMO_DATA=on keeps the demo data', () => {
    assert.equal(loadConfig({ DEMO_DATA: 'on' }).demoData, true);
  });

  void test('PORT=0 and PORT=65535 are the inclusive bounds', () => {
    assert.equal(loadConfig({ PORT: '0' }).port, 0);
    assert.equal(loadConfig({ PORT: '65535' }).port, 65535);
  });

  void test('ADMIN_RATE_LIMIT_PER_MINUTE=0 is allowed (turns the admin limit off)', () => {
    assert.equal(loadConfig({ ADMIN_RATE_LIMIT_PER_MINUTE: '0' }).adminRateLimitPerMinute, 0);
  });

  void test('RATE_LIMIT_PER_MINUTE=1 is the smallest public limit', () => {
    assert.equal(loadConfig({ RATE_LIMIT_PER_MINUTE: '1' }).rateLimitPerMinute, 1);
  });

  void test('an ADMIN_TOKEN of 16 characters is long enough', () => {
    assert.equal(loadConfig({ ADMIN_TOKEN: '0123456789abcdef' }).adminToken, '0123456789abcdef');
  });

  void test('every documented log level is accepted', () => {
    for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']) {
      assert.equal(loadConfig({ LOG_LEVEL: level }).logLevel, level);
    }
  });
});

void describe('TRUST_PROXY', () => {
  void test('a comma-separated list is split and trimmed, spaces and empty items ignored', () => {
    assert.deepEqual(
      loadConfig({ TRUST_PROXY: ' 10.0.0.1 , 192.168.0.0/16,  ::1 ,fd00::/8, ' }).trustProxy,
      ['10.0.0.1', '192.168.0.0/16', '::1', 'fd00::/8'],
    );
  });

  void test('single addresses and narrow CIDRs of both families are accepted', () => {
    assert.deepEqual(loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy, ['127.0.0.1']);
    assert.deepEqual(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy, ['10.0.0.0/8']);
    assert.deepEqual(loadConfig({ TRUST_PROXY: '10.1.2.3/32' }).trustProxy, ['10.1.2.3/32']);
    assert.deepEqual(loadConfig({ TRUST_PROXY: '2001:db8::/32' }).trustProxy, ['2001:db8::/32']);
  });

  void test('0.0.0.0/0 is refused: the service never trusts everything', () => {
    assertRefused({ TRUST_PROXY: '0.0.0.0/0' }, 'TRUST_PROXY');
    assertRefused({ TRUST_PROXY: '10.0.0.1, 0.0.0.0/0' }, 'TRUST_PROXY');
  });

  void test('::/0 is refused: the service never trusts everything', () => {
    assertRefused({ TRUST_PROXY: '::/0' }, 'TRUST_PROXY');
    assertRefused({ TRUST_PROXY: '::1,::/0' }, 'TRUST_PROXY');
  });

  void test('a "/0" prefix on any address is refused', () => {
    assertRefused({ TRUST_PROXY: '10.0.0.0/0' }, 'TRUST_PROXY');
  });

  void test('"true" and "*" (trust everything in other tools) are refused', () => {
    assertRefused({ TRUST_PROXY: 'true' }, 'TRUST_PROXY');
    assertRefused({ TRUST_PROXY: '*' }, 'TRUST_PROXY');
  });

  void test('not-an-ip is refused, naming the bad entry', () => {
    const error = assertRefused({ TRUST_PROXY: '10.0.0.1,not-an-ip' }, 'TRUST_PROXY');
    assert.match(error.message, /not-an-ip/);
  });

  void test('malformed CIDRs are refused', () => {
    assertRefused({ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY');
    assertRefused({ TRUST_PROXY: '::1/129' }, 'TRUST_PROXY');
    assertRefused({ TRUST_PROXY: '10.0.0.0/abc' }, 'TRUST_PROXY');
    assertRefused({ TRUST_PROXY: '10.0.0.0/8/8' }, 'TRUST_PROXY');
    assertRefused({ TRUST_PROXY: '10.0.0.256' }, 'TRUST_PROXY');
  });
});

void describe('loadConfig refuses invalid values with one line naming the variable', () => {
  void test('PORT=abc', () => {
    const error = assertRefused({ PORT: 'abc' }, 'PORT');
    assert.match(error.message, /abc/);
  });

  void test('PORT=70000', () => {
    assertRefused({ PORT: '70000' }, 'PORT');
  });

  void test('PORT must be a whole number', () => {
    assertRefused({ PORT: '-1' }, 'PORT');
    assertRefused({ PORT: '80.5' }, 'PORT');
    assertRefused({ PORT: '3000abc' }, 'PORT');
  });

  void test('DATABASE_URL=mysql://x', () => {
    assertRefused({ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL');
  });

  void test('DATABASE_URL that is no URL', () => {
    assertRefused({ DATABASE_URL: 'not a url' }, 'DATABASE_URL');
  });

  void test('DATABASE_SCHEMA must be a plain lower-case name PostgreSQL does not keep', () => {
    for (const schema of [
      'Clubhouse',
      '1st',
      'my-schema',
      'a b',
      'x;drop',
      'pg_temp',
      'a'.repeat(64),
    ]) {
      const error = assertRefused({ DATABASE_SCHEMA: schema }, 'DATABASE_SCHEMA');
      assert.ok(error.message.includes(schema), schema);
    }
    assert.equal(loadConfig({ DATABASE_SCHEMA: `_${'a'.repeat(62)}` }).databaseSchema.length, 63);
  });

  void test('REDIS_URL=http://x', () => {
    assertRefused({ REDIS_URL: 'http://x' }, 'REDIS_URL');
  });

  void test('REGISTRATION_URL must be an http(s) URL', () => {
    assertRefused({ REGISTRATION_URL: 'ftp://pay.example.com' }, 'REGISTRATION_URL');
    assertRefused({ REGISTRATION_URL: 'javascript:alert(1)' }, 'REGISTRATION_URL');
    assertRefused({ REGISTRATION_URL: 'pay.example.com' }, 'REGISTRATION_URL');
  });

  void test('LOG_LEVEL=loud', () => {
    const error = assertRefused({ LOG_LEVEL: 'loud' }, 'LOG_LEVEL');
    assert.match(error.message, /loud/);
  });

  void test('DEMO_DATA=maybe', () => {
    const error = assertRefused({ DEMO_DATA: 'maybe' }, 'DEMO_DATA');
    assert.match(error.message, /maybe/);
  });

  void test('ADMIN_TOKEN shorter than 16 characters', () => {
    assertRefused({ ADMIN_TOKEN: 'short' }, 'ADMIN_TOKEN');
    assertRefused({ ADMIN_TOKEN: '0123456789abcde' }, 'ADMIN_TOKEN');
  });

  void test('the ADMIN_TOKEN message never echoes the token', () => {
    const error = assertRefused({ ADMIN_TOKEN: 'sekrit-token' }, 'ADMIN_TOKEN');
    assert.doesNotMatch(error.message, /sekrit-token/);
  });

  void test('RATE_LIMIT_PER_MINUTE=0 is refused (the public limit cannot be turned off)', () => {
    assertRefused({ RATE_LIMIT_PER_MINUTE: '0' }, 'RATE_LIMIT_PER_MINUTE');
  });

  void test('RATE_LIMIT_PER_MINUTE, EMBED_RATE_LIMIT_PER_MINUTE and ADMIN_RATE_LIMIT_PER_MINUTE must be whole numbers', () => {
    assertRefused({ RATE_LIMIT_PER_MINUTE: 'lots' }, 'RATE_LIMIT_PER_MINUTE');
    assertRefused({ EMBED_RATE_LIMIT_PER_MINUTE: '0' }, 'EMBED_RATE_LIMIT_PER_MINUTE');
    assertRefused({ EMBED_RATE_LIMIT_PER_MINUTE: '2.5' }, 'EMBED_RATE_LIMIT_PER_MINUTE');
    assert.equal(loadConfig({}).embedRateLimitPerMinute, 600);
    assertRefused({ ADMIN_RATE_LIMIT_PER_MINUTE: '-5' }, 'ADMIN_RATE_LIMIT_PER_MINUTE');
    assertRefused({ ADMIN_RATE_LIMIT_PER_MINUTE: 'off' }, 'ADMIN_RATE_LIMIT_PER_MINUTE');
  });

  void test('STREAMS_PER_IP and MAX_STREAMS are whole numbers of at least 1', () => {
    for (const variable of ['STREAMS_PER_IP', 'MAX_STREAMS']) {
      for (const value of ['0', '-1', 'many', '2.5', '1000001']) {
        assertRefused({ [variable]: value }, variable);
      }
      assert.doesNotThrow(() => loadConfig({ [variable]: '1' }));
    }
  });

  void test('a refused ADMIN_RATE_LIMIT_PER_MINUTE is not blamed on RATE_LIMIT_PER_MINUTE', () => {
    let message = '';
    try {
      loadConfig({ ADMIN_RATE_LIMIT_PER_MINUTE: 'x' });
    } catch (error) {
      if (error instanceof ConfigError) message = error.message;
    }
    assert.match(message, /^ADMIN_RATE_LIMIT_PER_MINUTE\b/);
  });

  void test('ConfigError is an Error', () => {
    const error = assertRefused({ PORT: 'abc' }, 'PORT');
    assert.ok(error instanceof Error);
  });
});

void test('CONFIG_VARIABLES names every variable the configuration reads', () => {
  const read = new Set<string>();
  const recording = new Proxy<NodeJS.ProcessEnv>(
    {},
    {
      get(_target, name) {
        if (typeof name === 'string') read.add(name);
        return undefined;
      },
    },
  );
  loadConfig(recording);
  assert.deepEqual([...read].sort(), [...CONFIG_VARIABLES].sort());
});
