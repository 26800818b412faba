/*
 * The screen: header; the story (left), the actors' lanes (centre), inside
 * the engine (right); the timeline at the bottom.  Wide screens get three
 * columns, narrow ones a single column in the same order.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { t } from '../../i18n';
import { isLostUpdate, narrateSteps, outcomeView } from '../../model/format';
import { commandForKey } from '../../model/keys';
import { objectsOfType } from '../../model/program';
import { useStore, useStoreActions } from '../../store/useStore';
import { BasicView } from '../BasicView';
import { Header } from '../Header';
import { KeysDialog } from '../KeysDialog';
import { Lane } from '../Lane';
import { Narration } from '../Narration';
import { Notices } from '../Notices';
import { Outcome } from '../Outcome';
import { Story } from '../Story';
import { Timeline } from '../Timeline';
import s from './style.module.css';

export function App() {
  const state = useStore();
  const store = useStoreActions();
  const [keysOpen, setKeysOpen] = useState(false);
  const { scenario, snap } = state;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const cmd = commandForKey(e, e.target as HTMLElement | null);
      if (!cmd) return;
      if (keysOpen && cmd.kind !== 'help') return;
      e.preventDefault();
      switch (cmd.kind) {
        case 'step':
          void store.step(cmd.actor);
          break;
        case 'stepOver':
          void store.stepOver(cmd.actor);
          break;
        case 'back':
          void store.back();
          break;
        case 'forward':
          void store.forward();
          break;
        case 'reset':
          void store.reset();
          break;
        case 'help':
          setKeysOpen((o) => !o);
          break;
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [store, keysOpen]);

  const counters = useMemo(() => (snap ? objectsOfType(snap.state, 'counter') : new Set<string>()), [snap]);
  const lines = useMemo(() => (snap ? narrateSteps(snap.trace, counters) : []), [snap, counters]);
  const lostCount = useMemo(
    () => (snap ? snap.trace.filter((e) => isLostUpdate(e, counters)).length : 0),
    [snap, counters],
  );
  const names = scenario?.actors.map((a) => a.name) ?? [];
  const checks = (scenario?.asserts ?? []).map((a) => a.text);
  const outcome = snap ? outcomeView(snap.state, snap.summary) : null;

  return (
    <div class={s.app}>
      <a class={s.skip} href="#lanes">
        {t('app.skip')}
      </a>
      <Header engine={scenario?.engine} title={scenario?.title} onKeys={() => setKeysOpen(true)} />
      <Notices notices={state.notices} onDismiss={(id) => store.dismiss(id)} />

      {state.phase === 'loading' && !snap && (
        <main class={s.loading} aria-busy="true">
          <span class={s.spinner} aria-hidden="true" />
          <p>{t('app.loading')}</p>
        </main>
      )}

      {scenario && snap && (
        <main class={s.main}>
          <aside class={`${s.panel} ${s.story}`} aria-labelledby="story-title">
            <h2 id="story-title" class={s.panelTitle}>
              {t('panel.story')}
            </h2>
            <Story
              intro={scenario.description?.trim() ?? ''}
              actorCount={scenario.actors.length}
              lines={lines}
              actorIndex={(n) => names.indexOf(n)}
              current={snap.state.step}
            />
          </aside>

          <section class={s.centre} id="lanes" aria-label={t('panel.actors')} tabIndex={-1}>
            {outcome && (
              <Outcome
                view={outcome}
                schedule={snap.summary.schedule}
                lostUpdates={lostCount}
                onReset={() => void store.reset()}
              />
            )}
            <div class={s.lanes} style={{ '--count': scenario.actors.length }}>
              {scenario.actors.map((a, i) => {
                const st = snap.state.actors[i];
                if (!st) return null;
                const next = st.next;
                const losesUpdate =
                  !!next &&
                  next.kind === 'store' &&
                  isLostUpdate(
                    { step: 0, time: 0, kind: 'store', object: next.object, arg: next.arg, old: next.value },
                    counters,
                  );
                return (
                  <Lane
                    key={a.name}
                    index={i}
                    actor={a}
                    state={st}
                    outcome={snap.state.outcome}
                    trace={snap.trace}
                    losesUpdate={losesUpdate}
                    onStep={(k) => void store.step(k)}
                    onStepOver={(k) => void store.stepOver(k)}
                  />
                );
              })}
            </div>
            <Narration text={state.announcement} serial={state.announced} alarm={state.alarm} />
          </section>

          <aside class={`${s.panel} ${s.inside}`} aria-labelledby="inside-title">
            <h2 id="inside-title" class={s.panelTitle}>
              {t('panel.inside')}
            </h2>
            <BasicView state={snap.state} trace={snap.trace} changed={state.changed} checks={checks} />
          </aside>
        </main>
      )}

      {scenario && snap && (
        <footer class={s.footer}>
          <Timeline
            step={snap.state.step}
            recorded={snap.state.steps_recorded}
            schedule={snap.summary.steps > 0 ? snap.summary.schedule : ''}
            busy={state.busy}
            onReset={() => void store.reset()}
            onBack={() => void store.back()}
            onForward={() => void store.forward()}
          />
        </footer>
      )}
      <KeysDialog open={keysOpen} onClose={() => setKeysOpen(false)} />
    </div>
  );
}
