/**
 * The run-time settings that public pages show (external form addresses and the enquiry e-mail),
 * loaded from runtime-config.json in an effect so that prerendered pages never wait on it.
 */
import { useEffect, useState } from 'react';
import { loadRuntimeConfig } from '../lib/runtime-config.ts';

/** The address shown when the settings cannot be read (runtime-config.ts has the same default). */
export const DEFAULT_ENQUIRY_EMAIL = 'events@cdovision.example';

export interface SiteSettings {
  /** False until runtime-config.json has been read (or failed to be). */
  loaded: boolean;
  enquiryFormUrl: string | undefined;
  nominationFormUrl: string | undefined;
  enquiryEmail: string;
}

const INITIAL: SiteSettings = {
  loaded: false,
  enquiryFormUrl: undefined,
  nominationFormUrl: undefined,
  enquiryEmail: DEFAULT_ENQUIRY_EMAIL,
};

let known: SiteSettings | undefined;

export function useSiteSettings(): SiteSettings {
  const [settings, setSettings] = useState<SiteSettings>(() => known ?? INITIAL);
  useEffect(() => {
    if (known) return undefined;
    let active = true;
    loadRuntimeConfig().then(
      (config) => {
        known = {
          loaded: true,
          enquiryFormUrl: config.enquiryFormUrl,
          nominationFormUrl: config.nominationFormUrl,
          enquiryEmail: config.enquiryEmail,
        };
        if (active) setSettings(known);
      },
      () => {
        // Offline on a first visit, or no settings file: pages show the fallback e-mail.
        if (active) setSettings({ ...INITIAL, loaded: true });
      },
    );
    return () => {
      active = false;
    };
  }, []);
  return settings;
}

export interface Office {
  city: string;
  lines: readonly string[];
}

/** The organisers' two offices (footer and /contact). */
export const OFFICES: readonly Office[] = [
  { city: 'London', lines: ['CDO Vision Ltd', '12 Finsbury Circus', 'London EC2M 7EB', 'United Kingdom'] },
  {
    city: 'New York',
    lines: ['CDO Vision Inc.', '300 Park Avenue South, 8th Floor', 'New York, NY 10010', 'United States'],
  },
];
