import {
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

/** How many statement texts stay prepared; the least recently used one is closed beyond it. */
const PGLITE_STATEMENT_CACHE = 256;

type Statement = { name: string; paramTypes: number[] };

const { serialize } = protocol;

/** Statement names are unique per process, so two wrappers of one PGlite never collide. */
let statementsMade = 0;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

type Parsers = PGlite['parsers'];

/**
 * PGlite's parsers with the caller's on top. parseResults would copy all of PGlite's parsers (318
 * type ids) into a new object for every query that brings its own, as drizzle's always do: about
 * 70 µs a query on this machine. An object whose prototype holds PGlite's answers the same lookups
 * for the cost of the caller's few entries.
 */
function withOverrides(base: Parsers, overrides: QueryOptions['parsers']): Parsers {
  if (!overrides) return base;
  return Object.assign(Object.create(base) as Parsers, overrides);
}

/**
 * The embedded database as drizzle sees it, with every statement text prepared once.
 *
 * PGlite's own `query` parses and plans each statement anew and makes six calls into the WASM
 * engine (parse, describe, bind, describe, execute, sync). Here a statement text is parsed once
 * into a named server-side statement; after that a query is one call: bind, execute, sync. On the
 * history page this halves the database time (docs/decisions/0006-one-statement-history-page.md).
 *
 * Only top-level queries take this path. Transactions go to PGlite as they are (its transaction
 * object queries the plain way), and queries wait for a running transaction exactly as PGlite's own
 * `query` does, through the same two locks.
 */
export class PreparedPglite {
  readonly #pg: PGlite;
  readonly #max: number;
  /** Statement text → its server-side statement; Map order is recency (oldest first). */
  readonly #statements = new Map<string, Statement>();

  constructor(pg: PGlite, max = PGLITE_STATEMENT_CACHE) {
    this.#pg = pg;
    this.#max = max;
  }

  get preparedCount(): number {
    return this.#statements.size;
  }

  async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    const pg = this.#pg;
    await pg._checkReady();
    return pg._runExclusiveTransaction(() =>
      pg._runExclusiveQuery(() => this.#run<T>(text, params, options)),
    );
  }

  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.#pg.transaction(callback);
  }

  exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.#pg.exec(text, options);
  }

  close(): Promise<void> {
    return this.#pg.close();
  }

  async #run<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    const statement = this.#statements.get(text) ?? (await this.#prepare(text, options));
    // Refresh recency: delete and re-insert moves it to the end of the Map.
    this.#statements.delete(text);
    this.#statements.set(text, statement);
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = statement.paramTypes[i] ?? 0;
      const serializer = options?.serializers?.[oid] ?? this.#pg.serializers[oid];
      // No serializer: text, numbers and the like, which PGlite itself sends as their string form.
      // eslint-disable-next-line @typescript-eslint/no-base-to-string -- the same fallback as PGlite's query
      return serializer ? serializer(param) : String(param);
    });
    // One call: a failure anywhere still reaches Sync, so the engine is idle again when this throws.
    const { messages } = await this.#pg.execProtocol(
      concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
    const [result] = parse.parseResults(
      messages,
      withOverrides(this.#pg.parsers, options?.parsers),
      options?.rowMode ? { rowMode: options.rowMode } : undefined,
    );
    if (!result) throw new Error('PGlite returned no result for a prepared statement');
    return result as Results<T>;
  }

  async #prepare(text: string, options: QueryOptions | undefined): Promise<Statement> {
    statementsMade += 1;
    const name = `stoop_s${statementsMade}`;
    const evicted = this.#statements.size >= this.#max ? this.#statements.entries().next().value : undefined;
    const parts = [
      serialize.parse({ name, text, types: options?.paramTypes ?? [] }),
      serialize.describe({ type: 'S', name }),
    ];
    if (evicted) parts.push(serialize.close({ type: 'S', name: evicted[1].name }));
    parts.push(serialize.sync());
    const { messages } = await this.#pg.execProtocol(concat(parts), { syncToFs: false });
    if (evicted) this.#statements.delete(evicted[0]);
    return { name, paramTypes: parse.parseDescribeStatementResults(messages) };
  }
}
