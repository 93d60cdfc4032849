import type { Touched } from './change-announcements.js';

/**
 * Numbers that move whenever committed data may have changed: on every change this process
 * commits and, with PostgreSQL, on every change another process commits. `current` moves on
 * every change; `ofOrg(slug)` and `ofOrgId(id)` only on the changes that touched that org
 * (or may have touched anything). What was derived from an org's data at one version is current only while its
 * version stays the same.
 */
export class DataVersion {
  #value = 0;
  #reliable: boolean;
  /** `#value` at the last change that may have touched anything. */
  #allAt = 0;
  /** `#value` at the last change of each org since the last change of anything: by slug, by id. */
  readonly #slugAt = new Map<string, number>();
  readonly #idAt = new Map<number, number>();
  readonly #listeners = new Set<(touched: Touched) => void>();

  /** `reliable` is false while changes made elsewhere could go unheard. */
  constructor(reliable = true) {
    this.#reliable = reliable;
  }

  /** Moves on every change, whatever it touched. */
  get current(): number {
    return this.#value;
  }

  /** The version of one org's data, by its slug (as URLs name it); without one, `current`. */
  ofOrg(slug: string | undefined): number {
    if (slug === undefined) return this.#value;
    return Math.max(this.#slugAt.get(slug) ?? 0, this.#allAt);
  }

  /** The version of one org's data, by its id (as rows name it). */
  ofOrgId(id: number): number {
    return Math.max(this.#idAt.get(id) ?? 0, this.#allAt);
  }

  /** Whether every committed change is known to move the version right now. */
  get reliable(): boolean {
    return this.#reliable;
  }

  bump(touched: Touched = 'all'): void {
    this.#value += 1;
    if (touched === 'all') {
      this.#allAt = this.#value;
      // Every org's version is now at least `#allAt`: what was noted is no longer needed.
      this.#slugAt.clear();
      this.#idAt.clear();
    } else {
      for (const org of touched) {
        this.#slugAt.set(org.slug, this.#value);
        this.#idAt.set(org.id, this.#value);
      }
    }
    for (const listener of this.#listeners) listener(touched);
  }

  /**
   * Calls `listener` on every move, synchronously, with what the change touched: it should
   * only note that something changed. Returns what stops the calls.
   */
  onChange(listener: (touched: Touched) => void): () => void {
    const own = (touched: Touched) => listener(touched);
    this.#listeners.add(own);
    return () => this.#listeners.delete(own);
  }

  setReliable(reliable: boolean): void {
    this.#reliable = reliable;
    this.bump();
  }
}
