import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  currentZoneName,
  ownTimeZone,
  searchTimeZoneChoices,
  timeZoneChoiceLabel,
  timeZoneChoices,
} from './time-zone-options.ts';

const june = new Date('2027-06-01T12:00:00Z');
const january = new Date('2027-01-15T12:00:00Z');

describe("the time-zone picker's choices", () => {
  it('names each zone by its city, abbreviation and offset on the day', () => {
    expect(timeZoneChoiceLabel('Asia/Dubai', june)).toBe('Dubai — GST, UTC+4');
    expect(timeZoneChoiceLabel('Europe/London', june)).toBe('London — BST, UTC+1');
    expect(timeZoneChoiceLabel('Europe/London', january)).toBe('London — GMT, UTC');
    expect(timeZoneChoiceLabel('Asia/Kathmandu', june)).toBe('Kathmandu — NPT, UTC+5:45');
    expect(timeZoneChoiceLabel('America/Argentina/Buenos_Aires', june)).toBe('Buenos Aires — ART, UTC-3');
    expect(timeZoneChoiceLabel('UTC', june)).toBe('UTC');
  });

  it("offers every zone the engine lists by today's name, UTC first, then by city", () => {
    const choices = timeZoneChoices(june);
    const zones = choices.map((choice) => choice.zone);
    expect(zones[0]).toBe('UTC');
    // Node, like Chromium, lists the old ids; the picker offers the current ones only.
    expect(Intl.supportedValuesOf('timeZone')).toContain('Asia/Calcutta');
    expect(zones).toEqual(expect.arrayContaining(['Asia/Kolkata', 'Asia/Kathmandu', 'Europe/Kyiv', 'Asia/Tokyo']));
    for (const old of ['Asia/Calcutta', 'Asia/Katmandu', 'Europe/Kiev', 'America/Buenos_Aires']) {
      expect(zones).not.toContain(old);
    }
    expect(new Set(zones).size).toBe(zones.length);
    const labels = choices.slice(1).map((choice) => choice.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it("keeps an event's own zone a choice, even by a name the engine lists otherwise", () => {
    const zones = timeZoneChoices(june, ['Asia/Calcutta', 'Mars/Olympus_Mons']).map((choice) => choice.zone);
    expect(zones).toContain('Asia/Calcutta');
    expect(zones).toContain('Asia/Kolkata');
    expect(zones).not.toContain('Mars/Olympus_Mons');
  });

  it('maps old ids to current names', () => {
    expect(currentZoneName('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(currentZoneName('Asia/Katmandu')).toBe('Asia/Kathmandu');
    expect(currentZoneName('Europe/Kiev')).toBe('Europe/Kyiv');
    expect(currentZoneName('Etc/UTC')).toBe('UTC');
    expect(currentZoneName('Asia/Tokyo')).toBe('Asia/Tokyo');
  });

  it('finds a zone by city, abbreviation, offset or IANA name, accents and case aside', () => {
    const choices = timeZoneChoices(june);
    const found = (query: string) => searchTimeZoneChoices(choices, query).map((choice) => choice.zone);
    expect(found('tokyo')).toEqual(['Asia/Tokyo']);
    expect(found('JST')).toEqual(['Asia/Tokyo']);
    expect(found('asia/tok')[0]).toBe('Asia/Tokyo');
    expect(found('utc+9')).toContain('Asia/Tokyo');
    expect(found('new york')).toEqual(['America/New_York']);
    expect(found('São Paulo')).toEqual(['America/Sao_Paulo']);
    expect(found('tokyo utc+4')).toEqual([]);
    expect(found('  ')).toHaveLength(choices.length);
  });

  it('lists a city that starts with what was typed first, then words that start so, then the rest', () => {
    const found = searchTimeZoneChoices(timeZoneChoices(june), 'to');
    const startingSo = found.filter((choice) => choice.label.startsWith('To'));
    expect(startingSo.map((choice) => choice.zone)).toEqual(expect.arrayContaining(['Asia/Tokyo', 'America/Toronto']));
    expect(found.slice(0, startingSo.length)).toEqual(startingSo);
    // 'Los Angeles — PDT' has no word starting 'to'; 'Edmonton' has it inside a word.
    const zones = found.map((choice) => choice.zone);
    expect(zones.indexOf('America/Edmonton')).toBeGreaterThan(zones.indexOf('Asia/Tokyo'));
  });
});

describe("the admin's own zone", () => {
  const machineZone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'Asia/Kolkata';
  });
  afterAll(() => {
    if (machineZone === undefined) delete process.env.TZ;
    else process.env.TZ = machineZone;
  });

  it("is the computer's, by its current name", () => {
    expect(new Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('Asia/Calcutta');
    expect(ownTimeZone()).toBe('Asia/Kolkata');
  });
});
