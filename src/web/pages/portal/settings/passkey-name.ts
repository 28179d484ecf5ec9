import { PASSKEY_NAME_MAX } from '#shared/passkeys.ts';

// The name a new passkey is offered: the browser and the system it is made on ("Chrome on
// Mac"), which tells a person's passkeys apart well enough until they choose better. A
// name they already use gets a number.

const browsers: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const systems: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Macintosh|Mac OS X/, 'Mac'],
  [/Windows/, 'Windows'],
  [/Linux/, 'Linux'],
];

const first = (list: [RegExp, string][], userAgent: string) =>
  list.find(([pattern]) => pattern.test(userAgent))?.[1];

export function suggestedPasskeyName(userAgent: string, taken: readonly string[] = []): string {
  const browser = first(browsers, userAgent);
  const system = first(systems, userAgent);
  const base = (
    browser && system ? `${browser} on ${system}` : (browser ?? system ?? 'Passkey')
  ).slice(0, PASSKEY_NAME_MAX - 3);
  const used = new Set(taken.map((name) => name.toLowerCase()));
  if (!used.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) if (!used.has(`${base} ${n}`.toLowerCase())) return `${base} ${n}`;
}
