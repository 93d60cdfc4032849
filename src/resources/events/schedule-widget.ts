import {
  EVENT_LIST_FILTERS,
  MAX_EVENT_LIMIT,
  scheduleTags,
  type EventListFilter,
} from '../../domain/events.js';
import { html, type Html } from '../../http/embed/html.js';
import { flag, positiveInteger } from '../../http/embed/options.js';
import {
  eventWhen,
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
      what: 'Tournaments only, no heading, in the club’s colour.',
      data: { tags: 'tournaments', title: ' ', accent: '#ffd700' },
    },
  ],
  async render(context) {
    const { options } = context;
    const actions = flag(options.actions);
    const tagOption = options.tags ?? options.tag;
    const [schedule, leagues] = await Promise.all([
      listSchedule(context.db, {
        orgSlug: context.org.slug,
        filter: filterOf(options.filter),
        leagueSlug: options.league === '' ? undefined : options.league,
        tags:
          tagOption === undefined || tagOption.trim() === '' ? undefined : scheduleTags(tagOption),
        limit: positiveInteger(options.limit, MAX_EVENT_LIMIT),
        now: context.now,
      }),
      actions ? leaguesById(context) : Promise.resolve(new Map<number, PublicLeague>()),
    ]);
    const list = presentEventList(schedule);
    if (list.events.length === 0) return html`<p>No events to show.</p>`;
    const offersRegister = actions && !flag(options.noregister);
    const rows = list.events.map((event, index) => {
      const leagueId = schedule.events[index]?.event_series_id ?? null;
      const league = leagueId === null ? undefined : leagues.get(leagueId);
      const register =
        offersRegister &&
        league !== undefined &&
        event.status === 'published' &&
        stageOf(league, context).registrable
          ? registerForm(context.org.slug, league)
          : '';
      return html`<li>
        <div class="row">
          <span class="when">${eventWhen(event.startDate, context)}</span
          >${event.courseListSummary === null ? '' : html`<span class="muted">${event.courseListSummary}</span>`}
        </div>
        <p class="${event.status === 'canceled' ? 'canceled' : ''}">
          ${event.title}${statusNote(event)}
        </p>
        <p>${tagList(event.tags)}</p>
        ${actions ? details(event, league) : ''} ${register}
      </li>`;
    });
    return html`<ul class="list" aria-label="Events">
      ${rows}
    </ul>`;
  },
};
