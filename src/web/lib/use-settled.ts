import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `ms` milliseconds: a search box asks the server
 * when typing pauses, not on every key.
 */
export function useSettled<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
