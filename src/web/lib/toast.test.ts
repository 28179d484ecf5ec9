import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToast, subscribeToasts, TOAST_DURATION_MS, toast } from './toast.ts';
import { bodyBesideTitle, shownText, titleSaidInText } from './toast-words.ts';

describe('toast store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    dismissToast();
    vi.useRealTimers();
  });

  it('shows one notice at a time: a new one replaces the current one', () => {
    toast({ title: 'Created', text: 'Schedule created.', tone: 'success' });
    toast({ title: 'Deleted', text: 'Schedule removed.' });
    expect(getToast()).toMatchObject({ title: 'Deleted', text: 'Schedule removed.', tone: 'info' });
  });

  it('dismisses itself after five seconds, counted from the latest notice', () => {
    toast({ title: 'First', text: 'one' });
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1000);
    toast({ title: 'Second', text: 'two' });
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1000);
    expect(getToast()?.title).toBe('Second');
    vi.advanceTimersByTime(1000);
    expect(getToast()).toBeNull();
  });

  it('tells subscribers about every change', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToasts(listener);
    toast({ title: 'Saved', text: 'Done.' });
    dismissToast();
    unsubscribe();
    toast({ title: 'Ignored', text: 'after unsubscribe' });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('a notice never says its title twice', () => {
  it('drops the title from the start of the text', () => {
    expect(bodyBesideTitle('Test failed', 'Test failed: no answer in 30 s')).toBe(
      'No answer in 30 s',
    );
    expect(bodyBesideTitle('Invite revoked', 'Invite revoked. The link no longer works.')).toBe(
      'The link no longer works.',
    );
    expect(bodyBesideTitle('Error', 'error - Status 500')).toBe('Status 500');
  });

  it('drops a text that only repeats the title', () => {
    expect(bodyBesideTitle('Saved', 'Saved.')).toBe('');
    expect(bodyBesideTitle('Created', ' created ')).toBe('');
  });

  it('keeps a text that only starts with the same word', () => {
    expect(bodyBesideTitle('Removed', 'Removed from the team: Ann.')).toBe(
      'Removed from the team: Ann.',
    );
    expect(bodyBesideTitle('Created', 'Schedule created.')).toBe('Schedule created.');
    expect(bodyBesideTitle('Test', 'Testing is done.')).toBe('Testing is done.');
  });

  it('knows when the text already says the title', () => {
    expect(titleSaidInText('Created', 'Schedule created.')).toBe(true);
    expect(titleSaidInText('Test sent', 'Test notice sent to your webhook.')).toBe(true);
    expect(titleSaidInText('Invite revoked', 'The invite for a@b.test no longer works.')).toBe(
      false,
    );
    expect(titleSaidInText('Paused', 'Weekly digest will not run until you resume it.')).toBe(
      false,
    );
    expect(titleSaidInText('Saved', '')).toBe(false);
  });

  it('shows the notice with the text cleaned', () => {
    toast({ title: 'Test failed', text: 'Test failed: timeout', tone: 'error' });
    expect(getToast()).toMatchObject({ title: 'Test failed', origin: null });
    const failed = getToast();
    expect(failed && shownText(failed.title, failed.text)).toEqual({
      body: 'Timeout',
      titleInText: false,
    });
    expect(shownText('Created', 'Schedule created.')).toEqual({
      body: 'Schedule created.',
      titleInText: true,
    });
    dismissToast();
  });
});
