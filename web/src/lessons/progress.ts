/*
 * The learner's progress in this browser (model/progress.ts over
 * localStorage), and a hook that re-renders when it changes (here, or in
 * another tab).
 */
import { useEffect, useState } from 'preact/hooks';
import { PROGRESS_KEY, browserStorage, markReached, readProgress, type Progress } from '../model/progress';

const CHANGED = 'lockstep-progress';

export function saveReached(id: string, how: { steps: number; variant: string }): void {
  markReached(browserStorage(), id, how);
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(CHANGED));
}

export function useProgress(): Progress {
  const [p, setP] = useState<Progress>(() => readProgress(browserStorage()));
  useEffect(() => {
    const again = () => setP(readProgress(browserStorage()));
    const other = (e: StorageEvent) => e.key === PROGRESS_KEY && again();
    again();
    window.addEventListener(CHANGED, again);
    window.addEventListener('storage', other);
    return () => {
      window.removeEventListener(CHANGED, again);
      window.removeEventListener('storage', other);
    };
  }, []);
  return p;
}
