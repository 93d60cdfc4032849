import type { LightMyRequestResponse } from 'fastify';
import assert from 'node:assert/strict';
import type { Org } from '../../src/db/schema.js';
import type {
  AdminEvent,
  EventDetail,
  EventField,
  EventList,
} from '../../src/resources/events/schema.js';
import { ADMIN, PUBLIC, unique, type Harness } from './harness.js';

// Calls and shape checks of the event routes that several suites make.

export type FieldPlayer = EventField['players'][number];

export const EVENT_ITEM_FIELDS = [
  'courseListSummary',
  'endDate',
  'eventType',
  'id',
  'slug',
  'startDate',
  'status',
  'tags',
  'title',
  'totalPlayers',
];

export type Query = Record<string, string | number>;

export function queryString(query: Query): string {
  const params = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, `${value}`]),
  );
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

export const iso = (value: string) => new Date(value).toISOString();

export async function createEventResponse(
  h: Harness,
  org: Pick<Org, 'slug'>,
  body: Record<string, unknown>,
) {
  return h.admin('POST', `${ADMIN}/orgs/${org.slug}/events`, body);
}

/** Creates an event through the admin API; defaults make a published tournament in July 2026. */
export async function createEvent(
  h: Harness,
  org: Pick<Org, 'slug'>,
  overrides: Record<string, unknown> = {},
): Promise<AdminEvent> {
  const response = await createEventResponse(h, org, {
    slug: unique('event'),
    title: 'Club Night',
    eventType: 'tournament',
    status: 'published',
    startDate: '2026-07-01T23:00:00Z',
    ...overrides,
  });
  assert.equal(response.statusCode, 201, response.body);
  return response.json<AdminEvent>();
}

export async function patchEvent(
  h: Harness,
  org: Pick<Org, 'slug'>,
  id: number,
  body: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return h.admin('PATCH', `${ADMIN}/orgs/${org.slug}/events/${id}`, body);
}

export async function patchEventOk(
  h: Harness,
  org: Pick<Org, 'slug'>,
  id: number,
  body: Record<string, unknown>,
): Promise<AdminEvent> {
  const response = await patchEvent(h, org, id, body);
  assert.equal(response.statusCode, 200, response.body);
  return response.json<AdminEvent>();
}

export async function listResponse(h: Harness, orgSlug: string, query: Query = {}) {
  return h.inject({ method: 'GET', url: `${PUBLIC}/orgs/${orgSlug}/events${queryString(query)}` });
}

/** The public event list; checks the status and that every item has only whitelisted fields. */
export async function list(h: Harness, orgSlug: string, query: Query = {}): Promise<EventList> {
  const response = await listResponse(h, orgSlug, query);
  assert.equal(response.statusCode, 200, response.body);
  const body = response.json<EventList>();
  assert.deepEqual(Object.keys(body).sort(), ['count', 'events', 'oldestYear']);
  for (const item of body.events) {
    for (const key of Object.keys(item)) {
      assert.ok(EVENT_ITEM_FIELDS.includes(key), `${key} is not an event item field`);
    }
  }
  return body;
}

export const slugsOf = (body: EventList) => body.events.map((event) => event.slug);

export async function detailResponse(h: Harness, orgSlug: string, eventSlug: string) {
  return h.inject({ method: 'GET', url: `${PUBLIC}/orgs/${orgSlug}/events/${eventSlug}` });
}

export async function detail(h: Harness, orgSlug: string, eventSlug: string): Promise<EventDetail> {
  const response = await detailResponse(h, orgSlug, eventSlug);
  assert.equal(response.statusCode, 200, response.body);
  return response.json<EventDetail>();
}

export async function fieldResponse(h: Harness, orgSlug: string, eventSlug: string) {
  return h.inject({ method: 'GET', url: `${PUBLIC}/orgs/${orgSlug}/events/${eventSlug}/field` });
}

export async function field(h: Harness, orgSlug: string, eventSlug: string): Promise<EventField> {
  const response = await fieldResponse(h, orgSlug, eventSlug);
  assert.equal(response.statusCode, 200, response.body);
  const body = response.json<EventField>();
  assert.deepEqual(Object.keys(body).sort(), ['count', 'players']);
  for (const player of body.players) {
    assert.deepEqual(Object.keys(player).sort(), ['name', 'teamName'], 'names only');
  }
  assert.equal(body.count, body.players.length);
  return body;
}

export const byName = (a: FieldPlayer, b: FieldPlayer) => a.name.localeCompare(b.name);

export async function addEntry(
  h: Harness,
  org: Pick<Org, 'slug'>,
  eventId: number,
  body: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return h.admin('POST', `${ADMIN}/orgs/${org.slug}/events/${eventId}/entries`, body);
}
