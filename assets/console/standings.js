// Standings: the club's series, their seasons and posted results; new series and seasons.
import { api, el, onSubmit, orgPath, page, row, say } from './api.js';

function table(caption, heads, rows) {
  return el(
    'table',
    {},
    el('caption', {}, caption),
    el('thead', {}, el('tr', {}, ...heads.map((head) => el('th', { scope: 'col' }, head)))),
    el('tbody', {}, ...rows),
  );
}

function seasonForm(series) {
  const id = `season-${series.id}`;
  const field = (name, label, type) =>
    el(
      'p',
      { class: 'field' },
      el('label', { for: `${id}-${name}` }, label),
      el('input', { id: `${id}-${name}`, name, type, required: '' }),
    );
  const form = el(
    'form',
    {},
    field('name', `New season of ${series.name}`, 'text'),
    field('startDate', 'First day', 'date'),
    field('endDate', 'Last day', 'date'),
    el('p', {}, el('button', { type: 'submit' }, 'Add season')),
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const values = Object.fromEntries(new FormData(form).entries());
    try {
      await api('POST', orgPath(`/standing-series/${series.id}/seasons`), values);
      await load();
      say(`Season ${values.name} added.`);
    } catch (error) {
      say(error.message);
    }
  });
  return form;
}

async function load() {
  const [{ body }, { body: events }] = await Promise.all([
    api('GET', orgPath('/standing-series?limit=100')),
    api('GET', orgPath('/events?limit=100')),
  ]);
  // A result names its night by id; the organizer knows it by its title.
  const titles = new Map(events.events.map((event) => [event.id, event.title]));
  const sections = await Promise.all(
    body.standingSeries.map(async ({ id }) => {
      const { body: series } = await api('GET', orgPath(`/standing-series/${id}`));
      return el(
        'section',
        { class: 'card' },
        el('h2', {}, `${series.name} (${series.scope})`),
        table(
          `Seasons of ${series.name}`,
          ['Season', 'From', 'To'],
          series.seasons.map((season) => row(season.name, season.startDate, season.endDate)),
        ),
        table(
          `Results posted to ${series.name}`,
          ['Name', 'Place', 'Points', 'Night'],
          series.results.map((result) =>
            row(
              result.name,
              String(result.position),
              String(result.points),
              titles.get(result.eventId) ?? `Night ${result.eventId}`,
            ),
          ),
        ),
        seasonForm(series),
      );
    }),
  );
  document.getElementById('series').replaceChildren(...sections);
}

onSubmit('create-series', async ({ seriesName, scope }) => {
  await api('POST', orgPath('/standing-series'), { name: seriesName, scope });
  await load();
  return `Series ${seriesName} created.`;
});

void page(load);
