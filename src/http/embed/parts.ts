import type { Executor } from '../../db/executor.js';
import type { Org } from '../../db/schema.js';
import { localToday } from '../../domain/dates.js';
import {
  formatDateTime,
  formatDateTimeRange,
  formatDayRange,
  formatMoney,
  leagueStage,
  type LeagueStage,
} from '../../domain/display.js';
import type { EventItem } from '../../resources/events/schema.js';
import type { PublicLeague } from '../../resources/leagues/schema.js';
import { PUBLIC_BASE_PATH } from '../base-paths.js';
import { html, type Html } from './html.js';
import { flag, linkFor, type EmbedOptions } from './options.js';

/** What every widget renders from: the database, the org (its time zone), options, time. */
export interface WidgetContext {
  db: Executor;
  org: Org;
  options: EmbedOptions;
  now: Date;
  /** The service's origin as readers reach it (`PUBLIC_URL`, else the request's). */
  origin: string;
}

/** The demo org's records that the gallery's examples show. */
export interface GalleryDemo {
  league: string;
  liveNight: string;
  bracket: string;
  post: string;
  player: string;
}

/** One tag of the gallery: what it shows and its `data-*` options besides org and widget. */
export interface GalleryExample {
  what: string;
  data: Record<string, string>;
}

export interface Widget {
  /** The name in its URL, `/embed/{name}`, and in the tag's `data-widget`. */
  name: string;
  /** The default heading and frame title. */
  label: string;
  /** Its examples in the gallery, on the demo org. */
  gallery(demo: GalleryDemo): GalleryExample[];
  render(context: WidgetContext): Promise<Html>;
}

/** A league's stage on the org's calendar day. */
export function stageOf(league: PublicLeague, context: WidgetContext): LeagueStage {
  return leagueStage({
    status: league.status,
    registrationOpensAt: league.registrationOpensAt ?? null,
    registrationClosesAt: league.registrationClosesAt ?? null,
    spotsRemaining: league.spotsRemaining,
    entrySize: league.entrySize,
    today: localToday(context.now, context.org.timezone),
  });
}

/** A button that starts something on the hosted site (a registration, a purchase). */
export interface StartAction {
  /** The site route the form posts to without script, in the top window; it answers 303. */
  action: string;
  /** The public API's start operation the script calls; it answers `{ url }`. */
  start: string;
  /** The form's fields for `action`. */
  fields: Readonly<Record<string, string>>;
  /** The button's word, and what it is for (for screen readers). */
  verb: string;
  what: string;
  /** What the widget says when the start fails for a reason other than a refusal (409). */
  failure: string;
}

/**
 * A start button: with script it calls the start operation and sends the top window to the
 * answered page (a refusal shows here); without, the form posts and is redirected.
 */
export function startForm(action: StartAction): Html {
  return html`<form
    class="register"
    method="post"
    action="${action.action}"
    target="_top"
    data-start="${action.start}"
    data-failure="${action.failure}"
  >
    ${Object.entries(action.fields).map(
      ([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`,
    )}
    <button type="submit">
      ${action.verb}<span class="visually-hidden"> ${action.what}</span>
    </button>
    <p data-status aria-live="polite"></p>
  </form>`;
}

/** A league's register button (registration start). */
export function registerForm(orgSlug: string, league: PublicLeague): Html {
  return startForm({
    action: '/embed/register',
    start: `${PUBLIC_BASE_PATH}/orgs/${encodeURIComponent(orgSlug)}/event-series/${league.id}/register/start`,
    fields: { org: orgSlug, league: String(league.id) },
    verb: 'Register',
    what: `for ${league.name}`,
    failure: 'Registration could not start. Please try again.',
  });
}

/** `$150.00 per golfer`, `$300.00 per team`. */
function feeWords(league: PublicLeague): string {
  const per = league.feePerEntry && league.entrySize > 1 ? 'per team' : 'per golfer';
  return `${formatMoney(league.feeMembersCents)} ${per}`;
}

/** One league as a card: crest, name, season, stage, fee, dates and its register button. */
export function leagueCard(league: PublicLeague, context: WidgetContext): Html {
  const stage = stageOf(league, context);
  const dates =
    league.startDate === undefined
      ? null
      : formatDayRange(league.startDate, league.endDate ?? league.startDate);
  const register =
    stage.registrable && !flag(context.options.noregister)
      ? registerForm(context.org.slug, league)
      : '';
  return html`<article class="card" aria-label="${league.name}">
    <img src="${league.seriesImageUrl}" alt="" width="56" height="56" />
    <div>
      <h2>${itemTitle(league.name, league.slug, context)}</h2>
      <p class="muted">
        ${league.seasonLabel}${league.scheduleLabel === undefined ? '' : ` · ${league.scheduleLabel}`}
      </p>
      <p class="stage">${stage.words}</p>
      <p>${feeWords(league)}${dates === null ? '' : html` · ${dates}`}</p>
      ${league.description === undefined ? '' : html`<p class="muted">${league.description}</p>`}
      ${register}
    </div>
  </article>`;
}

/**
 * An item's title, linking to the host site's page for it when the `link` option names one
 * (else to `fallback`, when given), in the top window: the club's own page, not the frame.
 */
export function itemTitle(
  text: string,
  slug: string,
  context: WidgetContext,
  fallback?: string,
): Html {
  const href = linkFor(context.options.link, slug) ?? fallback;
  return href === undefined ? html`${text}` : html`<a href="${href}" target="_top">${text}</a>`;
}

/** An instant (ISO 8601) in the org's time zone, as a `<time>`; with its end, the range. */
export function eventWhen(instant: string, context: WidgetContext, end?: string): Html {
  const { timezone } = context.org;
  const words =
    end === undefined
      ? formatDateTime(new Date(instant), timezone, context.now)
      : formatDateTimeRange(new Date(instant), new Date(end), timezone, context.now);
  return html`<time datetime="${instant}">${words}</time>`;
}

export function tagList(tags: readonly string[]): Html {
  if (tags.length === 0) return html``;
  return html`<span class="visually-hidden">Tags:</span>
    ${tags.map((tag) => html`<span class="tag">${tag}</span>`)}`;
}

/** `Canceled` for a canceled event, nothing otherwise. */
export function statusNote(event: Pick<EventItem, 'status'>): Html {
  return event.status === 'canceled' ? html` <strong>Canceled</strong>` : html``;
}
