// The demo organization's calendar as the API answers it (lines shortened).

export const CALENDAR_EXAMPLE = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Clubhouse//Schedules//EN',
  'NAME:Tuesday Night League',
  'X-WR-CALNAME:Tuesday Night League',
  'BEGIN:VEVENT',
  'UID:event-6.demo-golf-club@clubhouse',
  'SEQUENCE:2',
  'DTSTAMP:20260601T150000Z',
  'DTSTART:20260616T223000Z',
  'DTEND:20260617T023000Z',
  'SUMMARY:Tuesday Night League — Night 6',
  'LOCATION:Cedar Ridge',
  'STATUS:CONFIRMED',
  'LAST-MODIFIED:20260601T150000Z',
  'END:VEVENT',
  'END:VCALENDAR',
].join('\r\n');
