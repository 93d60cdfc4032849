import pg from 'pg';

/**
 * What pg's `Query` keeps of a statement's rows once their RowDescription has come: the
 * columns, a parser for each and the empty row each row starts from.
 */
interface RowShape {
  fields: unknown;
  _parsers: unknown;
  _prebuiltEmptyResultObject: unknown;
}

/** pg's wire connection, as far as a query is sent on it. */
interface WireConnection {
  parse(message: { text: string; name: string; types: unknown }): void;
  bind(message: Record<string, unknown>): void;
  submittedNamedStatements: Record<string, string>;
}

/** The members of pg's `Query` (pg 8) used here besides its typed ones. */
interface QueryInternals {
  name: string;
  text: string;
  values: unknown[];
  portal: string;
  binary: boolean | undefined;
  rows: number | undefined;
  types: unknown;
  callback: (error: Error | null, result: pg.QueryResult) => void;
  _result: RowShape;
  _accumulateRows: boolean;
  hasBeenParsed(connection: WireConnection): boolean;
  _getRows(connection: WireConnection, rows: number | undefined): void;
}

const prepareValue = (pg as unknown as { utils: { prepareValue: (value: unknown) => unknown } })
  .utils.prepareValue;

/** The row shape of each named statement a connection has run, by statement name. */
const shapesByConnection = new WeakMap<WireConnection, Map<string, RowShape>>();

/**
 * A named prepared statement whose rows are described once per connection. pg asks the server
 * to describe a statement's rows on every execution, and builds a parser per column from the
 * answer every time: 9–16 µs of the client's CPU per execution of a one-row read of 23 columns
 * (docs/benchmarks.md). A named statement's columns are fixed for the life of the connection
 * it was prepared on (the server refuses to run it once they would change), so from its
 * second execution the shape learnt from the first is reused and no Describe is sent.
 * Statements that return no rows are described every time, as before.
 */
class DescribedOnceQuery extends pg.Query {
  #connection: WireConnection | undefined;

  /**
   * Given the text, not a config object: pg copies a config object through its property
   * descriptors, 3.3 % of a one-league miss in a profile of the service.
   */
  constructor(name: string, text: string, values: unknown[], callback: QueryInternals['callback']) {
    super(text, values);
    const query = this as unknown as QueryInternals;
    query.name = name;
    query.callback = callback;
  }

  /** pg's `prepare`, with the Describe left out once the connection knows the rows' shape. */
  prepare(connection: WireConnection): void {
    const query = this as unknown as QueryInternals;
    this.#connection = connection;
    const shape = shapesByConnection.get(connection)?.get(query.name);
    if (shape === undefined) {
      (pg.Query.prototype as unknown as { prepare(c: WireConnection): void }).prepare.call(
        this,
        connection,
      );
      return;
    }
    if (!query.hasBeenParsed(connection)) {
      connection.parse({ text: query.text, name: query.name, types: query.types });
      connection.submittedNamedStatements[query.name] = query.text;
    }
    // The values are already as they are sent (see `queryDescribedOnce`).
    connection.bind({
      portal: query.portal,
      statement: query.name,
      values: query.values,
      binary: query.binary,
    });
    Object.assign(query._result, shape);
    query._accumulateRows = true;
    query._getRows(connection, query.rows);
  }

  handleRowDescription(message: unknown): void {
    (
      pg.Query.prototype as unknown as { handleRowDescription(m: unknown): void }
    ).handleRowDescription.call(this, message);
    const connection = this.#connection;
    if (connection === undefined) return;
    const { _result: result, name } = this as unknown as QueryInternals;
    let shapes = shapesByConnection.get(connection);
    if (shapes === undefined) {
      shapes = new Map();
      shapesByConnection.set(connection, shapes);
    }
    shapes.set(name, {
      fields: result.fields,
      _parsers: result._parsers,
      _prebuiltEmptyResultObject: result._prebuiltEmptyResultObject,
    });
  }
}

/**
 * Runs a named prepared statement on a client, its rows described once per connection. The
 * values are turned into what is sent before anything is: one that cannot be fails the query
 * alone. (pg would send the statement's Close instead, and then take the statement for
 * still prepared on that connection: its every later run would fail.)
 */
export function queryDescribedOnce(
  client: pg.ClientBase,
  name: string,
  text: string,
  values: readonly unknown[] | undefined,
): Promise<pg.QueryResult> {
  let sent: unknown[];
  try {
    sent = (values ?? []).map((value) => prepareValue(value));
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
  return new Promise((resolve, reject) => {
    client.query(
      new DescribedOnceQuery(name, text, sent, (error, result) => {
        if (error === null) resolve(result);
        else reject(error);
      }),
    );
  });
}
