/**
 * The shape of `tables.generated.ts`: what `scripts/generate-sync-schema.ts` reads from the
 * migrated database for every replicated table. The SQL migrations are the one source of truth;
 * the RxDB schemas, the document types and the zod schemas in this folder derive from this
 * descriptor, and `drift.test.ts` fails when the committed file no longer matches the migrations.
 */

/** Postgres column types the replicated tables use, as the sync engine sees them. */
export type ColumnKind = 'uuid' | 'text' | 'timestamptz' | 'integer' | 'boolean' | 'text[]';

/** A pattern a value must match, as found in a CHECK constraint or a validation function. */
export interface PatternCheck {
  /** A JavaScript regular expression source (POSIX classes already translated). */
  readonly source: string;
  readonly ignoreCase: boolean;
}

export interface ColumnDescriptor {
  readonly kind: ColumnKind;
  /** True when the column accepts NULL. */
  readonly nullable: boolean;
  /**
   * What the database fills in when an insert omits the column: a literal value (written into the
   * RxDB schema as its default), 'server' for an expression the client cannot reproduce
   * (`now()`, `gen_random_uuid()`), or null when there is none.
   */
  readonly default: string | number | boolean | readonly string[] | 'server' | null;
  /** True when the anonymous role may select the column (docs/decisions/002-attendee-email.md). */
  readonly anonCanRead: boolean;
  /** Longest text (or, for text[], longest item) a CHECK constraint allows. */
  readonly maxLength?: number;
  /** Most items of a text[] a CHECK constraint allows. */
  readonly maxItems?: number;
  /** A CHECK requires a non-blank value (`btrim(x) <> ''`). */
  readonly notBlank?: boolean;
  /** A CHECK requires a non-empty value (`x <> ''`). */
  readonly notEmpty?: boolean;
  /** A CHECK allows only these values. */
  readonly oneOf?: readonly string[];
  readonly minimum?: number;
  readonly maximum?: number;
  /** The value must match one of these (or be '' when `emptyAllowed`). */
  readonly patterns?: readonly PatternCheck[];
  readonly emptyAllowed?: boolean;
  /** Validation function named by the CHECK (`private.is_safe_url` gives 'safe_url'). */
  readonly format?: string;
}

export interface TableDescriptor {
  /**
   * True when anon may read none of its columns: only the admin's replica holds the table, so a
   * visitor's database neither opens it nor waits for it (docs/decisions/018-invitations-and-door-data.md).
   */
  readonly adminOnly?: boolean;
  /** Columns in table order, including `_modified` and `_deleted`. */
  readonly columns: Readonly<Record<string, ColumnDescriptor>>;
}
