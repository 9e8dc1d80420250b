import { describe, expect, it } from 'vitest';
import { cssColour, isColourText, pickerValue } from './tier-colour.ts';

describe('tier colour text', () => {
  it('accepts hex, functional, bare HSL and named colours as the server does', () => {
    for (const ok of ['#000000', '#abc', 'hsl(45 93% 47%)', 'rgb(10, 20, 30)', '45 93% 47%', 'gold']) {
      expect(isColourText(ok), ok).toBe(true);
    }
    for (const bad of ['', '#12', 'url(x)', 'red; background: x', '45 93 47']) {
      expect(isColourText(bad), bad).toBe(false);
    }
  });

  it('shows a bare HSL triple through hsl()', () => {
    expect(cssColour('45 93% 47%')).toBe('hsl(45 93% 47%)');
    expect(cssColour('#ffd700')).toBe('#ffd700');
  });

  it('gives the colour picker a six-digit hex colour', () => {
    expect(pickerValue('#FFD700')).toBe('#ffd700');
    expect(pickerValue('#fa0')).toBe('#ffaa00');
    expect(pickerValue('hsl(45 93% 47%)')).toBe('#000000');
  });
});
