import {
  BinaryOperationNode,
  createQueryId,
  OperationNodeTransformer,
  PrimitiveValueListNode,
  ValueListNode,
  ValueNode,
} from 'kysely';
import type {
  Compilable,
  CompiledQuery,
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RawBuilder,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import type { Executor } from './executor.js';
import { preparedText } from './prepared-statements.js';

/** Stands for one of a query's values while the query's shape is built and compiled. */
class ValueSlot {
  constructor(readonly name: string) {}
}

/** A constant the query's text can hold as it is: a string, a boolean or an integer. */
function isWritable(value: unknown): boolean {
  return typeof value === 'string' || typeof value === 'boolean' || Number.isSafeInteger(value);
}

/**
 * Writes a shape's constants (the statuses a public read shows, a `limit 1`) into its text,
 * escaped by Kysely's compiler, and leaves only the call's values as parameters. PostgreSQL
 * plans a prepared statement for its parameters' values each time until a plan made without
 * them looks as cheap; with the statuses as parameters a schedule's never did, so it was
 * planned again on every run (on PGlite, in the service's own thread), and the plan made
 * without them would have read every event of every org.
 */
class ConstantsInText extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    return node.immediate !== true && isWritable(node.value)
      ? ValueNode.createImmediate(node.value)
      : node;
  }

  protected override transformBinaryOperation(node: BinaryOperationNode): BinaryOperationNode {
    const transformed = super.transformBinaryOperation(node);
    const right = transformed.rightOperand;
    if (!PrimitiveValueListNode.is(right) || !right.values.every(isWritable)) return transformed;
    return BinaryOperationNode.create(
      transformed.leftOperand,
      transformed.operator,
      ValueListNode.create(right.values.map((value) => ValueNode.createImmediate(value))),
    );
  }
}

/** Applies `ConstantsInText` as a shape is compiled. */
const constantsInText: KyselyPlugin = {
  transformQuery: ({ node }: PluginTransformQueryArgs) => new ConstantsInText().transformNode(node),
  transformResult: ({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> =>
    Promise.resolve(result),
};

/**
 * A compiled shape: its text marked as prepared, its tree, and per parameter a slot to fill
 * or a constant.
 */
interface CompiledShape {
  sql: string;
  query: RootOperationNode;
  parameters: readonly unknown[];
}

/**
 * A query (a read, or a write whose text never varies) built and compiled once per shape,
 * then only bound to each call's values: building a Kysely query and compiling it cost a
 * public read more CPU than any other single part of the service's own work on a miss.
 * `build` gets the shape (what decides the statement's text: which filters are present, the
 * sort direction) as real values, and the values to bind as stand-ins it may only pass on as
 * parameters, never test or spread; `keyOf` names each shape, so the text is fixed per key
 * and runs as a prepared statement. The shape's own constants are written into the text
 * (`ConstantsInText`), so that the statement is planned once.
 */
export function preparedQueryShapes<S, V extends object, R>(
  keyOf: (shape: S) => string,
  build: (db: Executor, shape: S, values: V) => Compilable<R>,
): (db: Executor, shape: S, values: V) => Promise<R[]> {
  const shapes = new Map<string, CompiledShape>();
  return async (db, shape, values) => {
    const key = keyOf(shape);
    let compiled = shapes.get(key);
    if (compiled === undefined) {
      const stand = Object.fromEntries(
        Object.keys(values).map((name) => [name, new ValueSlot(name)]),
      ) as V;
      // Compiled without the caller's plugins: they see each run below, once.
      const query = build(db.withoutPlugins().withPlugin(constantsInText), shape, stand).compile();
      compiled = { sql: preparedText(query.sql), query: query.query, parameters: query.parameters };
      shapes.set(key, compiled);
    }
    const bound = values as Record<string, unknown>;
    const queryId = createQueryId();
    // Plugins (the bench's statement counter) see every statement run, not only the first.
    const query = db.getExecutor().transformQuery(compiled.query, queryId);
    const run: CompiledQuery<R> = {
      sql: compiled.sql,
      query,
      queryId,
      parameters: compiled.parameters.map((parameter) =>
        parameter instanceof ValueSlot ? bound[parameter.name] : parameter,
      ),
    };
    return (await db.executeQuery(run)).rows;
  };
}

/** A query whose statement's text never varies: built and compiled once, bound per call. */
export function preparedQuery<V extends object, R>(
  build: (db: Executor, values: V) => Compilable<R>,
): (db: Executor, values: V) => Promise<R[]> {
  const query = preparedQueryShapes<null, V, R>(
    () => '',
    (db, _shape, values) => build(db, values),
  );
  return (db, values) => query(db, null, values);
}

/**
 * A query written in SQL (a `sql` template) whose text never varies: compiled once, bound
 * per call, as `preparedQuery`. Lists of values are array parameters (`= any(${ids}::integer[])`)
 * so that the text stays the same whatever their length.
 */
export function preparedSql<V extends object, R>(
  build: (values: V) => RawBuilder<R>,
): (db: Executor, values: V) => Promise<R[]> {
  return preparedQuery<V, R>((db, values) => {
    const raw = build(values);
    return { compile: () => raw.compile(db) };
  });
}
