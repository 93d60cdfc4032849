import {
  EVENT_LIST_FILTERS,
  MAX_EVENT_LIMIT,
  scheduleTags,
  type EventListFilter,
} from '../../domain/events.js';
import { html, type Html } from '../../http/embed/html.js';
import { flag, positiveInteger } from '../../http/embed/options.js';
import { localDate, localToday } from '../../domain/dates.js';
import { PUBLIC_BASE_PATH } from '../../http/base-paths.js';
import {
  eventWhen,
  itemTitle,
  registerForm,
  stageOf,
  statusNote,
  tagList,
  type GalleryExample,
  type Widget,
  type WidgetContext,
} from '../../http/embed/parts.js';
import { presentPublicLeague } from '../leagues/presenter.js';
import type { PublicLeague } from '../leagues/schema.js';
import { listPublicLeagues } from '../leagues/service.js';
import { presentEventList } from './presenter.js';
import type { EventItem } from './schema.js';
import { listSchedule } from './service.js';

function filterOf(value: string | undefined): EventListFilter {
  return EVENT_LIST_FILTERS.find((filter) => filter === value) ?? 'all';
}

/** The leagues of the org by id, for the register buttons of their nights. */
async function leaguesById(context: WidgetContext): Promise<Map<number, PublicLeague>> {
  const leagues = await listPublicLeagues(context.db, context.org.slug);
  return new Map(leagues.map((league) => [league.id, presentPublicLeague(league)]));
}

function details(event: EventItem, league: PublicLeague | undefined): Html {
  return html`<details>
    <summary>Details<span class="visually-hidden"> of ${event.title}</span></summary>
    <dl>
      <dt>Type</dt>
      <dd>${event.eventType}</dd>
      ${
        league === undefined
          ? ''
          : html`<dt>League</dt>
              <dd>${league.name}</dd>`
      }
      ${
        event.courseListSummary === null
          ? ''
          : html`<dt>Course</dt>
              <dd>${event.courseListSummary}</dd>`
      }
      <dt>Players</dt>
      <dd>${event.totalPlayers}</dd>
    </dl>
  </details>`;
}

/** `Tonight` and `Next` beside those nights' titles; past nights say nothing but look quieter. */
function marker(when: string): Html {
  if (when === 'tonight') return html` <strong class="marker">Tonight</strong>`;
  if (when === 'next') return html` <strong class="marker">Next</strong>`;
  return html``;
}

/** A past night's final board: the leaderboard widget's own page. */
function finalBoard(context: WidgetContext, eventSlug: string): string {
  return `/embed/leaderboard?${new URLSearchParams({ org: context.org.slug, event: eventSlug }).toString()}`;
}

/** "Add to calendar": the `.ics` of the league, or of the org's events (one tag at most). */
function calendarLink(
  context: WidgetContext,
  leagueSlug: string | undefined,
  tags: readonly string[] | undefined,
): Html {
  const org = `${PUBLIC_BASE_PATH}/orgs/${encodeURIComponent(context.org.slug)}`;
  const path =
    leagueSlug === undefined
      ? `${org}/events/calendar.ics${tags?.length === 1 ? `?tag=${encodeURIComponent(tags[0] ?? '')}` : ''}`
      : `${org}/event-series/${encodeURIComponent(leagueSlug)}/calendar.ics`;
  const webcal = `${context.origin.replace(/^https?:/, 'webcal:')}${path}`;
  return html`<p class="calendar"><a href="${webcal}" target="_top">Add to calendar</a></p>`;
}

/** An org's events, or a league's schedule, with details and register links on request. */
export const scheduleWidget: Widget = {
  name: 'schedule',
  label: 'Schedule',
  gallery: (demo): GalleryExample[] => [
    {
      what: 'A league’s schedule with details and register links.',
      data: { league: demo.league, filter: 'upcoming', actions: '1', limit: '5' },
    },
    {
      what: 'A league’s nights one line each, linked to the club’s own event page, with a calendar link.',
      data: {
        league: demo.league,
        layout: 'compact',
        link: '/event?id={slug}',
        calendar: '1',
        actions: '1',
      },
    },
    {
      what: 'Tournaments only, no heading, in the club’s colour.',
      data: { tags: 'tournaments', title: ' ', accent: '#ffd700' },
    },
  ],
  async render(context) {
    const { options } = context;
    const actions = flag(options.actions);
    const compact = options.layout === 'compact';
    const tagOption = options.tags ?? options.tag;
    const tags =
      tagOption === undefined || tagOption.trim() === '' ? undefined : scheduleTags(tagOption);
    const leagueSlug = options.league === '' ? undefined : options.league;
    const [schedule, leagues] = await Promise.all([
      listSchedule(context.db, {
        orgSlug: context.org.slug,
        filter: filterOf(options.filter),
        leagueSlug,
        tags,
        limit: positiveInteger(options.limit, MAX_EVENT_LIMIT),
        now: context.now,
      }),
      actions ? leaguesById(context) : Promise.resolve(new Map<number, PublicLeague>()),
    ]);
    const list = presentEventList(schedule);
    const calendar = flag(options.calendar) ? calendarLink(context, leagueSlug, tags) : '';
    if (list.events.length === 0)
      return html`<p>No events to show.</p>
        ${calendar}`;
    const offersRegister = actions && !flag(options.noregister);
    const today = localToday(context.now, context.org.timezone);
    const nextIndex = list.events.findIndex(
      (event) => localDate(new Date(event.startDate), context.org.timezone) > today,
    );
    // One register button per league, on its first night shown: enough to find it.
    const registerShown = new Set<number>();
    const rows = list.events.map((event, index) => {
      const leagueId = schedule.events[index]?.event_series_id ?? null;
      const league = leagueId === null ? undefined : leagues.get(leagueId);
      const canRegister =
        offersRegister &&
        league !== undefined &&
        !registerShown.has(league.id) &&
        event.status === 'published' &&
        stageOf(league, context).registrable;
      if (canRegister) registerShown.add(league.id);
      const day = localDate(new Date(event.startDate), context.org.timezone);
      const when =
        day === today ? 'tonight' : index === nextIndex ? 'next' : day < today ? 'past' : '';
      const title = html`<span class="${event.status === 'canceled' ? 'canceled' : ''}"
          >${itemTitle(event.title, event.slug, context)}</span
        >${statusNote(event)}${marker(when)}`;
      const board =
        when === 'past' && event.status !== 'canceled'
          ? html`<a class="board" href="${finalBoard(context, event.slug)}" target="_top"
              >Final board<span class="visually-hidden"> of ${event.title}</span></a
            >`
          : '';
      const register = canRegister ? registerForm(context.org.slug, league) : '';
      if (compact) {
        return html`<li class="${when}">
          <span class="when">${eventWhen(event.startDate, context, event.endDate)}</span>
          ${title} ${board} ${register}
        </li>`;
      }
      return html`<li class="${when}">
        <div class="row">
          <span class="when">${eventWhen(event.startDate, context, event.endDate)}</span
          >${event.courseListSummary === null ? '' : html`<span class="muted">${event.courseListSummary}</span>`}
        </div>
        <p>${title}</p>
        <p>${tagList(event.tags)} ${board}</p>
        ${actions ? details(event, league) : ''} ${register}
      </li>`;
    });
    return html`<ul class="${compact ? 'list compact' : 'list'}" aria-label="Events">
        ${rows}
      </ul>
      ${calendar}`;
  },
};
