import { describe, expect, it } from 'vitest';
import { companyDomain, logoLookupUrl } from './company-domain.ts';

describe('the domain a company logo is looked up for', () => {
  it('drops the legal suffix, lower-cases and appends .com', () => {
    expect(companyDomain('Acme Inc')).toBe('acme.com');
    expect(companyDomain('Acme Inc.')).toBe('acme.com');
    expect(companyDomain('Globex Corp')).toBe('globex.com');
    expect(companyDomain('Initech LLC')).toBe('initech.com');
    expect(companyDomain('Umbrella Ltd')).toBe('umbrella.com');
    expect(companyDomain('Rheinwerk GmbH')).toBe('rheinwerk.com');
    expect(companyDomain('Barclays plc')).toBe('barclays.com');
    expect(companyDomain('Hooli Corporation')).toBe('hooli.com');
  });

  it('strips spaces and punctuation, including a comma before the suffix', () => {
    expect(companyDomain('Acme Widgets, Inc.')).toBe('acmewidgets.com');
    expect(companyDomain("Jack O'Connor & Sons")).toBe('jackoconnorsons.com');
    expect(companyDomain('  Lagoon   Pay  ')).toBe('lagoonpay.com');
    expect(companyDomain('AT&T')).toBe('att.com');
  });

  it('removes stacked suffixes but only at the end of the name', () => {
    expect(companyDomain('Koala Pty Ltd')).toBe('koala.com');
    expect(companyDomain('Income Partners')).toBe('incomepartners.com');
    expect(companyDomain('Limited Brands Group')).toBe('limitedbrandsgroup.com');
  });

  it('folds accents', () => {
    expect(companyDomain('Société Générale')).toBe('societegenerale.com');
    expect(companyDomain('Camila Rodríguez Müller')).toBe('camilarodriguezmuller.com');
  });

  it('gives nothing to look up for a blank or punctuation-only name, and keeps a name that is only a suffix', () => {
    expect(companyDomain('')).toBeNull();
    expect(companyDomain('  ')).toBeNull();
    expect(companyDomain('!!!')).toBeNull();
    expect(companyDomain('Co')).toBe('co.com');
  });

  it('fills the service template with the domain', () => {
    expect(logoLookupUrl('https://logo.example/{domain}', 'acme.com')).toBe('https://logo.example/acme.com');
    expect(logoLookupUrl('https://img.example/{domain}?size=128', 'a.com')).toBe('https://img.example/a.com?size=128');
  });
});
