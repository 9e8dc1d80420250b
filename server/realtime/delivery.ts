/**
 * Delivery applies row security per subscriber, as hosted Supabase does. For every change and
 * every channel with a matching binding, the row is read again UNDER THAT SUBSCRIBER'S ROLE AND
 * CLAIMS, in a read-only transaction, selecting only the columns the role may select: Postgres
 * decides what it sees, so anon never gets an attendee's e-mail and a non-admin never gets a row
 * of an admin-only table. A row the subscriber cannot see sends nothing. Binding filters are
 * evaluated in the same query.
 *
 * Channels with the same identity (role and claims) share one query per table and batch.
 * The row sent is the row as it is when read, which for a burst of writes may already include a
 * later change (the later change's event follows). Rows are read, so an INSERT or UPDATE of a row
 * that is gone by then sends nothing; its DELETE follows.
 *
 * A hard-deleted row cannot be read again. Its DELETE carries the primary key only (as hosted
 * sends without replica identity full) and goes only to subscribers that may select the key
 * columns and whose SELECT policies, evaluated on a row holding only that key (every other column
 * unknown, so NULL), let it through. That is conservative: a policy that depends on other columns
 * keeps the event from the subscriber, and a subscriber that may read no row of the table gets
 * none. Filters on a DELETE see the same key-only row, so only key filters can match it.
 */
import type { Database, Queryable, RequestContext } from '../db/database.ts';
import { logError } from '../log.ts';
import type { ChangeType, TableChange } from './change-feed.ts';
import { bindingCovers, bindingProblem, conditionsSql, type PostgresBinding } from './subscriptions.ts';
import {
  qualifiedName,
  quoteIdent,
  type ColumnInfo,
  type RoleAccess,
  type TableAccess,
  type TableInfo,
} from './table-access.ts';

/** Who a channel acts as: its verified token's role and claims. */
export interface Identity {
  /** Equal for channels whose reads would be identical (same role and claims). */
  key: string;
  context: RequestContext;
}

/** The `data` of a postgres_changes message, in the shape realtime-js reads. */
export interface ChangeData {
  schema: string;
  table: string;
  commit_timestamp: string;
  type: ChangeType;
  columns: { name: string; type: string }[];
  record?: Record<string, unknown>;
  old_record?: Record<string, unknown>;
  errors: null;
}

/** One joined channel as delivery sees it. */
export interface Subscriber {
  identity: Identity;
  /** Bindings that passed their checks for this identity. */
  bindings: readonly PostgresBinding[];
  send(message: { ids: number[]; data: ChangeData }): void;
}

/** What one identity may be told about one change. */
interface Outcome {
  record: Record<string, unknown> | null;
  oldRecord: Record<string, unknown> | null;
  columns: ColumnInfo[];
  /** Ids of the group's bindings whose filter the row passes. */
  matched: Set<number>;
}

interface Group {
  schema: string;
  table: string;
  identity: Identity;
  changes: TableChange[];
  bindings: Map<number, PostgresBinding>;
}

interface Candidate {
  change: TableChange;
  subscriber: Subscriber;
  groupKey: string;
  bindings: PostgresBinding[];
}

/** Identity groups read at the same time (PGlite queues them anyway; PostgreSQL has a pool). */
const PARALLEL_READS = 4;

function pick(record: Record<string, unknown>, columns: readonly string[]): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const column of columns) if (column in record) picked[column] = record[column];
  return picked;
}

function isPrivilegeError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '42501';
}

export class Delivery {
  constructor(
    private readonly db: Database,
    private readonly access: TableAccess,
  ) {}

