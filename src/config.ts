import { isIP } from 'node:net';
import { DEFAULT_SIMULATIONS, MAX_SIMULATIONS, MIN_SIMULATIONS } from './domain/odds.js';

/** Validated service configuration; `loadConfig` is the only reader of the environment. */
export interface Config {
  port: number;
  host: string;
  /** `postgres://` URL; absent means the embedded database in `dataDir`. */
  databaseUrl: string | undefined;
  /** PostgreSQL schema of every table and the migration bookkeeping. */
  databaseSchema: string;
  dataDir: string;
  /** Absent turns the admin API off. */
  adminToken: string | undefined;
  redisUrl: string | undefined;
  registrationUrl: string;
  /** Hosted checkout that a membership purchase start sends golfers to. */
  checkoutUrl: string;
  /** The origin links in mail point to (`https://clubhouse.example.com`); absent: the request's. */
  publicUrl: string | undefined;
  /** `smtp://` or `smtps://` URL of the mail relay; absent, mail waits in the outbox. */
  smtpUrl: string | undefined;
  /** The `From` of every mail. */
  mailFrom: string;
  /** Proxy addresses or CIDRs whose `X-Forwarded-For` is believed. */
  trustProxy: string[];
  rateLimitPerMinute: number;
  /** Widget page requests per minute per client IP, counted apart from the JSON API's. */
  embedRateLimitPerMinute: number;
  /** 0 turns the admin limit off. */
  adminRateLimitPerMinute: number;
  /** Live streams one client IP may hold open on one instance. */
  streamsPerIp: number;
  /** Live streams one instance holds open at most, all clients together. */
  maxStreams: number;
  /** How long a public answer is kept at most while its org does not change. */
  responseCacheTtlSeconds: number;
  /** What kept public answers may take, in MiB; 0 keeps none. */
  responseCacheMaxMb: number;
  /** Simulated nights per board version of the live odds (decisions §15). */
  oddsSimulations: number;
  logLevel: string;
  demoData: boolean;
}

/** Thrown for an invalid setting; its message is the one line the process prints. */
export class ConfigError extends Error {}

/** Every variable the configuration reads (tests that spawn the server clear the rest). */
export const CONFIG_VARIABLES = [
  'PORT',
  'HOST',
  'DATABASE_URL',
  'DATABASE_SCHEMA',
  'DATA_DIR',
  'ADMIN_TOKEN',
  'REDIS_URL',
  'REGISTRATION_URL',
  'CHECKOUT_URL',
  'PUBLIC_URL',
  'SMTP_URL',
  'MAIL_FROM',
  'TRUST_PROXY',
  'RATE_LIMIT_PER_MINUTE',
  'EMBED_RATE_LIMIT_PER_MINUTE',
  'ADMIN_RATE_LIMIT_PER_MINUTE',
  'STREAMS_PER_IP',
  'MAX_STREAMS',
  'RESPONSE_CACHE_TTL_SECONDS',
  'RESPONSE_CACHE_MAX_MB',
  'ODDS_SIMULATIONS',
  'LOG_LEVEL',
  'DEMO_DATA',
] as const;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const MIN_ADMIN_TOKEN_LENGTH = 16;

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return Number(raw);
}

function optional(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw === undefined || raw === '' ? undefined : raw;
}

function url(name: string, raw: string, protocols: string[]): string {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a URL, got "${raw}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must use ${protocols.join(' or ')}, got "${parsed.protocol}"`);
  }
  return raw;
}

/**
 * A schema name that needs no quoting anywhere (lower case, as PostgreSQL folds unquoted
 * names) and is not one of the names PostgreSQL keeps for itself.
 */
function schemaName(env: NodeJS.ProcessEnv): string {
  const raw = optional(env, 'DATABASE_SCHEMA') ?? 'public';
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(raw) || raw.startsWith('pg_')) {
    throw new ConfigError(
      `DATABASE_SCHEMA must be a lower-case name of letters, digits and underscores (at most 63, not starting with a digit or "pg_"), got "${raw}"`,
    );
  }
  return raw;
}

function isCidrOrAddress(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  if (address === undefined || rest.length > 0) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  const maxBits = family === 4 ? 32 : 128;
  return /^\d+$/.test(bits) && Number(bits) <= maxBits;
}

