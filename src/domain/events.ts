import type { EventStatus } from '../db/schema.js';

export const EVENT_STATUSES = [
  'draft',
  'published',
  'completed',
  'canceled',
] as const satisfies readonly EventStatus[];

/** Statuses a visitor sees; a draft event is unknown from outside. */
export const PUBLIC_EVENT_STATUSES = [
  'published',
  'completed',
  'canceled',
] as const satisfies readonly EventStatus[];

export type PublicEventStatus = (typeof PUBLIC_EVENT_STATUSES)[number];

export const EVENT_LIST_FILTERS = ['all', 'upcoming', 'completed'] as const;
export type EventListFilter = (typeof EVENT_LIST_FILTERS)[number];

export const DEFAULT_EVENT_LIMIT = 100;
export const MAX_EVENT_LIMIT = 500;

/** `completed` lists the newest first; `all` and `upcoming` run in calendar order. */
export function sortsNewestFirst(filter: EventListFilter): boolean {
  return filter === 'completed';
}

/** Tags a schedule filter also matches for a tag it is given: the studied site's plural. */
const TAG_ALIASES: Readonly<Record<string, readonly string[]>> = {
  tournaments: ['tournament'],
};

/**
 * The tags a comma-separated list matches (any of them): each trimmed, empty ones dropped,
 * with their aliases (`tournaments` also matches `tournament`).
 */
export function scheduleTags(list: string): string[] {
  const given = list
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
  return [...new Set(given.flatMap((tag) => [tag, ...(TAG_ALIASES[tag] ?? [])]))];
}
