import { useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

// A pre-rendered page's HTML was made without the address's query (?next=, ?invite=) or
// its history state, so what it renders from them must wait until the page has hydrated,
// or React finds the HTML different from its first render.

const noChanges = () => () => {};

/** False while a pre-rendered page hydrates, true from then on. */
export const useHydrated = () =>
  useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );

/** The query of the address, or '' while a pre-rendered page hydrates. */
export function useHydratedSearch(): string {
  const { search } = useLocation();
  return useHydrated() ? search : '';
}