function trustProxy(env: NodeJS.ProcessEnv): string[] {
  const raw = optional(env, 'TRUST_PROXY');
  if (raw === undefined) return [];
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of entries) {
    if (!isCidrOrAddress(entry)) {
      throw new ConfigError(
        `TRUST_PROXY must list IP addresses or CIDRs separated by commas, got "${entry}"`,
      );
    }
    if (/\/0$/.test(entry)) {
      throw new ConfigError(`TRUST_PROXY must not trust every address ("${entry}")`);
    }
  }
  return entries;
}

function optionalUrl(env: NodeJS.ProcessEnv, name: string, protocols: string[]) {
  const raw = optional(env, name);
  return raw === undefined ? undefined : url(name, raw, protocols);
}

/** An origin without a trailing slash, so that paths can be appended to it. */
function publicUrl(env: NodeJS.ProcessEnv): string | undefined {
  const raw = optionalUrl(env, 'PUBLIC_URL', ['https:', 'http:']);
  return raw === undefined ? undefined : new URL(raw).origin;
}

function mailFrom(env: NodeJS.ProcessEnv): string {
  const raw = optional(env, 'MAIL_FROM') ?? 'Clubhouse <no-reply@clubhouse.example.com>';
  // `Name <address>` or a bare address, one line: a header nobody can smuggle lines into.
  if (!/^[^\r\n<>]*<[^\s<>@]+@[^\s<>@]+>$|^[^\s<>@]+@[^\s<>@]+$/.test(raw)) {
    throw new ConfigError(`MAIL_FROM must be an address or "Name <address>", got "${raw}"`);
  }
  return raw;
}

/** Reads and validates the environment; throws ConfigError with one clear line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = optional(env, 'DATABASE_URL');
  const redisUrl = optional(env, 'REDIS_URL');
  const adminToken = optional(env, 'ADMIN_TOKEN');
  if (adminToken !== undefined && adminToken.length < MIN_ADMIN_TOKEN_LENGTH) {
    throw new ConfigError(`ADMIN_TOKEN must be at least ${MIN_ADMIN_TOKEN_LENGTH} characters`);
  }
  const logLevel = optional(env, 'LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }
  const demoData = optional(env, 'DEMO_DATA') ?? 'on';
  if (demoData !== 'on' && demoData !== 'off') {
    throw new ConfigError(`DEMO_DATA must be "on" or "off", got "${demoData}"`);
  }
  return {
    port: integer(env, 'PORT', 3000, 0, 65535),
    host: optional(env, 'HOST') ?? '0.0.0.0',
    databaseUrl:
      databaseUrl === undefined
        ? undefined
        : url('DATABASE_URL', databaseUrl, ['postgres:', 'postgresql:']),
    databaseSchema: schemaName(env),
    dataDir: optional(env, 'DATA_DIR') ?? './data',
    adminToken,
    redisUrl:
      redisUrl === undefined ? undefined : url('REDIS_URL', redisUrl, ['redis:', 'rediss:']),
    registrationUrl: url(
      'REGISTRATION_URL',
      optional(env, 'REGISTRATION_URL') ?? 'https://register.example.com/event-series',
      ['https:', 'http:'],
    ),
    checkoutUrl: url(
      'CHECKOUT_URL',
      optional(env, 'CHECKOUT_URL') ?? 'https://checkout.example.com/membership',
      ['https:', 'http:'],
    ),
    publicUrl: publicUrl(env),
    smtpUrl: optionalUrl(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: mailFrom(env),
    trustProxy: trustProxy(env),
    rateLimitPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 60, 1, 1_000_000_000),
    embedRateLimitPerMinute: integer(env, 'EMBED_RATE_LIMIT_PER_MINUTE', 600, 1, 1_000_000_000),
    adminRateLimitPerMinute: integer(env, 'ADMIN_RATE_LIMIT_PER_MINUTE', 6000, 0, 1_000_000_000),
    streamsPerIp: integer(env, 'STREAMS_PER_IP', 20, 1, 1_000_000),
    maxStreams: integer(env, 'MAX_STREAMS', 10_000, 1, 1_000_000),
    responseCacheTtlSeconds: integer(env, 'RESPONSE_CACHE_TTL_SECONDS', 60, 0, 86_400),
    responseCacheMaxMb: integer(env, 'RESPONSE_CACHE_MAX_MB', 32, 0, 65_536),
    oddsSimulations: integer(
      env,
      'ODDS_SIMULATIONS',
      DEFAULT_SIMULATIONS,
      MIN_SIMULATIONS,
      MAX_SIMULATIONS,
    ),
    logLevel,
    demoData: demoData === 'on',
  };
}
