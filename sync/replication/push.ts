/**
 * The push side of a table's replication (admins only): optimistic concurrency against the server's
 * `_modified`, one request per document.
 *
 * For each changed document RxDB hands over the new local state and the server state it was based
 * on (`assumedMasterState`, absent for a new document):
 * - new: insert. A duplicate id means an earlier insert of ours was committed and its answer lost
 *   (ids are made by the client that creates the row), so the local version is applied on top of the
 *   server's row, field by field, leaving what others changed since (see onTopOfExisting): the
 *   server ends with exactly one row.
 * - changed: `update <changed columns> where id = ? and _modified = <assumed _modified>` returning the
 *   row. No row back means the server's row is no longer the one we started from: it is fetched.
 *   The update is retried on top of it when it is our own earlier write: its stamp is one an answer
 *   of ours brought, or every field it changed holds a value an earlier update of this document
 *   sent. The second covers an answer that never arrived (the tab closed or the connection dropped
 *   while the request was out, and the next push starts from the older state); it is why what an
 *   update sends is remembered, in the meta store, before it is sent. Otherwise it is a conflict:
 *   the server's version wins and the local version, when it changed fields that the server's
 *   version does not have, goes to the conflict list. When the stamp did not move at all, row
 *   security filtered our update out: a refusal.
 * - deleted: the same update with `_deleted = true` (the server cascades to dependent rows).
 *
 * Every accepted write answers with the server's row, returned to RxDB as if it were a conflict:
 * RxDB then stores the server's version (its `_modified`, a generated slug) as both the local
 * document and the known server state, so the next edit is checked against the right stamp. The
 * resolved document is offered for push once more; it equals the known server state, so nothing is
 * sent. When the document changed meanwhile, RxDB cannot store the answer; so every server version
 * answered as holding our write (accepted, or found on a retry) is remembered with the version we
 * wrote (ownStamps, ownVersions), and the next push writes the edits made since over the server's
 * row (baseOf, toWrite).
 *
 * Order: rows go one after another, in the order they were written (batches too: see the end),
 * since one may depend on an earlier one (a slug or an e-mail freed by one row and taken by the
 * next). The exception is a bulk edit: consecutive updates that write the same values to the same
 * columns (200 requests approved at once) cannot depend on each other, so a run of them goes in one
 * request, each row on the condition of its own `_modified` (`or=(and(id.eq.…,_modified.eq.…),…)`).
 * A request costs the server far more in its own overhead than in the update: 200 approvals took
 * about 30 s one request each (bench/invitations.ts, on a busy 2-core machine).
 *
 * Failures: see errors.ts. Retryable ones are thrown (RxDB retries the batch; writes already
 * accepted are found equal and skipped), and so is a write that points at a row still on its way
 * (waitForParent). Refusals are recorded with the local data, and the document goes back to the
 * server's version (a refused new document is deleted locally).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { RxReplicationWriteToMasterRow, WithDeleted } from 'rxdb';
import type { SyncDoc, TableName } from '../schema/types.ts';
import { changedFields, docToWrite, explainedBy, rowToDoc, wasSent } from './documents.ts';
import {
  ParentNotYetPushed,
  SyncRequestError,
  classifyFailure,
  failureOf,
  missingParent,
  type ApiFailure,
} from './errors.ts';

type Doc = Record<string, unknown> & { id: string; _deleted?: boolean; modified?: string };

/** A lost local version, for the conflict list. */
export interface LostEdit {
  table: TableName;
  docId: string;
  local: Doc;
  server: Doc;
  base: Doc | null;
  /** Columns the local version changed that the server's version does not have. */
  fields: string[];
}

/** A refused write, for the error list. */
export interface RefusedWrite {
  table: TableName;
  docId: string;
  local: Doc;
  code: string;
  message: string;
}

export interface PushOptions {
  table: TableName;
  client: SupabaseClient;
  /** Every column, as the admin reads them. */
  columns: readonly string[];
  /**
   * Server stamps our own accepted writes produced (or a retry found our write in), by `<table>:<id>`
   * (kept for this session).
   */
  ownStamps: Map<string, string>;
  /** Keeps, before they are sent, the values inserts and updates are about to write (in any tab's reach). */
  rememberSent(writes: readonly { docId: string; values: Record<string, unknown> }[]): Promise<void>;
  /** What earlier inserts and updates of a document not yet known to be on the server sent. */
  sentWrites(docId: string): Promise<Record<string, unknown>[]>;
  /** Whether a local write of the document waits to be pushed. */
  hasLocalWrite(docId: string): Promise<boolean>;
  /** Whether a local write of a row of any table waits to be pushed. */
  waitsToPush(table: string, docId: string): Promise<boolean>;
  onConflict(lost: LostEdit): Promise<void>;
  onRefused(refused: RefusedWrite): Promise<void>;
  /** Throws when there is no signed-in session (the push waits instead of being refused as anon). */
  requireSession(): Promise<void>;
}

