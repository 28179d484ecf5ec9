import { describe, expect, it } from 'vitest';
import { cronOf, presetOf } from './schedule-presets.ts';

describe('schedule presets', () => {
  it('write the cron a client means', () => {
    expect(cronOf({ repeat: 'hourly', time: '09:00', weekday: '1' })).toBe('0 * * * *');
    expect(cronOf({ repeat: 'daily', time: '07:30', weekday: '1' })).toBe('30 7 * * *');
    expect(cronOf({ repeat: 'weekdays', time: '18:05', weekday: '1' })).toBe('5 18 * * 1-5');
    expect(cronOf({ repeat: 'weekly', time: '00:00', weekday: '0' })).toBe('0 0 * * 0');
    expect(cronOf({ repeat: 'custom', time: '09:00', weekday: '1' })).toBeNull();
  });

  it('read a cron back as its preset, anything else as custom', () => {
    expect(presetOf('0 * * * *').repeat).toBe('hourly');
    expect(presetOf('30 7 * * *')).toEqual({ repeat: 'daily', time: '07:30', weekday: '1' });
    expect(presetOf(' 5  18 * * 1-5')).toEqual({ repeat: 'weekdays', time: '18:05', weekday: '1' });
    expect(presetOf('0 9 * * 3')).toEqual({ repeat: 'weekly', time: '09:00', weekday: '3' });
    for (const custom of ['*/15 * * * *', '0 9 1 * *', '61 9 * * *', '0 24 * * *', '0 9 * * 1,3'])
      expect(presetOf(custom).repeat).toBe('custom');
  });

  it('round-trip every preset', () => {
    for (const cron of ['0 * * * *', '0 9 * * *', '45 23 * * 1-5', '15 6 * * 6'])
      expect(cronOf(presetOf(cron))).toBe(cron);
  });
});
