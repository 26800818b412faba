/*
 * The lesson player's components (the lesson column, the goal banner, the
 * lesson index, Embed) load as one chunk of their own, in parallel with the
 * engine, so the sandbox's first paint does not carry them.
 */
import { useEffect, useState } from 'preact/hooks';

type LessonUI = typeof import('./uiChunk');

let loading: Promise<LessonUI> | null = null;
let loaded: LessonUI | null = null;

/** Starts loading the lesson components (main.tsx calls it when the address opens a lesson). */
export function loadLessonUI(): Promise<LessonUI> {
  loading ??= import('./uiChunk').then((m) => (loaded = m));
  loading.catch(() => (loading = null));
  return loading;
}

/** The lesson components once loaded (null until then); `want` starts loading them. */
export function useLessonUI(want: boolean): LessonUI | null {
  const [ui, setUI] = useState<LessonUI | null>(loaded);
  useEffect(() => {
    if (!want || ui) return;
    let live = true;
    loadLessonUI().then(
      (m) => live && setUI(m),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [want]);
  return ui;
}
