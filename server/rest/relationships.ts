/**
 * Picks the relationship an embed means (`select=*,authors(*)`, `authors!books_author_id_fkey(*)`,
 * `author_id(*)`), following PostgREST's rules: by table name, constraint name or foreign-key
 * column, narrowed by a hint; none is PGRST200, several is PGRST201 with the candidates listed.
 */
import { ambiguousRelationship, noRelationship, type JsonValue } from './errors.ts';
import { closest } from './fuzzy.ts';
import type { Relationship, SchemaCache } from './schema-cache.ts';

function singleColumn(rel: Relationship): [string, string] | undefined {
  return rel.columns.length === 1 ? rel.columns[0] : undefined;
}

function matchesOriginColumn(name: string, rel: Relationship): boolean {
  return rel.cardinality !== 'many-to-many' && singleColumn(rel)?.[0] === name;
}

function matchesTargetColumn(name: string, rel: Relationship): boolean {
  return rel.cardinality !== 'many-to-many' && singleColumn(rel)?.[1] === name;
}

function matchesConstraint(name: string, rel: Relationship): boolean {
  return rel.cardinality !== 'many-to-many' && rel.constraint === name;
}

function matchesJunction(name: string, rel: Relationship): boolean {
  return rel.cardinality === 'many-to-many' && rel.junction?.table === name;
}

function candidates(rels: Relationship[], target: string, hint: string | undefined): Relationship[] {
  return rels.filter((rel) => {
    if (rel.isSelf) {
      // One foreign key gives both directions: `children:family(*)` is the one-to-many and
      // `parent(*)` (the key column) the many-to-one.
      if (!hint) {
        return (
          (target === rel.foreignTable && rel.cardinality === 'one-to-many') ||
          (rel.cardinality === 'many-to-one' && matchesOriginColumn(target, rel))
        );
      }
      // With a hint, the one-to-many named by the referencing column: `reports:staff!manager_id(*)`.
      return (
        target === rel.foreignTable &&
        ((rel.cardinality === 'one-to-many' && matchesTargetColumn(hint, rel)) || matchesJunction(hint, rel))
      );
    }
    if (!hint) {
      return (
        target === rel.foreignTable ||
        (!rel.foreignIsView && matchesConstraint(target, rel)) ||
        (!rel.foreignIsView && rel.holdsKey && matchesOriginColumn(target, rel))
      );
    }
    return (
      target === rel.foreignTable &&
      (matchesConstraint(hint, rel) ||
        matchesOriginColumn(hint, rel) ||
        matchesTargetColumn(hint, rel) ||
        matchesJunction(hint, rel))
    );
  });
}

function describe(rel: Relationship): JsonValue {
  const list = (cols: string[]) => `(${cols.join(', ')})`;
  if (rel.cardinality === 'many-to-many' && rel.junction) {
    const j = rel.junction;
    return {
      cardinality: 'many-to-many',
      embedding: `${rel.table} with ${rel.foreignTable}`,
      relationship: `${j.table} using ${j.constraint1}${list(j.sourceColumns.map((p) => p[0]))} and ${j.constraint2}${list(j.targetColumns.map((p) => p[0]))}`,
    };
  }
  return {
    cardinality: rel.cardinality,
    embedding: `${rel.table} with ${rel.foreignTable}`,
    relationship: `${rel.constraint} using ${rel.table}${list(rel.columns.map((p) => p[0]))} and ${rel.foreignTable}${list(rel.columns.map((p) => p[1]))}`,
  };
}

function hintFor(rel: Relationship): string {
  return `'${rel.foreignTable}!${rel.cardinality === 'many-to-many' ? rel.junction!.table : rel.constraint}'`;
}

/** The relationship that `origin?select=target!hint(...)` embeds. */
export function findRelationship(cache: SchemaCache, origin: string, target: string, hint?: string): Relationship {
  const rels = cache.relationships.get(origin);
  const found = candidates(rels ?? [], target, hint);
  if (found.length === 1) return found[0]!;
  if (found.length > 1) {
    throw ambiguousRelationship(origin, target, found.map(describe), found.map(hintFor));
  }
  let suggestion: string | null = null;
  if (rels) {
    const child = closest(target, new Set(rels.map((rel) => rel.foreignTable)), 0.4, 1);
    if (child) suggestion = `Perhaps you meant '${child}' instead of '${target}'.`;
  } else {
    const parent = closest(origin, cache.relationships.keys());
    if (parent) suggestion = `Perhaps you meant '${parent}' instead of '${origin}'.`;
  }
  throw noRelationship(origin, target, hint, suggestion);
}

/** True when the embed yields one object (or null) rather than an array. */
export function isToOne(rel: Relationship): boolean {
  return rel.cardinality === 'many-to-one' || rel.cardinality === 'one-to-one';
}
