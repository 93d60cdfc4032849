import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/** Statements issued, and round trips: the times a caller waited with nothing else in flight. */
export interface StatementTally {
  statements: number;
  roundTrips: number;
}

/**
 * Counts the statements a Kysely instance sends (`db.withPlugin(counter)`), and how many
 * round trips they took: statements sent together (`Promise.all`) overlap and count as one
 * wait. The bench reads it around single requests to report what a miss costs; it counts
 * real statements, it does not stand in for the database. A statement that fails is not
 * seen finishing, so counts are exact only for reads that succeed.
 */
export class StatementCounter implements KyselyPlugin {
  private inFlight = 0;
  private tally: StatementTally = { statements: 0, roundTrips: 0 };

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    this.tally.statements += 1;
    if (this.inFlight === 0) this.tally.roundTrips += 1;
    this.inFlight += 1;
    return node;
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.inFlight = Math.max(this.inFlight - 1, 0);
    return Promise.resolve(result);
  }

  /** The counts so far. */
  read(): StatementTally {
    return { ...this.tally };
  }
}
