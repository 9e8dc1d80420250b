/**
 * The relationships PostgREST infers between the relations of the exposed schema, read from the
 * catalog's foreign keys: many-to-one from each key (one-to-one when the key columns are unique),
 * its inverse one-to-many, many-to-many through a junction table whose primary key holds both keys,
 * and the same again for views that show the key columns unchanged (views inherit the keys of their
 * table). relationships.ts then picks among them for an embed.
 */
import type { ConstraintRow, Relationship, TableInfo } from './schema-cache.ts';
import { viewColumnSources } from './view-lineage.ts';

function sameColumns(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((column) => b.includes(column));
}

/** Foreign keys as many-to-one (or one-to-one) relationships, including those that views inherit. */
function foreignKeyRelationships(
  tablesByOid: Map<number, TableInfo>,
  constraints: ConstraintRow[],
  viewSources: { view: number; action: string }[],
): Relationship[] {
  const columnName = (table: TableInfo, attnum: number) => table.columnList.find((c) => c.attnum === attnum)?.name;

  // For every base table: the views that show some of its columns unchanged, with the renaming.
  const exposures = new Map<number, { view: TableInfo; rename: Map<string, string> }[]>();
  for (const { view: viewOid, action } of viewSources) {
    const view = tablesByOid.get(viewOid);
    if (!view) continue;
    const byTable = new Map<number, Map<string, string>>();
    for (const source of viewColumnSources(action)) {
      const base = tablesByOid.get(source.tableOid);
      const baseColumn = base && columnName(base, source.tableAttnum);
      const viewColumn = columnName(view, source.viewAttnum);
      if (!base || !baseColumn || !viewColumn || base.oid === view.oid) continue;
      const rename = byTable.get(base.oid) ?? new Map<string, string>();
      if (!rename.has(baseColumn)) rename.set(baseColumn, viewColumn);
      byTable.set(base.oid, rename);
    }
    for (const [baseOid, rename] of byTable) {
      const list = exposures.get(baseOid) ?? [];
      list.push({ view, rename });
      exposures.set(baseOid, list);
    }
  }
  // Views inherit the keys of their table when they show all its key columns.
  for (const [baseOid, list] of exposures) {
    const base = tablesByOid.get(baseOid)!;
    for (const { view, rename } of list) {
      const mapKey = (cols: string[]) => (cols.every((c) => rename.has(c)) ? cols.map((c) => rename.get(c)!) : null);
      if (view.primaryKey.length === 0 && base.primaryKey.length) {
        const pk = mapKey(base.primaryKey);
        if (pk) view.primaryKey = pk;
      }
      for (const unique of base.uniqueKeys) {
        const mapped = mapKey(unique);
        if (mapped) view.uniqueKeys.push(mapped);
      }
    }
  }

  const relationships: Relationship[] = [];
  for (const constraint of constraints) {
    if (constraint.contype !== 'f') continue;
    const table = tablesByOid.get(constraint.conrelid);
    const foreign = tablesByOid.get(constraint.confrelid);
    if (!table || !foreign || table.kind === 'composite' || foreign.kind === 'composite') continue;
    const cols = constraint.cols.map((attnum) => columnName(table, attnum));
    const fcols = constraint.fcols.map((attnum) => columnName(foreign, attnum));
    if (cols.some((c) => !c) || fcols.some((c) => !c)) continue;
    const pairs = cols.map((c, i) => [c!, fcols[i]!] as [string, string]);
    // Every combination of the table or a view over it with the foreign table or a view over it.
    const sides = (base: TableInfo, used: string[]) => [
      { relation: base, rename: (c: string) => c },
      ...(exposures.get(base.oid) ?? [])
        .filter(({ rename }) => used.every((c) => rename.has(c)))
        .map(({ view, rename }) => ({ relation: view, rename: (c: string) => rename.get(c)! })),
    ];
    for (const source of sides(
      table,
      pairs.map((p) => p[0]),
    )) {
      for (const target of sides(
        foreign,
        pairs.map((p) => p[1]),
      )) {
        const columns = pairs.map(([c, f]) => [source.rename(c), target.rename(f)] as [string, string]);
        const keyColumns = columns.map((p) => p[0]);
        const unique = source.relation.uniqueKeys.some((key) => sameColumns(key, keyColumns));
        relationships.push({
          table: source.relation.name,
          foreignTable: target.relation.name,
          cardinality: unique ? 'one-to-one' : 'many-to-one',
          constraint: constraint.conname,
          columns,
          holdsKey: true,
          isSelf: source.relation.name === target.relation.name,
          foreignIsView: target.relation.kind !== 'table',
        });
      }
    }
  }
  return relationships;
}

function inverse(rel: Relationship, tables: Map<string, TableInfo>): Relationship {
  return {
    table: rel.foreignTable,
    foreignTable: rel.table,
    cardinality: rel.cardinality === 'one-to-one' ? 'one-to-one' : 'one-to-many',
    constraint: rel.constraint,
    columns: rel.columns.map(([c, f]) => [f, c]),
    holdsKey: false,
    isSelf: rel.isSelf,
    foreignIsView: (tables.get(rel.table)?.kind ?? 'table') !== 'table',
  };
}

/** Many-to-many through a junction whose two foreign keys are part of its primary key. */
function junctionRelationships(manyToOne: Relationship[], tables: Map<string, TableInfo>): Relationship[] {
  const result: Relationship[] = [];
  for (const first of manyToOne) {
    for (const second of manyToOne) {
      if (first.table !== second.table || first.constraint === second.constraint) continue;
      const junction = tables.get(first.table);
      if (!junction) continue;
      const keyColumns = [...first.columns.map((p) => p[0]), ...second.columns.map((p) => p[0])];
      if (!keyColumns.every((c) => junction.primaryKey.includes(c))) continue;
      result.push({
        table: first.foreignTable,
        foreignTable: second.foreignTable,
        cardinality: 'many-to-many',
        constraint: first.constraint,
        columns: [],
        holdsKey: false,
        isSelf: first.foreignTable === second.foreignTable,
        foreignIsView: (tables.get(second.foreignTable)?.kind ?? 'table') !== 'table',
        junction: {
          table: junction.name,
          constraint1: first.constraint,
          constraint2: second.constraint,
          sourceColumns: first.columns.map(([j, t]) => [j, t]),
          targetColumns: second.columns.map(([j, t]) => [j, t]),
        },
      });
    }
  }
  return result;
}

/** Every relationship of the schema, keyed by the relation embedded from. */
export function inferRelationships(
  tablesByOid: Map<number, TableInfo>,
  tables: Map<string, TableInfo>,
  constraints: ConstraintRow[],
  viewSources: { view: number; action: string }[],
): Map<string, Relationship[]> {
  const manyToOne = foreignKeyRelationships(tablesByOid, constraints, viewSources);
  const all = [
    ...manyToOne,
    ...manyToOne.map((rel) => inverse(rel, tables)),
    ...junctionRelationships(manyToOne, tables),
  ];
  const relationships = new Map<string, Relationship[]>();
  for (const rel of all) {
    const list = relationships.get(rel.table) ?? [];
    list.push(rel);
    relationships.set(rel.table, list);
  }
  return relationships;
}
