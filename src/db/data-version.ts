/**
 * A number that moves whenever committed data may have changed: on every change this
 * process commits and, with PostgreSQL, on every change another process commits. What was
 * derived from the data at one version is current only while the version stays the same.
 */
export class DataVersion {
  #value = 0;
  #reliable: boolean;
  readonly #listeners = new Set<() => void>();

  /** `reliable` is false while changes made elsewhere could go unheard. */
  constructor(reliable = true) {
    this.#reliable = reliable;
  }

  get current(): number {
    return this.#value;
  }

  /** Whether every committed change is known to move the version right now. */
  get reliable(): boolean {
    return this.#reliable;
  }

  bump(): void {
    this.#value += 1;
    for (const listener of this.#listeners) listener();
  }

  /**
   * Calls `listener` on every move, synchronously: it should only note that something
   * changed. Returns what stops the calls.
   */
  onChange(listener: () => void): () => void {
    const own = () => listener();
    this.#listeners.add(own);
    return () => this.#listeners.delete(own);
  }

  setReliable(reliable: boolean): void {
    this.#reliable = reliable;
    this.bump();
  }
}
