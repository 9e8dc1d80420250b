/**
 * The RxDB schemas derived from the migrations obey RxDB's own schema rules (as its dev-mode checks
 * them), and every schema change comes with a version bump, or RxDB would refuse to open a browser's
 * existing database.
 */
import { describe, expect, it } from 'vitest';
import { checkSchema } from 'rxdb/plugins/dev-mode';
import { collectionSchema, schemaFingerprint, SCHEMA_VERSIONS, upgradeDocument } from './rx-schemas.ts';
import { TABLE_NAMES } from './types.ts';

describe('RxDB collection schemas', () => {
  it.each(TABLE_NAMES)('%s passes RxDB schema checks', (table) => {
    expect(() => checkSchema(collectionSchema(table))).not.toThrow();
  });

  it('keeps e-mail optional so a replica filled with the anon key can hold attendees', () => {
    expect(collectionSchema('attendees').required).not.toContain('email');
    expect(collectionSchema('attendees').properties).toHaveProperty('email');
  });

  it.each(TABLE_NAMES)('%s: a changed schema has a new version (bump SCHEMA_VERSIONS, see rx-schemas.ts)', (table) => {
    expect(schemaFingerprint(table), `fingerprint of ${table} v${SCHEMA_VERSIONS[table].version}`).toBe(
      SCHEMA_VERSIONS[table].fingerprint,
    );
  });

  it('carries an old document over to a new schema: known columns kept, new ones defaulted, gone ones dropped', () => {
    const old = { id: 'x', name: 'Gold', removed_column: 1, modified: 'm', _deleted: false };
    expect(upgradeDocument('sponsor_tiers', old)).toEqual({
      id: 'x',
      name: 'Gold',
      color: '#000000',
      display_order: 0,
      modified: 'm',
      _deleted: false,
    });
  });
});
