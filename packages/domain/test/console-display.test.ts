import { describe, expect, it } from 'vitest';
import {
  auditActionText,
  auditValueText,
  isLiveStatusExpired,
  livePatrolNow,
  livePatrolText,
  liveStatusNow,
  liveStatusPart,
  patrolNow,
  setByText,
  type LiveStatusFields,
  type PatrolsResponse,
} from '../src/index.ts';

// Sunday 22 November 2026 in Sydney (AEDT, +11).
const at = (wall: string, day = '22') => new Date(`2026-11-${day}T${wall}:00+11:00`);
const SYDNEY = 'Australia/Sydney';

const closed = (overrides: Partial<LiveStatusFields> = {}): LiveStatusFields => ({
  status: 'Closed',
  status_reason: 'shark_sighting',
  status_message: 'Shark seen off the north end. Stay out of the water.',
  status_set_at: at('07:42').toISOString(),
  status_expires_at: at('19:00').toISOString(),
  status_set_by: 'lifesaver',
  timezone: SYDNEY,
  ...overrides,
});

describe('liveStatusNow', () => {
  it('says a closure in words: status, reason, message, who set it and when, at the beach', () => {
    expect(liveStatusNow(closed(), at('08:00'))).toEqual({
      status: 'Closed',
      headline: 'Closed — shark sighting',
      message: 'Shark seen off the north end. Stay out of the water.',
      setBy: 'Set by lifesavers at 7:42 am',
      until: 'Until 7:00 pm',
      tone: 'danger',
      warning: true,
    });
  });

  it('reads the time in the beach zone, not the reader’s', () => {
    const perth = liveStatusNow(closed({ timezone: 'Australia/Perth' }), at('08:00'));
    // 7:42 am in Sydney is 4:42 am in Perth.
    expect(perth?.setBy).toBe('Set by lifesavers at 4:42 am');
  });

  it('names the day when the status was set on another day', () => {
    const status = closed({ status_set_at: at('16:05', '21').toISOString(), status_expires_at: null });
    expect(liveStatusNow(status, at('08:00'))?.setBy).toBe('Set by lifesavers on 21 Nov at 4:05 pm');
  });

  it('says who set it: operator, import, or not known', () => {
    expect(liveStatusNow(closed({ status_set_by: 'operator' }), at('08:00'))?.setBy).toBe(
      'Set by the beach operator at 7:42 am',
    );
    expect(liveStatusNow(closed({ status_set_by: 'import' }), at('08:00'))?.setBy).toBe(
      'Set from imported data at 7:42 am',
    );
    expect(liveStatusNow(closed({ status_set_by: null }), at('08:00'))?.setBy).toBe('Updated at 7:42 am');
    expect(liveStatusNow(closed({ status_set_at: null }), at('08:00'))?.setBy).toBeNull();
  });

  it('shows nothing without a status, and hides one whose expiry has passed (old offline data)', () => {
    expect(liveStatusNow(closed({ status: null }), at('08:00'))).toBeNull();
    expect(liveStatusNow(closed(), at('19:00'))).toBeNull();
    expect(liveStatusNow(closed(), at('18:59'))).not.toBeNull();
    expect(isLiveStatusExpired(closed(), at('19:01'))).toBe(true);
    expect(isLiveStatusExpired(closed({ status_expires_at: null }), at('23:59'))).toBe(false);
  });

  it('tones: Closed and Inclement are warnings, Surveillance caution, Open fine; no reason reads alone', () => {
    const inclement = liveStatusNow(closed({ status: 'Inclement', status_reason: 'lightning' }), at('08:00'));
    expect([inclement?.headline, inclement?.tone, inclement?.warning]).toEqual([
      'Inclement — lightning',
      'danger',
      true,
    ]);
    const watch = liveStatusNow(closed({ status: 'Surveillance', status_reason: null }), at('08:00'));
    expect([watch?.headline, watch?.tone, watch?.warning]).toEqual(['Surveillance', 'caution', false]);
    const open = liveStatusNow(
      closed({ status: 'Open', status_reason: null, status_message: '  ' }),
      at('08:00'),
    );
    expect([open?.headline, open?.tone, open?.message]).toEqual(['Open', 'ok', null]);
  });

  it('says a later expiry with its day', () => {
    const status = closed({ status_expires_at: at('18:00', '24').toISOString() });
    expect(liveStatusNow(status, at('08:00'))?.until).toBe('Until 24 Nov, 6:00 pm');
  });
});

