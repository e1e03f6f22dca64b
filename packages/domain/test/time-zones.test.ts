import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  formatPlaceTime,
  isCalendarDate,
  isKnownTimeZone,
  localClock,
  localDate,
  localTimestamp,
  placeTimeZone,
  showsPlaceClock,
  utcOffsetMinutes,
  weekdayOf,
  zonedInstant,
} from '../src/index.ts';

const at = (iso: string) => new Date(iso);
/** Mid-January (daylight time in the south-east) and mid-July (standard time everywhere). */
const SUMMER = at('2026-01-15T02:00:00Z');
const WINTER = at('2026-07-15T02:00:00Z');

describe('calendar days', () => {
  it('accepts only real days written YYYY-MM-DD', () => {
    for (const good of ['2026-02-28', '2028-02-29', '2026-12-31', '2025-01-01'])
      expect(isCalendarDate(good)).toBe(true);
    for (const bad of [
      '2026-02-30',
      '2026-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-04-31',
      '2026-1-1',
      '26-01-01',
      '2026-01-01T00:00',
      ' 2026-01-01',
      '',
      '0000-01-01',
    ])
      expect(isCalendarDate(bad)).toBe(false);
  });

  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-11-28', 6)).toBe('2026-12-04');
    expect(addDays('2026-12-29', 7)).toBe('2027-01-05');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-11-21', '2027-11-21')).toBe(365);
    expect(daysBetween('2026-11-21', '2026-11-14')).toBe(-7);
  });

  it('knows the weekday of a day whatever the machine zone', () => {
    expect(weekdayOf('2026-11-21')).toBe(6); // Saturday
    expect(weekdayOf('2026-10-04')).toBe(0); // first Sunday of October 2026
    expect(weekdayOf('2027-03-26')).toBe(5); // Good Friday 2027
  });
});

describe('every Australian zone', () => {
  // [zone, standard offset, daylight offset] in minutes.
  const ZONES: Array<[string, number, number]> = [
    ['Australia/Sydney', 600, 660],
    ['Australia/Melbourne', 600, 660],
    ['Australia/Hobart', 600, 660],
    ['Australia/Brisbane', 600, 600],
    ['Australia/Adelaide', 570, 630],
    ['Australia/Broken_Hill', 570, 630],
    ['Australia/Darwin', 570, 570],
    ['Australia/Perth', 480, 480],
    ['Australia/Eucla', 525, 525],
    ['Australia/Lord_Howe', 630, 660],
  ];
  it.each(ZONES)('%s is UTC+%i in winter and +%i in summer', (zone, winter, summer) => {
    expect(utcOffsetMinutes(WINTER, zone)).toBe(winter);
    expect(utcOffsetMinutes(SUMMER, zone)).toBe(summer);
  });

  it('shows wall clocks in each zone at one instant', () => {
    const instant = at('2026-01-15T02:00:00Z');
    expect(localClock(instant, 'Australia/Sydney')).toBe('13:00');
    expect(localClock(instant, 'Australia/Lord_Howe')).toBe('13:00');
    expect(localClock(instant, 'Australia/Adelaide')).toBe('12:30');
    expect(localClock(instant, 'Australia/Broken_Hill')).toBe('12:30');
    expect(localClock(instant, 'Australia/Darwin')).toBe('11:30');
    expect(localClock(instant, 'Australia/Brisbane')).toBe('12:00');
    expect(localClock(instant, 'Australia/Eucla')).toBe('10:45');
    expect(localClock(instant, 'Australia/Perth')).toBe('10:00');
  });
});