  /** Sends each change to every subscriber allowed to see it, in the order of `changes`. */
  async deliver(changes: readonly TableChange[], subscribers: readonly Subscriber[]): Promise<void> {
    const groups = new Map<string, Group>();
    const candidates: Candidate[] = [];
    for (const change of changes) {
      for (const subscriber of subscribers) {
        const bindings = subscriber.bindings.filter((binding) => bindingCovers(binding, change));
        if (bindings.length === 0) continue;
        const groupKey = `${change.schema}\u0000${change.table}\u0000${subscriber.identity.key}`;
        let group = groups.get(groupKey);
        if (!group) {
          group = {
            schema: change.schema,
            table: change.table,
            identity: subscriber.identity,
            changes: [],
            bindings: new Map(),
          };
          groups.set(groupKey, group);
        }
        if (group.changes.at(-1) !== change) group.changes.push(change);
        for (const binding of bindings) group.bindings.set(binding.id, binding);
        candidates.push({ change, subscriber, groupKey, bindings });
      }
    }
    if (candidates.length === 0) return;

    const outcomes = new Map<string, Map<number, Outcome>>();
    const entries = [...groups.entries()];
    for (let i = 0; i < entries.length; i += PARALLEL_READS) {
      await Promise.all(
        entries.slice(i, i + PARALLEL_READS).map(async ([key, group]) => outcomes.set(key, await this.evaluate(group))),
      );
    }

    for (const { change, subscriber, groupKey, bindings } of candidates) {
      const outcome = outcomes.get(groupKey)?.get(change.seq);
      if (!outcome) continue;
      // Bindings that asked for different columns get separate messages; the rest share one.
      const bySelection = new Map<string, PostgresBinding[]>();
      for (const binding of bindings) {
        if (!outcome.matched.has(binding.id)) continue;
        const selection = binding.select?.join('\u0000') ?? '*';
        bySelection.set(selection, [...(bySelection.get(selection) ?? []), binding]);
      }
      for (const matched of bySelection.values()) {
        const select = matched[0]?.select ?? null;
        subscriber.send({ ids: matched.map((b) => b.id), data: changeData(change, outcome, select) });
      }
    }
  }

  /** Reads a group's changes under its identity; a failure means its subscribers get nothing. */
  private async evaluate(group: Group): Promise<Map<number, Outcome>> {
    const outcomes = new Map<number, Outcome>();
    let info: TableInfo | null;
    let access: RoleAccess | null;
    try {
      info = await this.access.table(group.schema, group.table);
      access = await this.access.forRole(group.schema, group.table, group.identity.context.role);
    } catch (error) {
      logError(`realtime: reading the catalog of ${group.schema}.${group.table} failed: ${String(error)}`);
      return outcomes;
    }
    if (!info || !access || !access.keySelectable) return outcomes;
    const bindings = [...group.bindings.values()].filter((b) => bindingProblem(b, info, access) === null);
    if (bindings.length === 0) return outcomes;

    const writes = group.changes.filter((c) => c.type !== 'DELETE' && c.key);
    const deletes = group.changes.filter((c) => c.type === 'DELETE' && c.oldKey);
    await Promise.all([
      writes.length > 0
        ? this.guarded(group, () => this.readRows(group, info, access, bindings, writes, outcomes))
        : null,
      deletes.length > 0 && access.visibility !== null
        ? this.guarded(group, () => this.checkDeletes(group, info, access, bindings, deletes, outcomes))
        : null,
    ]);
    return outcomes;
  }

