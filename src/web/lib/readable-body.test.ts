import { describe, expect, it } from 'vitest';
import { readableBody } from './readable-body.ts';

describe('readableBody', () => {
  it('indents a JSON answer and leaves anything else as it came', () => {
    expect(readableBody('{"ok":true,"items":[1,2]}')).toBe(
      '{\n  "ok": true,\n  "items": [\n    1,\n    2\n  ]\n}',
    );
    expect(readableBody('received')).toBe('received');
    // A body cut short is not JSON any more: shown as it came.
    expect(readableBody('{"ok":tr')).toBe('{"ok":tr');
  });
});
