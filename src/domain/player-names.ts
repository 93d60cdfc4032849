import slugify from 'slugify';

/**
 * How a player's name is searched and turned into a slug (decisions §19): folded to lower
 * case without accents, so that "jose" finds "José" on any database, and the slug of
 * "José Ñúñez" is `jose-nunez`.
 */

/** Lower case, accents removed (the letter is kept, its marks dropped). */
export function foldName(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The folded words of a text: runs of letters and digits. */
export function nameWords(text: string): string[] {
  return foldName(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * The stored search text of a name: each word after a space, so that a search word `w`
 * matches a name word starting with it wherever `like '% w%'` holds.
 */
export function searchName(name: string): string {
  return nameWords(name)
    .map((word) => ` ${word}`)
    .join('');
}

/** What a slug is made of when a name has no letters a slug can hold. */
const FALLBACK_SLUG = 'player';

/**
 * The slug a name asks for before collisions: `sam-snead`, `soren-aero` (slugify spells
 * out letters such as ø and æ that have no accent to drop).
 */
export function slugBase(name: string): string {
  const slug = slugify(name, { lower: true, strict: true }).slice(0, 90).replace(/-+$/, '');
  return slug === '' ? FALLBACK_SLUG : slug;
}

/** The first of `base`, `base-2`, `base-3`, … that is not taken. */
export function freeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) {
    const candidate = `${base}-${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
