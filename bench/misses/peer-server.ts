import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { PUBLIC_BASE_PATH } from '../../src/http/base-paths.js';
import { PGliteConnection } from '../../src/db/pglite-connection.js';
import type { DatabaseSpec } from '../database.js';
import { serveChild } from '../ipc.js';

/**
 * The reference peer: plain `node:http` and the database driver, hand-written SQL with
 * parameters, no framework, no cache. It answers the four reads of the miss bench with the
 * same bytes as the service (the bench checks), so the two can be compared miss for miss.
 * Its own copy of the data on PGlite (one process per PGlite folder); the same schema on
 * PostgreSQL. Named prepared statements on both, as a careful hand-written server would use.
 */
export interface PeerInput {
  database: DatabaseSpec;
}

type Row = Record<string, unknown>;
type Query = (name: string, text: string, values: unknown[]) => Promise<Row[]>;

const DATE_OID = 1082;
const INT8_OID = 20;
const NUMERIC_OID = 1700;
const asText = (value: string) => value;
const asNumber = (value: string) => Number(value);

async function openQuery(spec: DatabaseSpec): Promise<{ query: Query; close(): Promise<void> }> {
  const builtIn = pg.types.getTypeParser as (oid: number, format: string) => unknown;
  const types = {
    getTypeParser: (oid: number, format: string) =>
      oid === DATE_OID
        ? asText
        : oid === INT8_OID || oid === NUMERIC_OID
          ? asNumber
          : builtIn(oid, format),
  } as pg.CustomTypesConfig;
  if (spec.kind === 'pglite') {
    // Through pg, as the service reaches it: named statements there too, each statement's
    // messages handed to PGlite at once.
    const db = await PGlite.create({ dataDir: spec.dataDir });
    const session: pg.PoolConfig & { connection: unknown } = {
      connection: new PGliteConnection(db),
      max: 1,
      idleTimeoutMillis: 0,
      types,
    };
    const pool = new pg.Pool(session);
    return {
      query: async (name, text, values) => (await pool.query<Row>({ name, text, values })).rows,
      close: async () => {
        await pool.end();
        await db.close();
      },
    };
  }
  const pool = new pg.Pool({
    connectionString: spec.url,
    max: 10,
    options: `-c search_path=${spec.schema}`,
    types,
  });
  return {
    query: async (name, text, values) => (await pool.query<Row>({ name, text, values })).rows,
    close: () => pool.end(),
  };
}

const PUBLIC_LEAGUES = `('open', 'active', 'completed')`;
const PUBLIC_EVENTS = `('published', 'completed', 'canceled')`;

const LEAGUE_LIST = `
  select l.* from orgs o
  left join event_series l on l.org_id = o.id and l.status in ${PUBLIC_LEAGUES}
  where o.slug = $1 order by l.id`;
const ONE_LEAGUE = `
  select l.* from event_series l join orgs o on o.id = l.org_id
  where o.slug = $1 and l.slug = $2 and l.status in ${PUBLIC_LEAGUES}`;
const SCHEDULE = `
  select extract(year from now() at time zone o.timezone)::integer as this_year,
         l.member_count,
         (select count(*) from events c where c.event_series_id = l.id
            and c.status in ${PUBLIC_EVENTS}) as count,
         (select y.local_year from events y where y.event_series_id = l.id
            and y.status in ${PUBLIC_EVENTS} order by y.start_at limit 1) as oldest_year,
         e.id, e.slug, e.title, e.event_type, e.status, e.start_at, e.end_at, e.course_name,
         array(select t.tag from event_tags t where t.event_id = e.id order by t.tag) as tags
  from orgs o
  join event_series l on l.org_id = o.id and l.slug = $2 and l.status in ${PUBLIC_LEAGUES}
  left join events e on e.event_series_id = l.id and e.status in ${PUBLIC_EVENTS}
  where o.slug = $1
  order by e.start_at, e.id
  limit 100`;
const STANDINGS_SERIES = `
  select to_char(now() at time zone o.timezone, 'YYYY-MM-DD') as today,
         l.standing_series_id, s.name as series_name, s.scope,
         k.id as season_id, k.name as season_name, k.start_date, k.end_date
  from event_series l join orgs o on o.id = l.org_id
  left join standing_series s on s.id = l.standing_series_id and s.org_id = o.id
  left join standing_seasons k on k.series_id = s.id
  where o.slug = $1 and l.slug = $2 and l.status in ${PUBLIC_LEAGUES}
  order by k.start_date desc, k.id desc`;
const STANDINGS_TABLE = `
  select c.id, c.name, t.points, t.events
  from standing_totals t join standing_competitors c on c.id = t.competitor_id
  where t.series_id = $1 and t.season_key = $2`;

/** A league as the public API writes it: required fields first, then the optional ones set. */
function league(row: Row): Record<string, unknown> {
  const maxEntries = row.max_entries as number | null;
  const seats = row.seats_reserved as number;
  const body: Record<string, unknown> = {
    id: row.id,
    name: row.name,
    slug: row.slug,
    seasonLabel: row.season_label,
    status: row.status,
    feeMembersCents: row.fee_members_cents,
    feePerEntry: row.fee_per_entry,
    entrySize: row.entry_size,
    seriesImageUrl: row.image_path ?? '/media/stock/crest.svg',
    memberCount: row.member_count,
    linkedEventCount: row.linked_event_count,
    spotsRemaining: maxEntries === null ? null : Math.max(maxEntries - seats, 0),
    standingSeriesId: row.standing_series_id,
  };
  const optional: [string, unknown][] = [
    ['scheduleLabel', row.schedule_label],
    ['description', row.description],
    ['startDate', row.first_event_date],
    ['endDate', row.last_event_date],
    ['registrationOpensAt', row.registration_opens_at],
    ['registrationClosesAt', row.registration_closes_at],
    ['maxEntries', maxEntries],
  ];
  for (const [key, value] of optional) if (value !== null) body[key] = value;
  return body;
}

