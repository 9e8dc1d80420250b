/**
 * Name badges (issue 16): the two ways they print, and how a roster is cut into printed pages. A
 * label printer takes one badge per label, each label its own page; an office printer takes A4
 * sheets of card with several badges each (the common 90 x 55 mm insert, 2 across and 4 down).
 */

export type BadgeLayoutId = 'label' | 'a4';

export interface BadgeLayout {
  id: BadgeLayoutId;
  /** What the choice says on screen. */
  label: string;
  /** The printed page (CSS lengths), as `@page { size }` takes it. */
  page: { width: string; height: string };
  /** One badge. */
  badge: { width: string; height: string };
  columns: number;
  rows: number;
  /** The name's type size in points by its length: the first step whose length it does not exceed. */
  nameSizes: readonly (readonly [maxLength: number, points: number])[];
  /** The name's size when it is longer than every step. */
  smallestNameSize: number;
}

export const BADGE_LAYOUTS: Readonly<Record<BadgeLayoutId, BadgeLayout>> = {
  label: {
    id: 'label',
    label: 'Label, 4 × 3 in (one badge per label)',
    page: { width: '4in', height: '3in' },
    badge: { width: '4in', height: '3in' },
    columns: 1,
    rows: 1,
    nameSizes: [
      [16, 28],
      [28, 22],
      [44, 17],
    ],
    smallestNameSize: 14,
  },
  a4: {
    id: 'a4',
    label: 'A4 sheet, 8 badges of 90 × 55 mm',
    page: { width: '210mm', height: '297mm' },
    badge: { width: '90mm', height: '55mm' },
    columns: 2,
    rows: 4,
    nameSizes: [
      [18, 18],
      [30, 15],
      [48, 12],
    ],
    smallestNameSize: 10,
  },
};

/** The layout pages start with: one badge per label, what a door's label printer takes. */
export const DEFAULT_BADGE_LAYOUT: BadgeLayoutId = 'label';

/** The layout a page address names (`?layout=a4`); anything else is the default. */
export function badgeLayoutOf(value: unknown): BadgeLayoutId {
  return value === 'label' || value === 'a4' ? value : DEFAULT_BADGE_LAYOUT;
}

/** How many badges one printed page holds. */
export function badgesPerPage(layout: BadgeLayout): number {
  return layout.columns * layout.rows;
}

/**
 * The type size of a guest's name on a badge, in points: as large as the badge takes for a short
 * name, smaller for a longer one, so that it fits in a few lines and leaves room for the event.
 */
export function badgeNameSize(name: string, layout: BadgeLayout): number {
  const length = name.trim().length;
  return layout.nameSizes.find(([maxLength]) => length <= maxLength)?.[1] ?? layout.smallestNameSize;
}

/** `items` cut into printed pages of the layout, in order; no pages for no items. */
export function badgePages<T>(items: readonly T[], layout: BadgeLayout): T[][] {
  const size = badgesPerPage(layout);
  const pages: T[][] = [];
  for (let start = 0; start < items.length; start += size) pages.push(items.slice(start, start + size));
  return pages;
}

/**
 * The print style of a layout: the page size with no margin (the sheet places the badges itself),
 * and nothing on the page but the badge sheet (`[data-badge-sheet]`): every element that neither is
 * the sheet, holds it nor is inside it is hidden, and those that hold it lose their frame, so the
 * back office's menu, header and the page's own controls never print and add no blank pages.
 */
export function badgePrintCss(layout: BadgeLayout): string {
  return `@media print {
  @page { size: ${layout.page.width} ${layout.page.height}; margin: 0; }
  html, body { margin: 0 !important; padding: 0 !important; background: #fff !important; }
  body *:not([data-badge-sheet]):not([data-badge-sheet] *):not(:has([data-badge-sheet])) { display: none !important; }
  body *:has([data-badge-sheet]) {
    display: block !important; position: static !important; margin: 0 !important; padding: 0 !important;
    border: 0 !important; min-height: 0 !important; width: auto !important; max-width: none !important;
    overflow: visible !important; box-shadow: none !important; background: #fff !important;
  }
}`;
}
