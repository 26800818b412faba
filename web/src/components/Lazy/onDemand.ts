/*
 * Code fetched on demand: a module's chunk is loaded the first time a
 * component wants it, and kept.  Until it is there the hook gives null, so
 * nothing of it is drawn and a first load that never wants it carries none
 * of it (the lesson column, a dialog before it first opens, the goal banner).
 */
import { useEffect, useState } from 'preact/hooks';

export interface OnDemand<T> {
  /** starts loading (once; again after a failure) */
  start: () => Promise<T>;
  /** the module once loaded, else null; `want` starts loading it */
  use: (want: boolean) => T | null;
}

export function onDemand<T>(load: () => Promise<T>): OnDemand<T> {
  let loading: Promise<T> | null = null;
  let loaded: T | null = null;
  const start = () => {
    loading ??= load().then((m) => (loaded = m));
    loading.catch(() => (loading = null));
    return loading;
  };
  const use = (want: boolean) => {
    const [m, setM] = useState<T | null>(loaded);
    useEffect(() => {
      if (!want || m) return;
      let live = true;
      start().then(
        (x) => live && setM(x),
        () => undefined,
      );
      return () => {
        live = false;
      };
    }, [want]);
    return m;
  };
  return { start, use };
}
