import { getPublicEvent } from '../../services/events.js';
import { getPublicLeague } from '../../services/leagues.js';
import { presentEventDetail } from '../presenters/events.js';
import { presentPublicLeague } from '../presenters/leagues.js';
import { eventSlug } from './events.js';
import { html } from './html.js';
import { flag } from './options.js';
import { eventWhen, registerForm, stageOf, statusNote, tagList, type Widget } from './parts.js';

/** One event: when, where, its league, its players, and the league's register button. */
export const eventDetailWidget: Widget = {
  label: 'Event details',
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
