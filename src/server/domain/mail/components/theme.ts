// The brand's colours in mail: the portal's blue on a white card over a pale page. Inline
// styles only, because mail clients ignore stylesheets.

export const colors = {
  brand: '#1d4ed8',
  text: '#0f172a',
  muted: '#475569',
  line: '#e2e8f0',
  page: '#f8fafc',
  white: '#ffffff',
} as const;

export const fontFamily = 'Helvetica, Arial, sans-serif';
