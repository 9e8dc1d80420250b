import { describe, expect, it } from 'vitest';
import {
  BADGE_LAYOUTS,
  badgeLayoutOf,
  badgeNameSize,
  badgePages,
  badgePrintCss,
  badgesPerPage,
} from './badge-layout.ts';

describe('badge layouts', () => {
  it('reads the layout from the address, the label by default', () => {
    expect(badgeLayoutOf('a4')).toBe('a4');
    expect(badgeLayoutOf('label')).toBe('label');
    expect(badgeLayoutOf(undefined)).toBe('label');
    expect(badgeLayoutOf('letter')).toBe('label');
  });

  it('prints one badge per label and eight per A4 sheet', () => {
    expect(badgesPerPage(BADGE_LAYOUTS.label)).toBe(1);
    expect(badgesPerPage(BADGE_LAYOUTS.a4)).toBe(8);
  });

  it('cuts the guests into pages in order', () => {
    const guests = Array.from({ length: 17 }, (_, index) => index);
    expect(badgePages(guests, BADGE_LAYOUTS.a4)).toEqual([
      [0, 1, 2, 3, 4, 5, 6, 7],
      [8, 9, 10, 11, 12, 13, 14, 15],
      [16],
    ]);
    expect(badgePages(guests, BADGE_LAYOUTS.label)).toHaveLength(17);
    expect(badgePages([], BADGE_LAYOUTS.a4)).toEqual([]);
  });

  it('fits the A4 badges on the sheet', () => {
    const { a4 } = BADGE_LAYOUTS;
    expect(a4.columns * Number.parseFloat(a4.badge.width)).toBeLessThanOrEqual(Number.parseFloat(a4.page.width) - 20);
    expect(a4.rows * Number.parseFloat(a4.badge.height)).toBeLessThanOrEqual(Number.parseFloat(a4.page.height) - 20);
  });

  it("sets the printed page to the layout's size", () => {
    expect(badgePrintCss(BADGE_LAYOUTS.label)).toContain('size: 4in 3in');
    expect(badgePrintCss(BADGE_LAYOUTS.a4)).toContain('size: 210mm 297mm');
  });

  it('prints a short name large and a long one smaller', () => {
    expect(badgeNameSize('Ada Lovelace', BADGE_LAYOUTS.label)).toBe(28);
    expect(badgeNameSize('Alexandra Montgomery-Smith', BADGE_LAYOUTS.label)).toBe(22);
    expect(badgeNameSize('Maria-Fernanda de los Santos Rodríguez', BADGE_LAYOUTS.label)).toBe(17);
    expect(badgeNameSize('x'.repeat(60), BADGE_LAYOUTS.label)).toBe(14);
    expect(badgeNameSize('Ada Lovelace', BADGE_LAYOUTS.a4)).toBe(18);
    expect(badgeNameSize('x'.repeat(60), BADGE_LAYOUTS.a4)).toBe(10);
  });
});
