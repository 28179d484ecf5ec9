import { describe, expect, it } from 'vitest';
import { suggestedPasskeyName } from './passkey-name.ts';

const agents = {
  chromeLinux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36 Edg/142.0.0.0',
  firefoxMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:133.0) Gecko/20100101 Firefox/133.0',
};

describe('the name offered for a new passkey', () => {
  it('says which browser on which system made it', () => {
    expect(suggestedPasskeyName(agents.chromeLinux)).toBe('Chrome on Linux');
    expect(suggestedPasskeyName(agents.safariIphone)).toBe('Safari on iPhone');
    expect(suggestedPasskeyName(agents.edgeWindows)).toBe('Edge on Windows');
    expect(suggestedPasskeyName(agents.firefoxMac)).toBe('Firefox on Mac');
    expect(suggestedPasskeyName('curl/8.0')).toBe('Passkey');
  });

  it('numbers a name the person already uses', () => {
    expect(suggestedPasskeyName(agents.chromeLinux, ['chrome on linux'])).toBe('Chrome on Linux 2');
    expect(suggestedPasskeyName(agents.chromeLinux, ['Chrome on Linux', 'Chrome on Linux 2'])).toBe(
      'Chrome on Linux 3',
    );
  });
});
