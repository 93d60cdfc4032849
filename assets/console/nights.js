// Nights and events: the club's events of every status, and a new night with its course.
import {
  CONSOLE,
  api,
  clock,
  el,
  fill,
  netSettings,
  numbers,
  onSubmit,
  options,
  orgPath,
  page,
  row,
} from './api.js';

async function load() {
  const [{ body }, { body: leagues }] = await Promise.all([
    api('GET', orgPath('/events?limit=100')),
    api('GET', orgPath('/event-series?limit=100')),
  ]);
  fill(
    'events',
    body.events.map((event) =>
      row(
        el('a', { href: `${CONSOLE}/night?id=${event.id}` }, event.title),
        clock(event.startDate),
        event.status,
      ),
    ),
  );
  options('league', leagues.leagues, (league) => league.name, 'No league');
}

onSubmit('create-event', async (values) => {
  const { title, slug, league, startDate, courseName, pars } = values;
  const { body } = await api('POST', orgPath('/events'), {
    ...netSettings(values),
    title,
    slug,
    eventType: 'league-night',
    status: 'published',
    // The browser's local date-time field has no offset: the API reads it on the club's clock.
    startDate,
    eventSeriesId: league === '' ? null : Number(league),
    courseName: courseName === '' ? null : courseName,
    pars: numbers(pars),
  });
  window.location.assign(`${CONSOLE}/night?id=${body.id}`);
});

void page(load);
