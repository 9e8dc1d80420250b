import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineScriptHashes, originOf } from './security-headers.ts';

const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

describe('the pages’ Content-Security-Policy', () => {
  it('allows the inline scripts a browser runs, by hash, and leaves out external scripts and data blocks', () => {
    const html =
      '<head><script>early()</script><script type="module">start("é")</script>' +
      '<script type="module" crossorigin src="/assets/index.js"></script></head><body>' +
      '<script type="application/json" id="live-read-seed">{"a":1}</script>' +
      '<script type="application/ld+json">{"@type":"Event"}</script><SCRIPT type=text/javascript>x()</SCRIPT></body>';
    expect(inlineScriptHashes(html)).toEqual([hashOf('early()'), hashOf('start("é")'), hashOf('x()')]);
  });

  it('takes origins from the settings: a logo template, a form with a path, nothing from other schemes', () => {
    expect(originOf('https://logos.example/{domain}?size=64')).toBe('https://logos.example');
    expect(originOf('https://forms.example/enquiry?embed=1')).toBe('https://forms.example');
    expect(originOf('javascript:alert(1)')).toBeUndefined();
    expect(originOf(undefined)).toBeUndefined();
    const policy = contentSecurityPolicy(
      { supabaseUrl: 'https://abc.supabase.co', enquiryFormUrl: 'javascript:alert(1)' },
      [hashOf('b'), hashOf('a'), hashOf('a')],
    );
    expect(policy).toContain(`script-src 'self' ${[hashOf('a'), hashOf('b')].sort().join(' ')};`);
    expect(policy).toContain("connect-src 'self' https://abc.supabase.co wss://abc.supabase.co;");
    expect(policy).toContain('frame-src https://www.youtube-nocookie.com https://player.vimeo.com;');
    expect(policy).not.toContain('unsafe-eval');
  });
});