describe('daylight saving start (first Sunday of October) and end (first Sunday of April)', () => {
  it('moves Sydney from +10 to +11 at 2 am on 4 October 2026', () => {
    expect(localClock(at('2026-10-03T15:59:00Z'), 'Australia/Sydney')).toBe('01:59');
    expect(localClock(at('2026-10-03T16:00:00Z'), 'Australia/Sydney')).toBe('03:00');
    // 2:30 does not exist that night: it is read as 3:30 daylight time.
    expect(zonedInstant('2026-10-04', '02:30', 'Australia/Sydney').toISOString()).toBe(
      '2026-10-03T16:30:00.000Z',
    );
    expect(zonedInstant('2026-10-04', '09:00', 'Australia/Sydney').toISOString()).toBe(
      '2026-10-03T22:00:00.000Z',
    );
    expect(zonedInstant('2026-10-03', '09:00', 'Australia/Sydney').toISOString()).toBe(
      '2026-10-02T23:00:00.000Z',
    );
  });

  it('moves Sydney back from +11 to +10 at 3 am on 5 April 2026; the repeated hour is read first time', () => {
    expect(localClock(at('2026-04-04T15:59:00Z'), 'Australia/Sydney')).toBe('02:59');
    expect(localClock(at('2026-04-04T16:00:00Z'), 'Australia/Sydney')).toBe('02:00');
    expect(zonedInstant('2026-04-05', '02:30', 'Australia/Sydney').toISOString()).toBe(
      '2026-04-04T15:30:00.000Z',
    );
    expect(zonedInstant('2026-04-05', '17:00', 'Australia/Sydney').toISOString()).toBe(
      '2026-04-05T07:00:00.000Z',
    );
    // 1 am to 5 pm on the clock that day is 17 hours of real time.
    const hours =
      (zonedInstant('2026-04-05', '17:00', 'Australia/Sydney').getTime() -
        zonedInstant('2026-04-05', '01:00', 'Australia/Sydney').getTime()) /
      3_600_000;
    expect(hours).toBe(17);
  });

  it('changes Adelaide and Broken Hill by an hour at the same wall time', () => {
    for (const zone of ['Australia/Adelaide', 'Australia/Broken_Hill']) {
      // 2 am ACST on 4 October 2026 is 16:30 UTC the day before.
      expect(localClock(at('2026-10-03T16:29:00Z'), zone)).toBe('01:59');
      expect(localClock(at('2026-10-03T16:30:00Z'), zone)).toBe('03:00');
    }
  });

  it('moves Lord Howe Island by only half an hour', () => {
    // +10:30 -> +11 at 2 am on 4 October 2026 (15:30 UTC).
    expect(localClock(at('2026-10-03T15:29:00Z'), 'Australia/Lord_Howe')).toBe('01:59');
    expect(localClock(at('2026-10-03T15:30:00Z'), 'Australia/Lord_Howe')).toBe('02:30');
    expect(zonedInstant('2026-10-04', '02:15', 'Australia/Lord_Howe').toISOString()).toBe(
      '2026-10-03T15:45:00.000Z',
    );
    // +11 -> +10:30 at 2 am on 5 April 2026 (15:00 UTC): 1:30-2:00 happens twice.
    expect(localClock(at('2026-04-04T14:59:00Z'), 'Australia/Lord_Howe')).toBe('01:59');
    expect(localClock(at('2026-04-04T15:00:00Z'), 'Australia/Lord_Howe')).toBe('01:30');
    expect(zonedInstant('2026-04-05', '01:45', 'Australia/Lord_Howe').toISOString()).toBe(
      '2026-04-04T14:45:00.000Z',
    );
  });

  it('leaves Brisbane, Darwin, Perth and Eucla alone', () => {
    for (const [zone, offset] of [
      ['Australia/Brisbane', 600],
      ['Australia/Darwin', 570],
      ['Australia/Perth', 480],
      ['Australia/Eucla', 525],
    ] as const) {
      expect(utcOffsetMinutes(at('2026-10-03T15:00:00Z'), zone)).toBe(offset);
      expect(utcOffsetMinutes(at('2026-10-03T17:00:00Z'), zone)).toBe(offset);
    }
  });
});

