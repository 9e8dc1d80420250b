/**
 * Limits that keep one request from tying up the server (PostgREST has few of these; a hosted
 * project relies on statement timeouts). Requests beyond them get a 400 PGRST100 and touch nothing.
 */
export const LIMITS = {
  /** Levels of embedded resources below the requested table. */
  maxEmbedDepth: 8,
  /** Select items (columns, stars and embeds) across the whole select tree. */
  maxSelectItems: 500,
  /** Filter conditions (including those inside and/or trees) across the request. */
  maxFilters: 200,
  /** Nesting of and/or/not trees. */
  maxLogicDepth: 10,
  /** Values in one `in.(...)` list. */
  maxInValues: 5000,
  /**
   * Nesting of arrays/objects in a JSON body or filter value. Postgres parses JSON recursively and
   * the embedded PGlite fails badly (not with a clean error) on very deep input.
   */
  maxJsonDepth: 512,
  /** Rows per response when the backend config sets none (PostgREST's db-max-rows; hosted Supabase uses 1000). */
  defaultMaxRows: 1000,
} as const;
