import { describe, expect, it } from 'vitest';
import { initialsOf, present, splitPriorities } from './priorities.ts';

describe('attendee profile texts', () => {
  it('splits priorities on commas into trimmed bullets, skipping blanks', () => {
    expect(splitPriorities(' Data governance, AI adoption ,, Talent ')).toEqual([
      'Data governance',
      'AI adoption',
      'Talent',
    ]);
    expect(splitPriorities(null)).toEqual([]);
    expect(splitPriorities(' , ')).toEqual([]);
  });

  it('makes initials from the first and last name', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('  grace  brewster murray hopper ')).toBe('GH');
    expect(initialsOf('Plato')).toBe('P');
    expect(initialsOf('')).toBe('');
  });

  it('treats blank text as missing', () => {
    expect(present('  ')).toBe(false);
    expect(present(null)).toBe(false);
    expect(present('x')).toBe(true);
  });
});
