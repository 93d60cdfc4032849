import Type, { type Static } from 'typebox';
import { parseHexColour } from '../../domain/colours.js';

const Option = Type.Optional(Type.String({ maxLength: 200 }));

/**
 * The options a widget page reads (the loader's `data-*` attributes, dashed names in
 * camelCase). All are text: a widget ignores a value it cannot use rather than failing a
 * club's page. Named here, they also key the response cache.
 */
export const EmbedQuery = Type.Object({
  org: Option,
  title: Option,
  accent: Option,
  filter: Option,
  tags: Option,
  tag: Option,
  league: Option,
  series: Option,
  season: Option,
  actions: Option,
  noregister: Option,
  limit: Option,
  event: Option,
  bracket: Option,
  /** A player's slug (the player widget). */
  player: Option,
  post: Option,
  posts: Option,
  preset: Option,
  link: Option,
  layout: Option,
  calendar: Option,
  /** `american` shows fair odds as `+250` / `-150` (the odds widget). */
  format: Option,
});
export type EmbedOptions = Static<typeof EmbedQuery>;

/** A flag is on when present (`data-noregister` alone gives ""), unless "0" or "false". */
export function flag(value: string | undefined): boolean {
  return value !== undefined && value !== '0' && value !== 'false';
}

/** A positive whole number within `max`, or undefined for anything else. */
export function positiveInteger(value: string | undefined, max: number): number | undefined {
  if (value === undefined || !/^\d{1,10}$/.test(value)) return undefined;
  const number = Number(value);
  return number >= 1 && number <= max ? number : undefined;
}

/** Where `link` puts an item's slug. */
const SLUG_SLOT = '{slug}';

/**
 * The `link` option when it is usable: an http(s) URL or a root-relative path holding
 * `{slug}`. Anything else (another scheme such as `javascript:`, a protocol-relative or
 * backslashed path, no slot) is ignored.
 */
export function linkTemplate(value: string | undefined): string | undefined {
  if (value === undefined || !value.includes(SLUG_SLOT) || /[\\\s]/.test(value)) return undefined;
  if (value.startsWith('/')) return value.startsWith('//') ? undefined : value;
  try {
    const { protocol } = new URL(value.replaceAll(SLUG_SLOT, 'slug'));
    return protocol === 'https:' || protocol === 'http:' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The `link` option's page for one item, its slug URL-encoded; undefined without a usable link. */
export function linkFor(value: string | undefined, slug: string): string | undefined {
  return linkTemplate(value)?.replaceAll(SLUG_SLOT, encodeURIComponent(slug));
}

/** The accent without its `#` when it is a `#rrggbb` colour, in lower case. */
export function accentHex(value: string | undefined): string | undefined {
  if (value === undefined || parseHexColour(value) === null) return undefined;
  return value.slice(1).toLowerCase();
}

/** The options carried over to another page of the same widget (the season picker). */
export const KEPT_OPTIONS = ['org', 'title', 'accent'] as const;
