import { PUBLIC_BASE_PATH } from '../../src/http/base-paths.js';
import { isHiddenLeague, leagueSlug, orgSlug, type ManyOrgsSizes } from './many-orgs.js';

/** The four reads of the miss bench. */
export const READS = ['league list', 'one league', 'schedule', 'standings'] as const;
export type Read = (typeof READS)[number];

export interface ReadUrl {
  read: Read;
  path: string;
}

/** Every URL of each read, over every org and public league. */
export function readUrls(sizes: ManyOrgsSizes): Record<Read, string[]> {
  const urls: Record<Read, string[]> = {
    'league list': [],
    'one league': [],
    schedule: [],
    standings: [],
  };
  for (let org = 1; org <= sizes.orgs; org += 1) {
    const base = `${PUBLIC_BASE_PATH}/orgs/${orgSlug(org)}`;
    urls['league list'].push(`${base}/event-series`);
    for (let league = 1; league <= sizes.leaguesPerOrg; league += 1) {
      if (isHiddenLeague(league, sizes)) continue;
      const slug = leagueSlug(league);
      urls['one league'].push(`${base}/event-series/${slug}`);
      urls.schedule.push(`${base}/events?eventSeries=${slug}`);
      urls.standings.push(`${base}/event-series/${slug}/standings`);
    }
  }
  return urls;
}

/** A seeded generator (mulberry32): the same run draws the same URLs. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `items` in a seeded random order. */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

/**
 * Draws URLs with Zipf popularity (exponent `s`): the URL of rank r is drawn in proportion
 * to 1 / r^s. Ranks are given to the URLs of every read in a seeded random order.
 */
export class ZipfUrls {
  private readonly ranked: ReadUrl[];
  private readonly cumulative: Float64Array;

  constructor(urls: readonly ReadUrl[], exponent: number, seed: number) {
    const random = seeded(seed);
    this.ranked = shuffled(urls, random);
    this.cumulative = new Float64Array(this.ranked.length);
    let sum = 0;
    for (let rank = 1; rank <= this.ranked.length; rank += 1) {
      sum += 1 / rank ** exponent;
      this.cumulative[rank - 1] = sum;
    }
    this.draw = () => this.at(random() * sum);
  }

  readonly draw: () => ReadUrl;

  /** The URL whose cumulative weight first reaches `point`. */
  private at(point: number): ReadUrl {
    let low = 0;
    let high = this.cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.cumulative[middle] ?? 0) < point) low = middle + 1;
      else high = middle;
    }
    return this.ranked[low] as ReadUrl;
  }

  /** Share of draws that go to each read, from the weights. */
  shareByRead(): Map<string, number> {
    const total = this.cumulative[this.cumulative.length - 1] ?? 1;
    const shares = new Map<string, number>();
    this.ranked.forEach((url, index) => {
      const weight = (this.cumulative[index] ?? 0) - (this.cumulative[index - 1] ?? 0);
      shares.set(url.read, (shares.get(url.read) ?? 0) + weight / total);
    });
    return shares;
  }
}