describe('"today" is decided in the place\'s zone', () => {
  it('puts a Perth beach and a Sydney beach on different dates at the same instant', () => {
    const instant = at('2026-11-21T14:30:00Z'); // 1:30 am Sunday in Sydney, 10:30 pm Saturday in Perth
    expect(localDate(instant, 'Australia/Sydney')).toBe('2026-11-22');
    expect(localDate(instant, 'Australia/Perth')).toBe('2026-11-21');
    expect(localDate(instant, 'Australia/Lord_Howe')).toBe('2026-11-22');
    expect(localDate(instant, 'Australia/Darwin')).toBe('2026-11-22');
    expect(localDate(instant, 'Australia/Eucla')).toBe('2026-11-21');
  });

  it('gives the right date on each side of midnight within one second and in the next (the last date is reused per second)', () => {
    // Sydney midnight is 13:00:00Z in November (AEDT): one millisecond apart, two dates.
    expect(localDate(at('2026-11-21T12:59:59.000Z'), 'Australia/Sydney')).toBe('2026-11-21');
    expect(localDate(at('2026-11-21T12:59:59.999Z'), 'Australia/Sydney')).toBe('2026-11-21');
    expect(localDate(at('2026-11-21T13:00:00.000Z'), 'Australia/Sydney')).toBe('2026-11-22');
    // Same second, another zone: not confused with the zone asked just before.
    expect(localDate(at('2026-11-21T13:00:00.500Z'), 'Australia/Perth')).toBe('2026-11-21');
    expect(localDate(at('2026-11-21T13:00:00.500Z'), 'Australia/Sydney')).toBe('2026-11-22');
    // Back in time, as tests with a pinned clock do.
    expect(localDate(at('2026-11-21T12:00:00.000Z'), 'Australia/Sydney')).toBe('2026-11-21');
    // Sydney's local mean time (+10:04:52) before 1895: midnight falls on a whole second, not minute.
    expect(localDate(at('1890-01-01T13:55:07.999Z'), 'Australia/Sydney')).toBe('1890-01-01');
    expect(localDate(at('1890-01-01T13:55:08.000Z'), 'Australia/Sydney')).toBe('1890-01-02');
    expect(() => localDate(new Date(Number.NaN), 'Australia/Sydney')).toThrow(RangeError);
  });

  it("formats a time as today only on the place's own today", () => {
    const now = at('2026-11-21T14:30:00Z');
    const event = at('2026-11-21T13:00:00Z'); // midnight in Sydney, 9 pm in Perth
    expect(formatPlaceTime(event, now, 'Australia/Sydney')).toBe('12:00 am');
    expect(formatPlaceTime(event, now, 'Australia/Perth')).toBe('9:00 pm');
    expect(formatPlaceTime(at('2026-11-20T13:59:00Z'), now, 'Australia/Sydney')).toBe('21 Nov, 12:59 am');
  });
});

