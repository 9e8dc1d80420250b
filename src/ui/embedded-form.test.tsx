import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EmbeddedForm } from './embedded-form.tsx';

describe('an embedded external form', () => {
  it('embeds the form in a titled frame', () => {
    const html = renderToStaticMarkup(
      <EmbeddedForm
        url="https://forms.example/enquiry"
        title="Enquiry form"
        fallbackEmail="hello@example.com"
        height={500}
      />,
    );
    expect(html).toContain('<iframe src="https://forms.example/enquiry" title="Enquiry form"');
    expect(html).toContain('height:500px');
    expect(html).not.toContain('mailto:');
  });

  it('offers the e-mail address instead when no form is configured', () => {
    const html = renderToStaticMarkup(<EmbeddedForm title="Enquiry form" fallbackEmail="hello@example.com" />);
    expect(html).not.toContain('<iframe');
    expect(html).toContain('Please send your enquiry by e-mail to:');
    expect(html).toContain('href="mailto:hello@example.com"');
  });

  it('reserves the space while the settings naming the form load', () => {
    const html = renderToStaticMarkup(
      <EmbeddedForm pending title="Enquiry form" fallbackEmail="hello@example.com" height={640} />,
    );
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('height:640px');
    expect(html).not.toContain('mailto:');
  });
});
