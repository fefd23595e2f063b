import { CompiledQuery, type Kysely, type RawBuilder, type Transaction, sql } from 'kysely';
import type { Db } from './connection.js';
import type { Database } from './types.js';

/**
 * SQLite has no writable CTEs, so several writes cannot be one statement the way PostgreSQL runs
 * them. A procedure stands in: a temporary view with the procedure's columns whose INSTEAD OF INSERT
 * trigger runs the procedure's statements, each reading the inserted row's values as `new.<column>`.
 * One INSERT into the view then runs all of them as one statement: one call into the driver, and
 * atomic (a RAISE(ABORT) in the body, or any failure, takes back every write the statement made).
 *
 * Temporary objects belong to the connection (SQLite has one per process here) and are made from
 * this code on first use, so they never outlive the code that defines them: no migration, and a
 * restart makes them afresh.
 */
export interface SqliteProcedure<C extends string> {
  /** The view's name (the trigger is `<name>_run`). */
  name: string;
  columns: readonly C[];
  /**
   * The statements, each ending in `;`, with `column(c)` standing for the value of column `c`.
   * It must compile without parameters: a trigger's statements take none (use `sql.lit`).
   */
  body: (db: Db, column: (c: C) => RawBuilder<never>) => RawBuilder<unknown>;
}

const installed = new WeakMap<Db, Map<string, Promise<void>>>();

/** Makes the procedure's view and trigger on this connection once (again after a failed attempt). */
export function installProcedure<C extends string>(db: Db, procedure: SqliteProcedure<C>): Promise<void> {
  const made = installed.get(db) ?? new Map<string, Promise<void>>();
  installed.set(db, made);
  let ready = made.get(procedure.name);
  if (!ready) {
    ready = install(db, procedure);
    made.set(procedure.name, ready);
    ready.catch(() => made.delete(procedure.name));
  }
  return ready;
}

async function install<C extends string>(db: Db, procedure: SqliteProcedure<C>): Promise<void> {
  const view = sql.id(procedure.name);
  const columns = sql.join(procedure.columns.map((c) => sql.id(c)));
  const nulls = sql.join(procedure.columns.map(() => sql`null`));
  const body = procedure.body(db, (c) => sql<never>`new.${sql.id(c)}`);
  const trigger = sql`create temp trigger if not exists ${sql.id(`${procedure.name}_run`)} instead of insert on ${view}
    begin ${body} end`.compile(db.kysely);
  if (trigger.parameters.length > 0) throw new Error(`the body of procedure ${procedure.name} has parameters`);
  await sql`create temp view if not exists ${view} (${columns}) as select ${nulls} where 0`.execute(db.kysely);
  await sql.raw(trigger.sql).execute(db.kysely);
}

/**
 * Runs the procedure with these values, or once for each of several rows of them: one INSERT into
 * its view. Install it first, outside any transaction (a transaction rolled back would take the
 * view with it).
 */
export async function callProcedure<C extends string>(
  executor: Kysely<Database> | Transaction<Database>,
  procedure: SqliteProcedure<C>,
  values: Record<C, unknown> | Array<Record<C, unknown>>,
): Promise<void> {
  const rows = Array.isArray(values) ? values : [values];
  const parameters: unknown[] = [];
  for (const row of rows) for (const c of procedure.columns) parameters.push(row[c]);
  await executor.executeQuery(CompiledQuery.raw(callText(procedure, rows.length), parameters));
}

// The INSERT's text for each procedure and row count, built once: building it through the query
// builder for every call cost more CPU than SQLite's run of the whole procedure.
const callTexts = new WeakMap<SqliteProcedure<string>, Map<number, string>>();
function callText(procedure: SqliteProcedure<string>, rowCount: number): string {
  const texts = callTexts.get(procedure) ?? new Map<number, string>();
  callTexts.set(procedure, texts);
  let text = texts.get(rowCount);
  if (text === undefined) {
    const row = `(${procedure.columns.map(() => '?').join(', ')})`;
    const columns = procedure.columns.map((c) => `"${c}"`).join(', ');
    text = `insert into "${procedure.name}" (${columns}) values ${Array.from({ length: rowCount }, () => row).join(', ')}`;
    texts.set(rowCount, text);
  }
  return text;
}

/** Whether an error is the procedure's own RAISE(ABORT, message). */
export function isRaised(error: unknown, message: string): boolean {
  return (error as { code?: unknown } | null)?.code === 'SQLITE_CONSTRAINT_TRIGGER' && (error as Error).message === message;
}
