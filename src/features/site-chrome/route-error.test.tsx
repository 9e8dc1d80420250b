import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RouteError } from './route-error.tsx';

describe('a page that fails to render', () => {
  it("shows 'Unexpected Application Error!' with the message and ways out", () => {
    const html = renderToStaticMarkup(
      <RouteError error={new Error('Cannot read the agenda')} reset={() => undefined} />,
    );
    expect(html).toContain('<h1 class="text-2xl font-semibold">Unexpected Application Error!</h1>');
    expect(html).toContain('Cannot read the agenda');
    expect(html).toContain('Try again');
    expect(html).toContain('href="/"');
  });
});
