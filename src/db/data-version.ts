/**
 * A number that moves whenever committed data may have changed: on every write this process
 * commits and, with PostgreSQL, on every change another process announces. What was derived
 * from the data at one version is current only while the version stays the same.
 */
export class DataVersion {
  private value = 0;
  private trusted: boolean;

  /** `trusted` is false while changes made elsewhere could go unannounced. */
  constructor(trusted = true) {
    this.trusted = trusted;
  }

  get current(): number {
    return this.value;
  }

  /** Whether every committed change is known to move the version right now. */
  get reliable(): boolean {
    return this.trusted;
  }

  bump(): void {
    this.value += 1;
  }

  setReliable(reliable: boolean): void {
    this.trusted = reliable;
    this.bump();
  }
}
