import { useSyncExternalStore } from 'react';

// Whether the screen is at least Tailwind's md width. The audit log renders either the
// table or the phone list, not both hidden by CSS: with 500 entries, one copy is plenty.

const QUERY = '(min-width: 48rem)';

const subscribe = (onChange: () => void) => {
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
};

export const useWide = () =>
  useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => true,
  );
