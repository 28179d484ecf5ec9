import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SaveWarnings, saveWarningTitle } from './save-warnings.tsx';

// The warning seen after a save the server warned about (the browser tests run with
// ALLOW_PRIVATE_WEBHOOKS on, so the server never warns there).

const warning =
  'The webhook URL points at a private, loopback or other non-public address (10.0.0.5); calls to it will be refused unless ALLOW_PRIVATE_WEBHOOKS is on.';

const render = (warnings: string[]) =>
  renderToStaticMarkup(
    createElement(SaveWarnings, {
      title: saveWarningTitle('Invoice sync'),
      warnings,
      onDismiss: () => {},
    }),
  );

describe('the save warning notice', () => {
  it('names the process and shows each warning, announced as an alert', () => {
    const html = render([warning]);
    expect(saveWarningTitle('Invoice sync')).toBe('Invoice sync was saved with a warning');
    expect(html).toContain('role="alert"');
    expect(html).toContain('Invoice sync was saved with a warning');
    expect(html).toContain(`<li class="break-words">${warning}</li>`);
    expect(html).toContain('aria-label="Dismiss warning"');
  });

  it('is not shown without warnings', () => {
    expect(render([])).toBe('');
  });
});
