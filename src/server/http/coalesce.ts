// Identical reads asked for at the same moment share one answer: ten admins
// opening the analytics together cost the database one aggregate, not ten. Only calls in
// flight are shared; the next call after an answer computes afresh.

export function coalescing<T>() {
  const inFlight = new Map<string, Promise<T>>();
  return (key: string, compute: () => Promise<T>): Promise<T> => {
    const running = inFlight.get(key);
    if (running) return running;
    const started = compute().finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  };
}
