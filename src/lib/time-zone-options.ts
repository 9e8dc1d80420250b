/**
 * The choices of a time-zone picker: every zone the browser knows (`Intl.supportedValuesOf`), named
 * as people recognise it ('Dubai — GST, UTC+4'), by the zone's current IANA name, and the admin's
 * own zone. Nothing here ships a zone database: the browser's Intl data is the list.
 */
import { DEFAULT_TIME_ZONE, isKnownTimeZone, zoneCity, zoneOffsetLabel } from './time-zones.ts';

/**
 * Zones that Chromium, Node and other ICU-based engines still name by an id IANA has since
 * replaced (CLDR keeps its first ids stable), with the current name. Both names are in the IANA
 * database, so the server accepts either; the picker offers and stores the one people use today.
 */
const CURRENT_NAMES: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
  'Etc/GMT': 'UTC',
  'Etc/UTC': 'UTC',
  'Etc/Universal': 'UTC',
  'Etc/Zulu': 'UTC',
  GMT: 'UTC',
};

/** The zone's current IANA name ('Asia/Calcutta' → 'Asia/Kolkata'), where this browser knows it. */
export function currentZoneName(zone: string): string {
  const current = CURRENT_NAMES[zone];
  return current !== undefined && isKnownTimeZone(current) ? current : zone;
}

/** The zone this browser runs in, by its current name; UTC when the browser names none it knows. */
export function ownTimeZone(): string {
  const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isKnownTimeZone(zone) ? currentZoneName(zone) : DEFAULT_TIME_ZONE;
}

/** 'Dubai — GST, UTC+4' at `at` (the offset and abbreviation of that day); 'UTC' for UTC. */
export function timeZoneChoiceLabel(zone: string, at: Date): string {
  const city = zoneCity(zone);
  return city === 'UTC' ? 'UTC' : `${city} — ${zoneOffsetLabel(zone, at)}`;
}

export interface TimeZoneChoice {
  /** The IANA name stored ('Asia/Dubai'). */
  zone: string;
  /** 'Dubai — GST, UTC+4'. */
  label: string;
}

/**
 * Every zone the browser knows, by current name, with UTC and `keep` (the zones already chosen:
 * an event's own stays a choice even when this browser lists it under another name or not at
 * all), UTC first and the rest by city. Labels give the offset at `at`, the event's date. Costly the
 * first time (a formatter per zone): build it when a picker opens.
 */
export function timeZoneChoices(at: Date, keep: readonly string[] = []): TimeZoneChoice[] {
  const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const zones = new Set([DEFAULT_TIME_ZONE, ...listed.map(currentZoneName)]);
  for (const zone of keep) if (isKnownTimeZone(zone)) zones.add(zone);
  const choices = [...zones].map((zone) => ({ zone, label: timeZoneChoiceLabel(zone, at) }));
  return choices.sort((a, b) =>
    a.zone === DEFAULT_TIME_ZONE ? -1 : b.zone === DEFAULT_TIME_ZONE ? 1 : a.label.localeCompare(b.label, 'en'),
  );
}

/** Lower case, without accents, with the id's '_' and '/' read as spaces: what a search compares. */
function searchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[_/]/g, ' ');
}

/**
 * The choices that have every word of `query` in their label or IANA name ('tokyo', 'jst', 'utc+9',
 * 'new york', 'asia/kolkata' and 'são paulo' all find what they name), best first: a city that
 * starts with what was typed, then choices whose words start with each word typed, then the rest,
 * each group in the list's order ('to' puts Tokyo and Toronto before Edmonton).
 */
export function searchTimeZoneChoices<C extends TimeZoneChoice>(choices: readonly C[], query: string): C[] {
  const typed = searchText(query).trim();
  const words = typed.split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...choices];
  const ranked: { choice: C; rank: number }[] = [];
  for (const choice of choices) {
    const haystack = ` ${searchText(`${choice.label} ${choice.zone}`)}`;
    if (!words.every((word) => haystack.includes(word))) continue;
    const rank = haystack.startsWith(` ${typed}`) ? 0 : words.every((word) => haystack.includes(` ${word}`)) ? 1 : 2;
    ranked.push({ choice, rank });
  }
  // Array.prototype.sort is stable: within a rank, the list's order stays.
  return ranked.sort((a, b) => a.rank - b.rank).map(({ choice }) => choice);
}
