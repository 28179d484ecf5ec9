import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToast, subscribeToasts, TOAST_DURATION_MS, toast } from './toast.ts';

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
