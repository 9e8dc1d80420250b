import { describe, expect, it } from 'vitest';
import { checkRuntimeConfig } from './runtime-config.ts';

const REQUIRED = { supabaseUrl: 'https://project.supabase.co', supabaseAnonKey: 'anon-key' };

describe('the run-time settings', () => {
  it('are taken as given, the enquiry address defaulted and unknown settings left out', () => {
    expect(checkRuntimeConfig({ ...REQUIRED, somethingElse: 1 })).toEqual({
      ...REQUIRED,
      enquiryEmail: 'events@cdovision.example',
    });
    const every = {
      ...REQUIRED,
      enquiryFormUrl: 'https://forms.example/enquiry',
      nominationFormUrl: 'http://localhost:9000/nominate',
      enquiryEmail: 'hello@cdo.example',
      logoServiceUrl: 'https://logos.example/{domain}',
    };
    expect(checkRuntimeConfig(every)).toEqual(every);
  });

  it('are refused with every wrong setting named', () => {
    expect(() => checkRuntimeConfig({ supabaseAnonKey: '' })).toThrow(
      'runtime-config.json: supabaseUrl must be an http(s) URL; supabaseAnonKey must be a non-empty string',
    );
    const wrong: [string, unknown, string][] = [
      ['supabaseUrl', 'project.supabase.co', 'an http(s) URL'],
      ['supabaseUrl', 'javascript:alert(1)', 'an http(s) URL'],
      ['enquiryFormUrl', 'not a url', 'an http(s) URL'],
      ['nominationFormUrl', 42, 'an http(s) URL'],
      ['enquiryEmail', 'events at cdo', 'an e-mail address'],
      ['logoServiceUrl', 'https://logos.example/', "a string with '{domain}' in it"],
    ];
    for (const [name, value, must] of wrong) {
      expect(() => checkRuntimeConfig({ ...REQUIRED, [name]: value })).toThrow(`${name} must be ${must}`);
    }
    expect(() => checkRuntimeConfig(null)).toThrow('expected an object of settings');
    expect(() => checkRuntimeConfig([REQUIRED])).toThrow('expected an object of settings');
  });
});
