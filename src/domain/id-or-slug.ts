/**
 * A league or an event named in an admin path (decisions §23) by its id or its slug: digits
 * alone are the id, anything else the slug within the path's org.
 */
export type IdOrSlug = number | string;

/** The id an id-or-slug names by itself (digits alone), or undefined for a slug. */
export function idOfRef(ref: IdOrSlug): number | undefined {
  if (typeof ref === 'number') return ref;
  return /^[0-9]+$/.test(ref) ? Number(ref) : undefined;
}
