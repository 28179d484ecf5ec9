import { describe, expect, it } from 'vitest';
import { clockTime, cronInWords, ordinal, wordList } from './cron-words.ts';

describe('cron in words', () => {
  it('says what the presets write', () => {
    expect(cronInWords('0 * * * *')).toBe('Every hour');
    expect(cronInWords('0 9 * * *')).toBe('Every day at 9:00 AM');
    expect(cronInWords('30 18 * * *')).toBe('Every day at 6:30 PM');
    expect(cronInWords('0 9 * * 1-5')).toBe('Every weekday at 9:00 AM');
    expect(cronInWords('15 7 * * 3')).toBe('Every Wednesday at 7:15 AM');
    expect(cronInWords('0 0 * * 0')).toBe('Every Sunday at 12:00 AM');
    expect(cronInWords('0 12 * * 6')).toBe('Every Saturday at 12:00 PM');
  });

  it('says the usual hand-typed shapes', () => {
    expect(cronInWords('* * * * *')).toBe('Every minute');
    expect(cronInWords('*/15 * * * *')).toBe('Every 15 minutes');
    expect(cronInWords('*/1 * * * *')).toBe('Every minute');
    expect(cronInWords('5 * * * *')).toBe('Every hour, at 5 minutes past');
    expect(cronInWords('0 */6 * * *')).toBe('Every 6 hours');
    expect(cronInWords('30 */2 * * *')).toBe('Every 2 hours, at 30 minutes past');
    expect(cronInWords('0 9,17 * * 1-5')).toBe('Every weekday at 9:00 AM and 5:00 PM');
    expect(cronInWords('0 8 * * 5,1,3')).toBe('Every Monday, Wednesday and Friday at 8:00 AM');
    expect(cronInWords('0 10 * * 0,6')).toBe('Every Saturday and Sunday at 10:00 AM');
    expect(cronInWords('0 10 * * 7')).toBe('Every Sunday at 10:00 AM');
    expect(cronInWords('0 6 1 * *')).toBe('Every month on the 1st at 6:00 AM');
    expect(cronInWords('45 23 1,15 * *')).toBe('Every month on the 1st and 15th at 11:45 PM');
    expect(cronInWords('0 9 1 1 *')).toBe('Every year on January 1 at 9:00 AM');
    expect(cronInWords('30 8 31 12 *')).toBe('Every year on December 31 at 8:30 AM');
  });

  it('reads extra spaces as one', () => {
    expect(cronInWords('  5  18 * *  1-5 ')).toBe('Every weekday at 6:05 PM');
  });

  it('leaves anything else to a general reader', () => {
    for (const cron of [
      '0 9 * 1 *',
      '0 9 1 13 *',
      '0 9 1,15 1 *',
      '0 9 * * 2-4',
      '0 9 1 * 1',
      '0 * * * 1-5',
      '0 9-17 * * *',
      '0 9 * * MON',
      '61 9 * * *',
      '0 24 * * *',
      '0 9 * * 8',
      '0 9 32 * *',
      '0 9 * *',
      '',
    ])
      expect(cronInWords(cron), cron).toBeNull();
  });
});

describe('the words it is made of', () => {
  it('tells the time on a twelve-hour clock', () => {
    expect(clockTime(0, 0)).toBe('12:00 AM');
    expect(clockTime(9, 5)).toBe('9:05 AM');
    expect(clockTime(12, 30)).toBe('12:30 PM');
    expect(clockTime(23, 59)).toBe('11:59 PM');
  });

  it('lists and counts as people do', () => {
    expect(wordList(['Monday'])).toBe('Monday');
    expect(wordList(['Monday', 'Friday'])).toBe('Monday and Friday');
    expect(wordList(['a', 'b', 'c'])).toBe('a, b and c');
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '31st',
    ]);
  });
});
