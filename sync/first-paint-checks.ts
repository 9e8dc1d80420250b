/**
 * What a first-paint read (./first-paint.ts) checks its answers against: zod/mini objects of the
 * columns anon may read, from the generated table descriptor. A module of its own, which
 * first-paint.ts imports beside its first request, so that zod is no part of a public page's
 * start-up (docs/decisions/030-zod-after-the-start.md).
 */
import * as z from 'zod/mini';
import type { ColumnDescriptor } from './schema/descriptor.ts';
import { anonReadableColumns, type TableName } from './schema/types.ts';

/** One schema per column kind, shared by every column of that kind: schemas are immutable, and each costs time to make. */
const columnSchemas = new Map<string, z.ZodMiniType>();

function columnSchema(column: ColumnDescriptor): z.ZodMiniType {
  const key = `${column.kind}:${column.nullable}`;
  const known = columnSchemas.get(key);
  if (known) return known;
  const base =
    column.kind === 'integer'
      ? z.number()
      : column.kind === 'boolean'
        ? z.boolean()
        : column.kind === 'text[]'
          ? z.array(z.string())
          : z.string();
  const schema = column.nullable ? z.nullable(base) : base;
  columnSchemas.set(key, schema);
  return schema;
}

/** A zod/mini object of some columns of a table (all anon may read when none are named). */
function rowShape(table: TableName, only?: readonly string[]): Record<string, z.ZodMiniType> {
  const shape: Record<string, z.ZodMiniType> = {};
  for (const [name, column] of anonReadableColumns(table, only)) shape[name] = columnSchema(column);
  return shape;
}

/** Built on first use: a page checks one or two kinds of answer, not all of them. */
function once<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}

const attendee = once(() => z.nullable(z.object(rowShape('attendees'))));

/** An event page's one answer: the event with everything its page shows, embedded. */
export const eventPages = once(() =>
  z.array(
    z.object({
      ...rowShape('events'),
      event_gallery: z.array(z.object(rowShape('event_gallery'))),
      event_sponsors: z.array(
        z.object({
          ...rowShape('event_sponsors'),
          sponsors_library: z.nullable(z.object(rowShape('sponsors_library'))),
          sponsor_tiers: z.nullable(z.object(rowShape('sponsor_tiers'))),
        }),
      ),
      sessions: z.array(
        z.object({
          ...rowShape('sessions'),
          session_speakers: z.array(z.object({ ...rowShape('session_speakers'), attendees: attendee() })),
        }),
      ),
      event_attendees: z.array(z.object({ ...rowShape('event_attendees'), attendees: attendee() })),
      testimonials: z.array(z.object(rowShape('testimonials'))),
      videos: z.array(z.object(rowShape('videos'))),
    }),
  ),
);

/** Past attendances, each with its attendee. */
export const pastAttendances = once(() => z.array(z.object({ attendee_id: z.string(), attendees: attendee() })));

const tableRows = new Map<string, z.ZodMiniType>();

/** Rows of one table: the columns anon may read, or those of them named. */
export function rowsOf(table: TableName, only?: readonly string[]): z.ZodMiniType {
  const key = `${table}:${only?.join(',') ?? '*'}`;
  let schema = tableRows.get(key);
  if (!schema) tableRows.set(key, (schema = z.array(z.object(rowShape(table, only)))));
  return schema;
}
