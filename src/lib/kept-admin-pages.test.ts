import { describe, expect, it } from 'vitest';
import { adminPageKey, withKeptMarkup } from './kept-admin-pages.ts';

describe('back-office pages kept as they last showed', () => {
  it('are kept by path for the back office only', () => {
    expect(adminPageKey('/admin')).toBe('/admin');
    expect(adminPageKey('/admin/')).toBe('/admin');
    expect(adminPageKey('/admin/events/')).toBe('/admin/events');
    expect(adminPageKey('/')).toBeNull();
    expect(adminPageKey('/auth')).toBeNull();
    expect(adminPageKey('/administrators')).toBeNull();
    expect(adminPageKey('/events/admin')).toBeNull();
  });

  it("are put into the shell's empty root, marked with whom they were kept for", () => {
    const shell = '<head><title>x</title></head><body>\n<div id="root"></div>\n</body>';
    expect(withKeptMarkup(shell, '<ul><li>$& London</li></ul>', 'a"b<c')).toBe(
      '<head><title>x</title></head><body>\n<div id="root" data-kept-for="a&quot;b&lt;c"><ul><li>$& London</li></ul></div>\n</body>',
    );
  });

  it('are not put into a page whose root is not the empty shell root', () => {
    expect(withKeptMarkup('<div id="root" data-prerendered="/"><p>x</p></div>', '<p>y</p>', 'u')).toBeNull();
  });
});
