// Debian's Chromium and the flags every tool here starts it with (browser tests,
// screenshots, Lighthouse): never a downloaded browser, and no background traffic, which
// this machine's closed network refuses.

export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