  private async guarded(group: Group, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      // A grant revoked since the catalog was read: read it again next time.
      if (isPrivilegeError(error)) this.access.invalidate();
      logError(
        `realtime: reading ${group.schema}.${group.table} as ${group.identity.context.role} failed: ${String(error)}`,
      );
    }
  }

  private inTransaction<T>(group: Group, work: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.db.transaction({ ...group.identity.context, readOnly: true }, work);
  }

  /** INSERT and UPDATE: the rows as the subscriber may see them, with each binding's filter result. */
  private async readRows(
    group: Group,
    info: TableInfo,
    access: RoleAccess,
    bindings: readonly PostgresBinding[],
    changes: readonly TableChange[],
    outcomes: Map<number, Outcome>,
  ): Promise<void> {
    const columns = new Map(info.columns.map((c) => [c.name, c]));
    const params: unknown[] = [JSON.stringify(changes.map((change, i) => ({ i, k: change.key })))];
    const filtered = bindings.filter((b) => b.conditions.length > 0);
    const flags = filtered.map(
      (b, n) => `coalesce((${conditionsSql(b.conditions, 't', columns, params)}), false) as m${n}`,
    );
    const selected = access.selectable.map((c) => `t.${quoteIdent(c.name)}`).join(', ');
    const keyJoin = info.keyColumns.map((k) => `t.${quoteIdent(k)} = p.${quoteIdent(k)}`).join(' and ');
    const relation = qualifiedName(info.schema, info.table);
    const sql = `
      select q.i as i, (select row_to_json(r) from (select ${selected}) as r) as record${flags.map((f) => `, ${f}`).join('')}
        from jsonb_to_recordset($1::jsonb) as q(i int, k jsonb)
        cross join lateral jsonb_populate_record(null::${relation}, q.k) as p
        join ${relation} as t on ${keyJoin}`;
    const { rows } = await this.inTransaction(group, (tx) => tx.query<Record<string, unknown>>(sql, params));
    for (const row of rows) {
      const change = changes[Number(row.i)];
      if (!change) continue;
      const matched = new Set(bindings.filter((b) => b.conditions.length === 0).map((b) => b.id));
      filtered.forEach((b, n) => {
        if (row[`m${n}`] === true) matched.add(b.id);
      });
      const record =
        typeof row.record === 'string'
          ? (JSON.parse(row.record) as Record<string, unknown>)
          : (row.record as Record<string, unknown>);
      outcomes.set(change.seq, {
        record,
        oldRecord: change.type === 'UPDATE' && change.oldKey ? pick(change.oldKey, info.keyColumns) : null,
        columns: access.selectable,
        matched,
      });
    }
  }

  /** DELETE: the subscriber's SELECT policies and filters, evaluated on a row holding only the key. */
  private async checkDeletes(
    group: Group,
    info: TableInfo,
    access: RoleAccess,
    bindings: readonly PostgresBinding[],
    changes: readonly TableChange[],
    outcomes: Map<number, Outcome>,
  ): Promise<void> {
    const columns = new Map(info.columns.map((c) => [c.name, c]));
    const filtered = bindings.filter((b) => b.conditions.length > 0);
    const visibleRows = new Map<number, Set<number>>();
    if (access.visibility === 'true' && filtered.length === 0) {
      changes.forEach((_, i) => visibleRows.set(i, new Set()));
    } else {
      // The row is aliased as the table, so policy expressions that name it still resolve.
      const alias = quoteIdent(info.table);
      const params: unknown[] = [JSON.stringify(changes.map((change, i) => ({ __rt_i: i, __rt_k: change.oldKey })))];
      const flags = filtered.map(
        (b, n) => `coalesce((${conditionsSql(b.conditions, alias, columns, params)}), false) as m${n}`,
      );
      const sql = `
        select q.__rt_i as i, coalesce((${access.visibility}), false) as visible${flags.map((f) => `, ${f}`).join('')}
          from jsonb_to_recordset($1::jsonb) as q(__rt_i int, __rt_k jsonb)
          cross join lateral jsonb_populate_record(null::${qualifiedName(info.schema, info.table)}, q.__rt_k) as ${alias}`;
      const { rows } = await this.inTransaction(group, (tx) => tx.query<Record<string, unknown>>(sql, params));
      for (const row of rows) {
        if (row.visible !== true) continue;
        const passed = new Set<number>();
        filtered.forEach((b, n) => {
          if (row[`m${n}`] === true) passed.add(b.id);
        });
        visibleRows.set(Number(row.i), passed);
      }
    }
    for (const [i, passed] of visibleRows) {
      const change = changes[i];
      if (!change?.oldKey) continue;
      const matched = new Set([...bindings.filter((b) => b.conditions.length === 0).map((b) => b.id), ...passed]);
      outcomes.set(change.seq, {
        record: null,
        oldRecord: pick(change.oldKey, info.keyColumns),
        columns: access.selectable,
        matched,
      });
    }
  }
}

/** The message body for one change, limited to `select` when the binding asked for columns. */
function changeData(change: TableChange, outcome: Outcome, select: readonly string[] | null): ChangeData {
  const columns = select ? outcome.columns.filter((c) => select.includes(c.name)) : outcome.columns;
  const names = columns.map((c) => c.name);
  const data: ChangeData = {
    schema: change.schema,
    table: change.table,
    commit_timestamp: change.commitTimestamp,
    type: change.type,
    columns: columns.map((c) => ({ name: c.name, type: c.typeName })),
    errors: null,
  };
  if (change.type !== 'DELETE' && outcome.record) data.record = select ? pick(outcome.record, names) : outcome.record;
  if (change.type !== 'INSERT' && outcome.oldRecord) {
    data.old_record = select ? pick(outcome.oldRecord, names) : outcome.oldRecord;
  }
  return data;
}