describe('the place clock rule (spec section 9)', () => {
  it('never shows a clock between Sydney and Melbourne (or Hobart, or Canberra)', () => {
    for (const instant of [SUMMER, WINTER, at('2026-10-03T16:30:00Z'), at('2026-04-04T16:30:00Z')]) {
      expect(showsPlaceClock('Australia/Melbourne', 'Australia/Sydney', instant)).toBe(false);
      expect(showsPlaceClock('Australia/Hobart', 'Australia/Sydney', instant)).toBe(false);
      expect(showsPlaceClock('Australia/Canberra', 'Australia/Sydney', instant)).toBe(false);
    }
  });

  it('shows one between Brisbane and Sydney only while Sydney is on daylight time', () => {
    expect(showsPlaceClock('Australia/Brisbane', 'Australia/Sydney', SUMMER)).toBe(true);
    expect(showsPlaceClock('Australia/Sydney', 'Australia/Brisbane', SUMMER)).toBe(true);
    expect(showsPlaceClock('Australia/Brisbane', 'Australia/Sydney', WINTER)).toBe(false);
  });

  it('shows one between Lord Howe and Sydney in winter only (half an hour apart)', () => {
    expect(showsPlaceClock('Australia/Sydney', 'Australia/Lord_Howe', WINTER)).toBe(true);
    expect(showsPlaceClock('Australia/Sydney', 'Australia/Lord_Howe', SUMMER)).toBe(false);
  });

  it('compares Adelaide with Darwin and Broken Hill by offset at the instant', () => {
    expect(showsPlaceClock('Australia/Adelaide', 'Australia/Broken_Hill', SUMMER)).toBe(false);
    expect(showsPlaceClock('Australia/Darwin', 'Australia/Adelaide', WINTER)).toBe(false);
    expect(showsPlaceClock('Australia/Darwin', 'Australia/Adelaide', SUMMER)).toBe(true);
  });

  it('treats an unknown place zone as Australia/Perth', () => {
    expect(placeTimeZone(null)).toBe('Australia/Perth');
    expect(placeTimeZone('Mars/Olympus_Mons')).toBe('Australia/Perth');
    expect(placeTimeZone('Australia/Darwin')).toBe('Australia/Darwin');
    expect(showsPlaceClock('Australia/Perth', null, SUMMER)).toBe(false);
    expect(showsPlaceClock('Australia/Perth', undefined, WINTER)).toBe(false);
    expect(showsPlaceClock('Australia/Sydney', 'Not/A_Zone', WINTER)).toBe(true);
  });

  it('shows one for a visitor abroad, and when the browser zone is unknown', () => {
    expect(showsPlaceClock('Europe/London', 'Australia/Perth', WINTER)).toBe(true);
    expect(showsPlaceClock('Asia/Singapore', 'Australia/Perth', WINTER)).toBe(false); // both UTC+8
    expect(showsPlaceClock(undefined, 'Australia/Sydney', WINTER)).toBe(true);
  });
});

describe('zone answers reused between calls (one formatter and one check per zone)', () => {
  it('keeps each zone its own answer, however often and in whatever order it is asked', () => {
    for (let round = 0; round < 3; round++) {
      expect(isKnownTimeZone('Australia/Sydney')).toBe(true);
      expect(isKnownTimeZone('Mars/Olympus_Mons')).toBe(false);
      expect(isKnownTimeZone('Australia/Perth')).toBe(true);
      expect(placeTimeZone('Mars/Olympus_Mons')).toBe('Australia/Perth');
      // Same instant, different zones, asked alternately: no zone gets another's wall clock.
      expect(utcOffsetMinutes(new Date('2026-11-21T01:00:00Z'), 'Australia/Sydney')).toBe(660);
      expect(utcOffsetMinutes(new Date('2026-11-21T01:00:00Z'), 'Australia/Perth')).toBe(480);
      expect(utcOffsetMinutes(new Date('2026-11-21T01:00:00Z'), 'Australia/Brisbane')).toBe(600);
    }
  });
});

describe('localTimestamp', () => {
  it('is the wall time in the zone as YYYY-MM-DDTHH:mm:ss, across the DST change and at midnight', () => {
    expect(localTimestamp(at('2026-10-03T15:59:59Z'), 'Australia/Sydney')).toBe('2026-10-04T01:59:59');
    expect(localTimestamp(at('2026-10-03T16:00:00Z'), 'Australia/Sydney')).toBe('2026-10-04T03:00:00');
    expect(localTimestamp(at('2026-10-03T15:30:00Z'), 'Australia/Lord_Howe')).toBe('2026-10-04T02:30:00');
    expect(localTimestamp(at('2026-12-31T13:00:00Z'), 'Australia/Sydney')).toBe('2027-01-01T00:00:00');
    expect(localTimestamp(at('2026-12-31T13:00:00Z'), 'Australia/Perth')).toBe('2026-12-31T21:00:00');
  });
});