function event(row: Row, totalPlayers: unknown): Record<string, unknown> {
  const body: Record<string, unknown> = {
    id: row.id,
    slug: row.slug,
    title: row.title,
    eventType: row.event_type,
    status: row.status,
    startDate: (row.start_at as Date).toISOString(),
    tags: row.tags,
    totalPlayers,
    courseListSummary: row.course_name,
  };
  if (row.end_at !== null) body.endDate = (row.end_at as Date).toISOString();
  return body;
}

interface Season {
  id: number;
  name: string;
  startDate: string;
  endDate: string;
}

/** Containing today, else the latest started, else the first to come. */
function currentSeason(seasons: Season[], today: string): number | null {
  const containing = seasons.find((s) => s.startDate <= today && today <= s.endDate);
  if (containing !== undefined) return containing.id;
  const started = seasons
    .filter((s) => s.startDate <= today)
    .sort((a, b) => b.startDate.localeCompare(a.startDate));
  if (started[0] !== undefined) return started[0].id;
  return [...seasons].sort((a, b) => a.startDate.localeCompare(b.startDate))[0]?.id ?? null;
}

const byName = new Intl.Collator();

async function standings(query: Query, org: string, slug: string): Promise<unknown> {
  const rows = await query('peer_standings_series', STANDINGS_SERIES, [org, slug]);
  const [first] = rows;
  if (first === undefined) return undefined;
  if (first.standing_series_id === null) return { standingSeries: null, table: null };
  const seriesId = first.standing_series_id as number;
  const seasons: Season[] = rows
    .filter((row) => row.season_id !== null)
    .map((row) => ({
      id: row.season_id as number,
      name: row.season_name as string,
      startDate: row.start_date as string,
      endDate: row.end_date as string,
    }));
  const current = first.scope === 'season' ? currentSeason(seasons, first.today as string) : null;
  const key = first.scope === 'overall' ? 0 : current;
  const totals =
    key === null ? [] : await query('peer_standings_table', STANDINGS_TABLE, [seriesId, key]);
  totals.sort(
    (a, b) =>
      (b.points as number) - (a.points as number) ||
      byName.compare(a.name as string, b.name as string) ||
      (a.id as number) - (b.id as number),
  );
  const tiedPoints = new Map<number, number>();
  for (const total of totals) {
    tiedPoints.set(total.points as number, (tiedPoints.get(total.points as number) ?? 0) + 1);
  }
  let rank = 0;
  return {
    standingSeries: {
      id: seriesId,
      name: first.series_name,
      scope: first.scope,
      seasons: seasons.map((season) => ({ ...season, current: season.id === current })),
    },
    table: {
      seriesId,
      seriesName: first.series_name,
      rows: totals.map((total, index) => {
        if (index === 0 || totals[index - 1]?.points !== total.points) rank = index + 1;
        return {
          rank,
          tied: (tiedPoints.get(total.points as number) ?? 0) > 1,
          competitorId: total.id,
          name: total.name,
          points: total.points,
          events: total.events,
        };
      }),
    },
  };
}

async function schedule(query: Query, org: string, slug: string): Promise<unknown> {
  const rows = await query('peer_schedule', SCHEDULE, [org, slug]);
  const [first] = rows;
  if (first === undefined) return undefined;
  return {
    count: first.count,
    oldestYear: first.oldest_year ?? first.this_year,
    events: rows.filter((row) => row.id !== null).map((row) => event(row, first.member_count)),
  };
}

const ORGS = `${PUBLIC_BASE_PATH}/orgs/`;
const ROUTE =
  /^([a-z0-9-]+)\/(?:event-series(?:\/([a-z0-9-]+)(\/standings)?)?|events\?eventSeries=([a-z0-9-]+))$/;

async function answer(query: Query, url: string): Promise<unknown> {
  if (!url.startsWith(ORGS)) return undefined;
  const match = ROUTE.exec(url.slice(ORGS.length));
  if (match === null) return undefined;
  const [, org = '', leagueSlug, standingsSuffix, scheduleSlug] = match;
  if (scheduleSlug !== undefined) return schedule(query, org, scheduleSlug);
  if (leagueSlug === undefined) {
    const rows = await query('peer_league_list', LEAGUE_LIST, [org]);
    return rows.length === 0 ? undefined : rows.filter((row) => row.id !== null).map(league);
  }
  if (standingsSuffix !== undefined) return standings(query, org, leagueSlug);
  const [row] = await query('peer_one_league', ONE_LEAGUE, [org, leagueSlug]);
  return row === undefined ? undefined : league(row);
}

function send(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, {
    'content-type': status === 200 ? 'application/json; charset=utf-8' : 'text/plain',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
}

serveChild(async (input) => {
  const { database } = input as PeerInput;
  const opened = await openQuery(database);
  const { query } = opened;
  const server = createServer((request, response) => {
    answer(query, request.url ?? '').then(
      (body) =>
        body === undefined
          ? send(response, 404, 'Not Found')
          : send(response, 200, JSON.stringify(body)),
      () => send(response, 500, 'Internal Server Error'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error === undefined ? resolve() : reject(error)));
        server.closeAllConnections();
      });
      await opened.close();
    },
  };
});
