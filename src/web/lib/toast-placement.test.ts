import { describe, expect, it } from 'vitest';
import { type Box, boxAt, toastEdge } from './toast-placement.ts';

const phone = { width: 375, height: 740 };
const desktop = { width: 1280, height: 800 };
const phoneToast = { left: 16, right: 359, height: 90 };
const desktopToast = { left: 868, right: 1264, height: 90 };
const button = (top: number, left = 20, right = 120): Box => ({
  top,
  bottom: top + 36,
  left,
  right,
});

describe('where a notice goes', () => {
  it('goes to the top on a phone and the bottom on wider screens when nothing is in the way', () => {
    expect(toastEdge({ viewport: phone, toast: phoneToast, origin: null, controls: [] })).toBe(
      'top',
    );
    expect(toastEdge({ viewport: desktop, toast: desktopToast, origin: null, controls: [] })).toBe(
      'bottom',
    );
  });

  it('never covers the control that raised it', () => {
    expect(
      toastEdge({ viewport: phone, toast: phoneToast, origin: button(100), controls: [] }),
    ).toBe('bottom');
    expect(
      toastEdge({
        viewport: desktop,
        toast: desktopToast,
        origin: button(740, 1100, 1260),
        controls: [button(100, 900, 1000), button(150, 900, 1000)],
      }),
    ).toBe('top');
  });

  it('covers as few other controls as it can', () => {
    const low = [button(660), button(700)];
    expect(toastEdge({ viewport: phone, toast: phoneToast, origin: null, controls: low })).toBe(
      'top',
    );
    const high = [button(90), button(130)];
    expect(toastEdge({ viewport: phone, toast: phoneToast, origin: null, controls: high })).toBe(
      'bottom',
    );
    // A control left of a desktop notice is not under it.
    expect(
      toastEdge({ viewport: desktop, toast: desktopToast, origin: button(740), controls: [] }),
    ).toBe('bottom');
  });

  it('takes its box below the header or above the bottom edge', () => {
    expect(boxAt('top', 740, phoneToast)).toEqual({ top: 80, bottom: 170, left: 16, right: 359 });
    expect(boxAt('bottom', 740, phoneToast)).toEqual({
      top: 634,
      bottom: 724,
      left: 16,
      right: 359,
    });
  });
});