export type PushHandler = (
  rows: RxReplicationWriteToMasterRow<SyncDoc<TableName>>[],
) => Promise<WithDeleted<SyncDoc<TableName>>[]>;

const MAX_OWN_RETRIES = 3;

function stripLocal(doc: unknown): Doc {
  const { _meta: _m, _rev: _r, _attachments: _a, ...rest } = doc as Record<string, unknown>;
  return rest as Doc;
}

export function createPushHandler(options: PushOptions): PushHandler {
  const { table, client, ownStamps } = options;
  const select = options.columns.join(',');
  const stampKey = (id: string) => `${table}:${id}`;

  function fail(failure: ApiFailure, what: string): never {
    const kind = classifyFailure(failure);
    throw new SyncRequestError(kind, failure, `${what} ${table}`);
  }

  /** The server's row (as a local document), or null when it does not exist or is not visible. */
  async function fetchRow(id: string): Promise<Doc | null> {
    const { data, error, status } = await client.from(table).select(select).eq('id', id).maybeSingle();
    if (error) fail(failureOf(error, status), 'read');
    return data ? (rowToDoc(table, data as unknown as Record<string, unknown>) as Doc) : null;
  }

  /** The local version whose write put each row's own stamp (ownStamps) on the server, by id. */
  const ownVersions = new Map<string, Doc>();

  /**
   * A server version that holds our write of `pushed`, answered to RxDB: its stamp is kept, and what
   * we wrote, since RxDB cannot store it over a document changed meanwhile (see baseOf).
   */
  function ours(doc: Doc, pushed: Doc): Doc {
    if (doc.modified) {
      ownStamps.set(stampKey(doc.id), doc.modified);
      ownVersions.set(doc.id, pushed);
    }
    return doc;
  }

  function accepted(row: Record<string, unknown>, pushed: Doc): Doc {
    return ours(rowToDoc(table, row) as Doc, pushed);
  }

  /**
   * Throws, for RxDB to send the write again later, when the server refused it for a row it points
   * at that is on its way: a local write of that row waits to be pushed (tables push side by side, so
   * an event made offline can reach the server after its sessions), or it has arrived since.
   */
  async function waitForParent(failure: ApiFailure, local: Doc): Promise<void> {
    const parent = missingParent(failure, table, local);
    if (!parent) return;
    let onItsWay = await options.waitsToPush(parent.table, parent.id);
    if (!onItsWay) {
      const { data, error } = await client.from(parent.table).select('id').eq('id', parent.id).maybeSingle();
      onItsWay = !error && data !== null;
    }
    if (onItsWay) throw new ParentNotYetPushed(table, parent);
  }

  async function refuse(local: Doc, failure: { code: string; message: string }, revertTo: Doc): Promise<Doc> {
    await options.onRefused({ table, docId: local.id, local, code: failure.code, message: failure.message });
    return revertTo;
  }

  /**
   * Whether `server` is `base` with our own earlier updates on it: an answer of ours brought its
   * stamp (and reached us after this edit was made), or what it changed is what we sent (the answer
   * was lost, maybe with the tab that sent it).
   */
  async function isOwnWrite(id: string, base: Doc, server: Doc): Promise<boolean> {
    if (server.modified === ownStamps.get(stampKey(id))) return true;
    return explainedBy(table, base, server, await options.sentWrites(id));
  }

  /**
   * The version to write `local` over: `assumed`, or the server's current row when a write of ours
   * put a newer version there that RxDB could not record (an edit back to `assumed`, made while that
   * write was being sent: see conflictHandlerOf in engine/database.ts), so that the edit back is
   * sent. That row is our write, or a later version on top of it (stamps only grow).
   */
  async function baseOf(local: Doc, assumed: Doc): Promise<Doc> {
    if (!behindOwnWrite(local.id, assumed)) return assumed;
    return (await fetchRow(local.id)) ?? assumed;
  }

  /** Whether a write of ours has put a newer version on the server than `assumed`. */
  function behindOwnWrite(id: string, assumed: Doc): boolean {
    const own = ownStamps.get(stampKey(id));
    return own !== undefined && !!assumed.modified && own > assumed.modified;
  }

  /**
   * What to write of `local` over the server version `base`: every field they differ in; but over the
   * server's row when RxDB could not record a write of ours (see baseOf), `local` is the version we
   * wrote with edits made on it since, and only those edits go (the other fields hold what a trigger
   * or another admin wrote beside ours or after it, which `local`, a copy from before, only seems to
   * take back). `clashes`: edits of fields someone else changed too (any, when the row was deleted).
   */
  function toWrite(local: Doc, assumed: Doc, base: Doc): { fields: string[]; clashes: string[] } {
    const fields = changedFields(table, base, local);
    const written = base !== assumed && behindOwnWrite(local.id, assumed) ? ownVersions.get(local.id) : undefined;
    if (!written) return { fields, clashes: [] };
    const edits = changedFields(table, written, local).filter((field) => fields.includes(field));
    const changedBeside = changedFields(table, written, base);
    if (changedBeside.includes('_deleted')) return { fields: edits, clashes: edits };
    return { fields: edits, clashes: edits.filter((field) => changedBeside.includes(field)) };
  }

  /** Writes `local` over the server row `base` (which must be the server's current version). */
  async function update(local: Doc, assumed: Doc): Promise<Doc | null> {
    let base = await baseOf(local, assumed);
    for (let attempt = 0; ; attempt += 1) {
      const { fields, clashes } = toWrite(local, assumed, base);
      if (clashes.length > 0) {
        await options.onConflict({ table, docId: local.id, local, server: base, base: assumed, fields });
        return base;
      }
      if (fields.length === 0) return base === assumed ? null : ours(base, local);
      const body = docToWrite(table, local, fields);
      await options.rememberSent([{ docId: local.id, values: body }]);
      const { data, error, status } = await client
        .from(table)
        .update(body)
        .eq('id', local.id)
        .eq('_modified', base.modified ?? '')
        .select(select);
      if (error) {
        const failure = failureOf(error, status);
        if (classifyFailure(failure) !== 'refused') fail(failure, 'update');
        await waitForParent(failure, local);
        const current = await fetchRow(local.id);
        return refuse(local, { code: failure.code ?? String(status), message: failure.message }, current ?? base);
      }
      const rows = (data ?? []) as unknown as Record<string, unknown>[];
      if (rows[0]) return accepted(rows[0], local);

      // Nothing updated: find out why.
      const server = await fetchRow(local.id);
      if (!server) {
        return refuse(
          local,
          { code: '42501', message: `The ${table} row no longer exists or you may not change it` },
          { ...base, _deleted: true },
        );
      }
      if (server.modified === base.modified) {
        return refuse(
          local,
          { code: '42501', message: `Row-level security refused the change to this ${table} row` },
          server,
        );
      }
      if (attempt < MAX_OWN_RETRIES && (await isOwnWrite(local.id, base, server))) {
        base = server;
        continue;
      }
      const lost = changedFields(table, server, local);
      const changedLocally = changedFields(table, assumed, local);
      const fieldsLost = changedLocally.filter((field) => lost.includes(field));
      if (fieldsLost.length > 0) {
        await options.onConflict({ table, docId: local.id, local, server, base: assumed, fields: fieldsLost });
        return server;
      }
      // Every field this version changed is on the server as it changed it (our write whose answer
      // was lost, with a trigger's or another admin's changes beside it): ours, for an edit made
      // since, such as one back to the older version.
      return changedLocally.length > 0 ? ours(server, local) : server;
    }
  }

  /**
   * A new document whose id the server holds already (23505): an insert of ours whose answer was
   * lost, or a replica that forgot which server versions it knew (a table's new schema version). A
   * field the server holds as we sent it takes the local value. A field someone else changed since
   * keeps the server's value, and a local value we never sent there (an edit made since) goes to the
   * conflict list. A document never sent from here with no local write waiting is a copy of the
   * server's row, only older: the server's version is taken as it is.
   */
  async function onTopOfExisting(local: Doc, server: Doc): Promise<Doc> {
    const sent = await options.sentWrites(local.id);
    if (sent.length === 0 && !(await options.hasLocalWrite(local.id))) return server;
    const base: Doc = { ...server };
    const lost: string[] = [];
    for (const field of changedFields(table, server, local)) {
      if (wasSent(table, field, server[field], sent)) continue;
      base[field] = local[field];
      if (!wasSent(table, field, local[field], sent)) lost.push(field);
    }
    if (lost.length > 0) await options.onConflict({ table, docId: local.id, local, server, base: null, fields: lost });
    return (await update(local, base)) ?? server;
  }

  async function insert(local: Doc): Promise<Doc | null> {
    if (local._deleted) {
      // Deleted before any push of ours was acknowledged: delete it there too if it got there. But a
      // copy never sent from here with no local write waiting, as a new replication identifier finds
      // the tombstones of deletes pushed long ago, deleted nothing: it takes the server's version as
      // it is (see onTopOfExisting), a row another admin brought back included.
      const server = await fetchRow(local.id);
      if (!server || server._deleted) return null;
      const sent = await options.sentWrites(local.id);
      if (sent.length === 0 && !(await options.hasLocalWrite(local.id))) return server;
      return update(local, server);
    }
    const body = docToWrite(table, local);
    await options.rememberSent([{ docId: local.id, values: body }]);
    const { data, error, status } = await client.from(table).insert(body).select(select);
    if (!error) {
      const rows = (data ?? []) as unknown as Record<string, unknown>[];
      return rows[0] ? accepted(rows[0], local) : null;
    }
    const failure = failureOf(error, status);
    if (classifyFailure(failure) !== 'refused') fail(failure, 'insert');
    await waitForParent(failure, local);
    if (failure.code === '23505') {
      const server = await fetchRow(local.id);
      if (server) return onTopOfExisting(local, server);
    }
    return refuse(
      local,
      { code: failure.code ?? String(status), message: failure.message },
      {
        ...local,
        _deleted: true,
      },
    );
  }

  /**
   * What an update of an existing live row writes (its changed columns and their values), as a key
   * that runs of identical updates share; null for an insert, a delete or nothing to write.
   */
  function sameUpdateKey(local: Doc, assumed: Doc | null): string | null {
    if (!assumed?.modified || local._deleted || assumed._deleted) return null;
    const fields = changedFields(table, assumed, local);
    return fields.length === 0 ? null : JSON.stringify(docToWrite(table, local, fields));
  }

  /**
   * A run of identical updates (`body`) in one request: each row on the condition of its own
   * `_modified`, as `update` sets it for one row. The rows the server took are answered at once; the
   * others (changed meanwhile, gone, refused by row security) take `update`'s way, one by one, which
   * finds out why. A refusal of the whole statement (a check one row fails) does the same for every
   * row, so that the others still go through.
   */
  async function updateRun(run: readonly { local: Doc; assumed: Doc }[], body: Record<string, unknown>) {
    await options.rememberSent(run.map(({ local }) => ({ docId: local.id, values: body })));
    const condition = run
      .map(({ local, assumed }) => `and(id.eq.${local.id},_modified.eq."${assumed.modified ?? ''}")`)
      .join(',');
    const { data, error, status } = await client.from(table).update(body).or(condition).select(select);
    if (error) {
      const failure = failureOf(error, status);
      if (classifyFailure(failure) !== 'refused') fail(failure, 'update');
    }
    const pushed = new Map(run.map(({ local }) => [local.id, local]));
    const taken = new Map(
      ((error ? [] : (data ?? [])) as unknown as Record<string, unknown>[]).map((row) => {
        const doc = accepted(row, pushed.get(row.id as string)!);
        return [doc.id, doc] as const;
      }),
    );
    const answers: (Doc | null)[] = [];
    for (const { local, assumed } of run) answers.push(taken.get(local.id) ?? (await update(local, assumed)));
    return answers;
  }

  async function pushRows(rows: Parameters<PushHandler>[0]): ReturnType<PushHandler> {
    await options.requireSession();
    const writes = rows.map((row) => {
      const local = stripLocal(row.newDocumentState);
      const assumed = row.assumedMasterState ? stripLocal(row.assumedMasterState) : null;
      return { local, assumed, key: sameUpdateKey(local, assumed) };
    });
    const answers: WithDeleted<SyncDoc<TableName>>[] = [];
    const answer = (doc: Doc | null) => {
      if (doc) answers.push({ ...doc, _deleted: Boolean(doc._deleted) } as WithDeleted<SyncDoc<TableName>>);
    };
    for (let start = 0; start < writes.length;) {
      const { local, assumed, key } = writes[start]!;
      let end = start + 1;
      while (key !== null && end < writes.length && writes[end]!.key === key) end += 1;
      if (end - start > 1) {
        const run = writes.slice(start, end) as { local: Doc; assumed: Doc }[];
        for (const doc of await updateRun(run, JSON.parse(key!) as Record<string, unknown>)) answer(doc);
      } else {
        // A known server state without a stamp never reached the server (a document deleted before
        // its first push): treat it as new.
        answer(assumed?.modified ? await update(local, assumed) : await insert(local));
      }
      start = end;
    }
    return answers;
  }

  // RxDB splits a cycle's documents into batches of the push batch size and hands them all over at
  // once: they are sent here one batch after another, in the order they came, so a row never reaches
  // the server before one written earlier (a door's undo before its check-in).
  let previous: Promise<unknown> = Promise.resolve();
  return (rows) => {
    const turn = previous.then(() => pushRows(rows));
    previous = turn.catch(() => undefined);
    return turn;
  };
}
