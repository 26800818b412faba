/*
 * A component whose code is loaded the first time it is shown (its own
 * chunk), e.g. the bottom pane's diagram and trace, each engine's view: they
 * cost nothing on the first load.  Until the code is there, a quiet "loading"
 * line (the diagram's words unless others are given).
 */
import { h, type ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { t, type MessageKey } from '../../i18n';
import s from './style.module.css';

export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  words: { loading: MessageKey; failed: MessageKey } = {
    loading: 'diagram.loading',
    failed: 'diagram.failed',
  },
): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  return function Lazy(props: P) {
    const [, ready] = useState(0);
    const [failed, setFailed] = useState('');
    useEffect(() => {
      if (loaded) return;
      let live = true;
      loading ??= load();
      loading.then(
        (c) => {
          loaded = c;
          if (live) ready((n) => n + 1);
        },
        (e: unknown) => {
          loading = null;
          if (live) setFailed(e instanceof Error ? e.message : String(e));
        },
      );
      return () => {
        live = false;
      };
    }, []);
    if (loaded) return h(loaded, props);
    return (
      <p class={failed ? `${s.note} ${s.bad}` : s.note} role={failed ? 'alert' : undefined}>
        {failed ? t(words.failed, { message: failed }) : t(words.loading)}
      </p>
    );
  };
}