describe('liveStatusPart (lists, map popups, My Beaches)', () => {
  it('is the headline with its tone, or nothing', () => {
    expect(liveStatusPart(closed(), at('08:00'))).toEqual({
      text: 'Closed — shark sighting',
      tone: 'danger',
    });
    // A list row carries no message or expiry: still shown.
    expect(
      liveStatusPart(
        { status: 'Inclement', status_reason: 'dangerous_surf', status_set_at: null },
        at('08:00'),
      ),
    ).toEqual({ text: 'Inclement — dangerous surf', tone: 'danger' });
    expect(liveStatusPart({ status: null }, at('08:00'))).toBeNull();
    expect(liveStatusPart(closed(), at('20:00'))).toBeNull();
  });
});

describe('setByText', () => {
  it('can start in lower case to follow a dot', () => {
    expect(setByText('lifesaver', at('07:42').toISOString(), at('08:00'), SYDNEY, true)).toBe(
      'set by lifesavers at 7:42 am',
    );
    expect(setByText('lifesaver', 'not a date', at('08:00'), SYDNEY)).toBeNull();
  });
});

describe('livePatrolText', () => {
  const beach = (start: string, end: string) => ({
    patrol: 1,
    hazard: null,
    timezone: SYDNEY,
    is_patrolled_today: { flag: 1 as const, start, end, is_sample: false },
  });
  const live = {
    patrol_set_by: 'lifesaver' as const,
    patrol_set_at: at('07:42').toISOString(),
    timezone: SYDNEY,
  };

  it('says a console patrol as "Patrolled now until …" with who set it', () => {
    const patrol = patrolNow(beach('07:42', '17:00'), at('10:00'));
    expect(livePatrolText(patrol, live, at('10:00'))).toEqual({
      text: 'Patrolled now until 5:00 pm · set by lifesavers at 7:42 am',
      setBy: 'set by lifesavers at 7:42 am',
    });
  });

  it('keeps the patrol text of an ended console patrol, with who set it', () => {
    const patrol = patrolNow(beach('07:42', '15:10'), at('16:00'));
    expect(
      livePatrolText(patrol, { ...live, patrol_set_at: at('15:10').toISOString() }, at('16:00')).text,
    ).toBe('Patrol ended at 3:10 pm · set by lifesavers at 3:10 pm');
  });

  it('leaves a roster patrol (no console setter) and demo patrols alone', () => {
    const patrol = patrolNow(beach('09:00', '17:00'), at('10:00'));
    expect(livePatrolText(patrol, { patrol_set_by: null }, at('10:00'))).toEqual({
      text: 'On duty until 5:00 pm',
      setBy: null,
    });
    expect(livePatrolText({ state: 'demo', text: 'Demo' }, live, at('10:00')).text).toBe('Demo');
  });
});

describe('audit wording', () => {
  it('names the actions, imports included', () => {
    expect(auditActionText('status.set')).toBe('Status set');
    expect(auditActionText('patrol.off')).toBe('Off duty');
    expect(auditActionText('import.rosters')).toBe('Import: rosters');
    expect(auditActionText('rip.observe')).toBe('Rip activity reported');
    expect(auditActionText('something.new')).toBe('something.new');
  });

  it('says a status change in words, and other changes as pairs', () => {
    expect(auditValueText(null)).toBe('none');
    expect(auditValueText({ status: 'Closed', reason: 'shark_sighting', message: 'North end' })).toBe(
      'Closed — shark sighting: “North end”',
    );
    expect(auditValueText({ status: null })).toBe('no status');
    expect(auditValueText({ status: 'Open', status_reason: null, status_message: null })).toBe('Open');
    expect(auditValueText({ on_duty: true, until: '17:00', note: null })).toBe('on duty: true, until: 17:00');
    expect(auditValueText({ text: null })).toBe('none');
    expect(auditValueText({ flag: 1, start: '07:42', end: '17:00' })).toBe('patrolled 07:42–17:00');
    expect(auditValueText({ flag: 0, start: null, end: null })).toBe('not patrolled');
  });
});

describe('livePatrolNow', () => {
  const sampleRoster: PatrolsResponse = {
    patrols: {},
    schedule_dates: [],
    date: '2026-11-22',
    timezone: SYDNEY,
    is_sample: true,
    source: 'Sample data',
  };
  const onDuty = {
    patrol: 1,
    hazard: null,
    timezone: SYDNEY,
    is_patrolled_today: { flag: 1 as const, start: '07:42', end: '17:00', is_sample: false },
  };

  it('a patrol the lifesavers reported is real even where the roster is sample data', () => {
    const live = livePatrolNow({ ...onDuty, patrol_set_by: 'lifesaver' }, at('10:00'), sampleRoster);
    expect([live.state, live.text]).toEqual(['on-duty', 'On duty until 5:00 pm']);
  });

  it('without the console, a sample roster still reads as a demo', () => {
    expect(livePatrolNow({ ...onDuty, patrol_set_by: null }, at('10:00'), sampleRoster).state).toBe('demo');
  });
});
