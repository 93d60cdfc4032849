import { getPublicEvent } from './service.js';
import { getPublicLeague } from '../leagues/service.js';
import { presentEventDetail } from './presenter.js';
import { presentPublicLeague } from '../leagues/presenter.js';
import { eventSlug } from '../../http/embed/event-slug.js';
import { html } from '../../http/embed/html.js';
import { flag } from '../../http/embed/options.js';
import {
  eventWhen,
  registerForm,
  stageOf,
  statusNote,
  tagList,
  type Widget,
} from '../../http/embed/parts.js';

/** One event: when, where, its league, its players, and the league's register button. */
export const eventDetailWidget: Widget = {
  name: 'event-detail',
  label: 'Event details',
  gallery: (demo) => [
    {
      what: 'One event. With event="url" it reads the event from the page’s ?event= parameter.',
      data: { event: demo.liveNight },
    },
  ],
  async render(context) {
    const { db, org } = context;
    const event = presentEventDetail(await getPublicEvent(db, org.slug, eventSlug(context)));
    const league =
      event.eventSeries === undefined
        ? undefined
        : presentPublicLeague(await getPublicLeague(db, org.slug, event.eventSeries.slug));
    const register =
      league !== undefined &&
      event.status === 'published' &&
      !flag(context.options.noregister) &&
      stageOf(league, context).registrable
        ? registerForm(org.slug, league)
        : '';
    return html`<h2>${event.title}${statusNote(event)}</h2>
      <dl>
        <dt>When</dt>
        <dd>
          ${eventWhen(event.startDate, context)}${event.endDate === undefined ? '' : html` to ${eventWhen(event.endDate, context)}`}
        </dd>
        ${
          event.courseListSummary === null
            ? ''
            : html`<dt>Course</dt>
                <dd>${event.courseListSummary}</dd>`
        }
        ${
          event.eventSeries === undefined
            ? ''
            : html`<dt>League</dt>
                <dd>${event.eventSeries.name}</dd>`
        }
        <dt>Players</dt>
        <dd>${event.totalPlayers}</dd>
      </dl>
      <p>${tagList(event.tags)}</p>
      ${register}`;
  },
};
