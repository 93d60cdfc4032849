import type { PublicEventStatus } from '../../domain/events.js';
import type {
  AdminEvent,
  AdminEventDetail,
  EventDetail,
  EventField,
  EventItem,
  EventList,
} from './schema.js';
import { withZoneOffset, withZoneOffsetOrNull } from '../../domain/local-times.js';
import type {
  AdminTaggedEvent,
  CardedGolfer,
  FieldGolfer,
  Schedule,
  TaggedEvent,
} from './service.js';
import type { AdminTeeSheet } from '../tee-sheets/schema.js';
import type { ListedEvent, PublicEvent } from './store.js';

/** An event as visitors see it; the store reads public events only. */
function presentEventItem(event: ListedEvent, tags: string[]): EventItem {
  const item: EventItem = {
    id: event.id,
    slug: event.slug,
    title: event.title,
    eventType: event.event_type,
    status: event.status as PublicEventStatus,
    startDate: event.start_at.toISOString(),
    tags,
    totalPlayers: event.total_players,
    courseListSummary: event.course_name,
  };
  // Set when present rather than spread in: spreading a conditional object into a literal
  // is a slow path of V8, and a schedule presents up to a hundred of these per read. The
  // serializer writes keys in the schema's order, not in the order they were set.
  if (event.end_at !== null) item.endDate = event.end_at.toISOString();
  return item;
}

export function presentEventList(schedule: Schedule): EventList {
  return {
    count: schedule.count,
    oldestYear: schedule.oldestYear,
    events: schedule.events.map((event) => presentEventItem(event, event.tags)),
  };
}

export function presentEventDetail(found: TaggedEvent<PublicEvent>): EventDetail {
  const { event } = found;
  const item = presentEventItem(event, found.tags);
  if (event.event_series_id === null || event.league_slug === null || event.league_name === null) {
    return item;
  }
  return {
    ...item,
    eventSeries: { id: event.event_series_id, slug: event.league_slug, name: event.league_name },
  };
}

/** Names only: no ids or e-mail addresses of golfers. */
export function presentEventField(players: FieldGolfer[]): EventField {
  return {
    count: players.length,
    players: players.map((player) => ({ name: player.name, teamName: player.teamName })),
  };
}

export function presentAdminEvent({ event, tags, timeZone }: AdminTaggedEvent): AdminEvent {
  return {
    id: event.id,
    slug: event.slug,
    title: event.title,
    eventType: event.event_type,
    status: event.status,
    startDate: withZoneOffset(event.start_at, timeZone),
    endDate: withZoneOffsetOrNull(event.end_at, timeZone),
    localDate: event.local_date,
    tags,
    eventSeriesId: event.event_series_id,
    entryCount: event.entry_count,
    courseName: event.course_name,
    pars: event.pars,
    strokeIndex: event.stroke_index,
    netScoring: event.net_scoring,
  };
}

export function presentAdminEventDetail(
  found: AdminTaggedEvent & { field: CardedGolfer[]; teeSheet: AdminTeeSheet | null },
): AdminEventDetail {
  return {
    ...presentAdminEvent(found),
    field: found.field.map(({ userId, name, teamId, teamName, holes }) => ({
      userId,
      name,
      teamId,
      teamName,
      holes,
    })),
    teeSheet: found.teeSheet,
  };
}
