import ical, { ICalEventStatus } from 'ical-generator';
import type { RevisedEvent } from '../events/store.js';

/** An event without an end lasts this long in a calendar (decisions §16). */
const DEFAULT_DURATION_MS = 4 * 3_600_000;

export interface CalendarInput {
  /** The calendar's name in a phone's list: the league's, or the org's events. */
  name: string;
  orgSlug: string;
  events: RevisedEvent[];
}

/**
 * A stable UID: the same event keeps it through every change (and every origin), so a
 * subscribed calendar updates the event instead of adding another.
 */
export function eventUid(orgSlug: string, eventId: number): string {
  return `event-${eventId}.${orgSlug}@clubhouse`;
}

/**
 * The events as an iCalendar document (RFC 5545), written by `ical-generator`: CRLF lines
 * folded at 75 octets, text escaped. `SEQUENCE` and `LAST-MODIFIED` are the event's own
 * revision, which the database moves whenever a shown field changes; `DTSTAMP` is that same
 * moment, so the document (and its ETag) only changes when an event does.
 */
export function icsCalendar(input: CalendarInput): string {
  const calendar = ical({
    name: input.name,
    prodId: { company: 'Clubhouse', product: 'Schedules', language: 'EN' },
  });
  for (const event of input.events) {
    calendar.createEvent({
      id: eventUid(input.orgSlug, event.id),
      start: event.start_at,
      end: event.end_at ?? new Date(event.start_at.getTime() + DEFAULT_DURATION_MS),
      summary: event.title,
      location: event.course_name,
      status: event.status === 'canceled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      sequence: event.sequence,
      lastModified: event.updated_at,
      stamp: event.updated_at,
    });
  }
  return calendar.toString();
}
