import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

const PREPARED = new WeakMap<Db, Map<string, unknown>>();
const PLANNED_ONCE = new WeakMap<Db, Db>();

/**
 * Where statements prepared for `db` run when planned once: a handle on the same database
 * whose sessions keep one generic plan per prepared statement (openPostgres, decision 068).
 * Without one (PGlite, which prepares nothing by name), they run on `db` itself.
 */
export function planOnceOn(db: Db, plannedOnce: Db): void {
  PLANNED_ONCE.set(db, plannedOnce);
}

/** The handle statements prepared for `db` are planned once on (planOnceOn), else `db`. */
export function plannedOnceHandle(db: Db): Db {
  return PLANNED_ONCE.get(db) ?? db;
}

/**
 * A statement of fixed shape, built once per database handle and prepared by name on each
 * connection (decision 061): calls made on every staff request (the staff guard, a list's
 * totals, the rows of a page) are then neither built by Drizzle nor planned by PostgreSQL
 * again. At a million rows planning a page's read cost PostgreSQL more than running it
 * (0.6 ms of 1 ms), and building it a quarter of the server's time for a list call.
 *
 * Only for statements whose best plan does not depend on the values: they are planned once,
 * for all values (decision 068). One whose best plan would depend on a value stays unnamed,
 * planned for the values at hand (the searches). Not inside a transaction: the prepared
 * statement runs on the handle it was built from.
 */
export function prepared<T>(db: Db, name: string, build: (db: Db) => T): T {
  let statements = PREPARED.get(db);
  if (!statements) PREPARED.set(db, (statements = new Map()));
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(plannedOnceHandle(db));
    statements.set(name, statement);
  }
  return statement;
}

const BUILT_ONCE = new WeakMap<Db, Map<string, unknown>>();

/**
 * A statement whose best plan depends on its values (a search, or filters combined, decision
 * 068), built by Drizzle once per database handle and shape, then sent unnamed with each call's
 * values on the main pool (`.prepare('')` sends no statement name): PostgreSQL parses and plans
 * it for the values at hand every time, and the server no longer builds its text every time
 * (about 0.1 ms of the server's thread a call for the audit view's filters, decision 073).
 */
export function builtOnce<T>(db: Db, shape: string, build: (db: Db) => T): T {
  let statements = BUILT_ONCE.get(db);
  if (!statements) BUILT_ONCE.set(db, (statements = new Map()));
  let statement = statements.get(shape) as T | undefined;
  if (statement === undefined) {
    statement = build(db);
    statements.set(shape, statement);
  }
  return statement;
}

/**
 * `column = any($ids)`: one parameter for a page's ids, however many, so the statement that
 * reads a page's rows has one shape (`inArray` writes a parameter per id). Execute with
 * `{ ids }`.
 */
export function idsPlaceholder(column: AnyColumn, type: 'uuid' | 'bigint' = 'uuid'): SQL {
  return sql`${column} = any(${sql.placeholder('ids')}::${sql.raw(type)}[])`;
}

/**
 * What a prepared `idsPlaceholder` statement reads for a page's ids: the ids given, or those a
 * query of `{ id }` rows found. No ids, no statement.
 */
export async function rowsByIds<Row, Id extends string | number>(
  statement: { execute(values: { ids: Id[] }): Promise<Row[]> },
  ids: Id[] | PromiseLike<{ id: Id }[]>,
): Promise<Row[]> {
  const list = Array.isArray(ids) ? ids : (await ids).map((row) => row.id);
  return list.length ? statement.execute({ ids: list }) : [];
}
