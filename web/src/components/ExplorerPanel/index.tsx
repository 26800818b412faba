/*
 * "Could a computer have found this?"  The explorer's card under the lanes:
 * one button (key e) that searches the schedules in a Web Worker, its options
 * (strategy, preemption bound), a progress bar with a Cancel button, and the
 * result line: what was found (its schedule is then loaded, to be stepped
 * through) or what was proven.  Beside it, "Prove it": every interleaving, in
 * several workers, its bar filled against Knuth's estimate, "about N s left".
 */
import { useEffect, useRef } from 'preact/hooks';
import type { ExploreOptions, Strategy } from '../../bridge/explorer';
import { t, type MessageKey } from '../../i18n';
import {
  MAX_BOUND,
  STRATEGIES,
  progressFraction,
  progressLine,
  proveProgressLine,
} from '../../model/explore';
import { scheduleBody } from '../../model/schedule';
import type { ExplorerState } from '../../store/store';
import s from './style.module.css';

export interface ExplorerPanelProps {
  explorer: ExplorerState;
  /** the scenario and variant open now (a result for another is stale) */
  scenarioId: string;
  variant: string;
  disabled: boolean;
  /** why the explorer waits for the learner's own attempt (it is then disabled) */
  locked?: string;
  onRun: () => void;
  /** "Prove it": the complete search in workers */
  onProve: () => void;
  onCancel: () => void;
  onClose: () => void;
  onOptions: (o: Partial<ExploreOptions>) => void;
}

const STRATEGY_KEYS: Record<Strategy, MessageKey> = {
  dfs: 'explore.strategy.dfs',
  random: 'explore.strategy.random',
  pct: 'explore.strategy.pct',
};

function Options({
  options,
  disabled,
  onOptions,
}: {
  options: ExploreOptions;
  disabled: boolean;
  onOptions: ExplorerPanelProps['onOptions'];
}) {
  return (
    <details class={s.options}>
      <summary>{t('explore.options')}</summary>
      <div class={s.fields}>
        <label class={s.field}>
          <span>{t('explore.strategy')}</span>
          <select
            value={options.strategy}
            disabled={disabled}
            data-testid="explore-strategy"
            onChange={(e) => {
              const strategy = (e.currentTarget as HTMLSelectElement).value as Strategy;
              onOptions({ strategy, maxExecutions: strategy === 'dfs' ? 0 : 2000 });
            }}
          >
            {STRATEGIES.map((st) => (
              <option key={st} value={st}>
                {t(STRATEGY_KEYS[st])}
              </option>
            ))}
          </select>
        </label>
        {options.strategy !== 'random' && (
          <label class={s.field}>
            <span>{t(options.strategy === 'pct' ? 'explore.boundPct' : 'explore.boundLabel')}</span>
            <input
              type="number"
              min={0}
              max={MAX_BOUND}
              step={1}
              value={options.bound}
              disabled={disabled}
              data-testid="explore-bound"
              onChange={(e) => {
                const n = Number((e.currentTarget as HTMLInputElement).value);
                if (Number.isInteger(n) && n >= 0 && n <= MAX_BOUND) onOptions({ bound: n });
              }}
            />
          </label>
        )}
      </div>
    </details>
  );
}

export function ExplorerPanel(p: ExplorerPanelProps) {
  const x = p.explorer;
  const stale = x.scenarioId !== p.scenarioId || x.variant !== p.variant;
  const status = x.status === 'running' ? 'running' : stale ? 'idle' : x.status;
  const o = x.options;
  const card = useRef<HTMLElement>(null);
  // a search started by key, or its result, may be below the fold: bring it into view
  useEffect(() => {
    if (status !== 'idle') card.current?.scrollIntoView({ block: 'nearest' });
  }, [status]);

  if (status === 'running') {
    const progress = x.progress ?? { executions: 0, bound: 0, pruned: 0, elapsedMs: 0 };
    const proving = x.mode === 'prove';
    const f = proving
      ? progress.estimate
        ? Math.min(1, progress.executions / progress.estimate)
        : null
      : progressFraction(progress, o);
    const title = t(proving ? 'explore.proving' : 'explore.searching');
    return (
      <section
        ref={card}
        class={s.card}
        data-state="running"
        data-testid="explorer"
        aria-busy="true"
        aria-labelledby="explore-title"
      >
        <div class={s.head}>
          <span class={s.spinner} aria-hidden="true" />
          <h2 id="explore-title" class={s.title}>
            {title}
          </h2>
          <button type="button" class={s.secondary} onClick={p.onCancel} data-testid="explore-cancel">
            {t('explore.cancel')}
          </button>
        </div>
        <div
          class={f === null ? `${s.bar} ${s.indeterminate}` : s.bar}
          role="progressbar"
          aria-label={title}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={f === null ? undefined : Math.round(f * 100)}
          data-testid="explore-progress"
        >
          <span class={s.fill} style={f === null ? undefined : { width: `${Math.max(3, f * 100)}%` }} />
        </div>
        <p class={s.figures} data-testid="explore-figures">
          {proving ? proveProgressLine(progress) : progressLine(progress, o.strategy)}
        </p>
      </section>
    );
  }

  if (status === 'found' || status === 'none' || status === 'cancelled' || status === 'failed') {
    const found = status === 'found';
    const icon = found ? '⚠' : status === 'none' ? '✓' : status === 'failed' ? '!' : '■';
    return (
      <section
        ref={card}
        class={s.card}
        data-state={status}
        data-testid="explorer"
        aria-labelledby="explore-title"
      >
        <div class={s.head}>
          <span class={s.icon} aria-hidden="true">
            {icon}
          </span>
          <h2 id="explore-title" class={`${s.title} ${s.result}`} data-testid="explore-result">
            {x.line}
          </h2>
        </div>
        {found && x.result?.schedule && (
          <>
            <p class={s.text}>{t('explore.loaded')}</p>
            <p class={s.schedule}>
              <span class={s.label}>{t('explore.schedule')}</span>
              <code data-testid="explore-schedule">{scheduleBody(x.result.schedule)}</code>
            </p>
          </>
        )}
        <div class={s.actions}>
          <button
            type="button"
            class={s.primary}
            onClick={p.onRun}
            disabled={p.disabled}
            data-testid="explore-run"
          >
            {t('explore.again')} <kbd class={s.key}>e</kbd>
          </button>
          <button
            type="button"
            class={s.secondary}
            onClick={p.onProve}
            disabled={p.disabled || !!p.locked}
            data-testid="explore-prove"
          >
            {t('explore.prove')}
          </button>
          <button type="button" class={s.secondary} onClick={p.onClose} data-testid="explore-close">
            {t('explore.close')}
          </button>
          <Options options={o} disabled={p.disabled} onOptions={p.onOptions} />
        </div>
      </section>
    );
  }

  return (
    <section
      ref={card}
      class={s.card}
      data-state="idle"
      data-testid="explorer"
      aria-labelledby="explore-title"
    >
      <div class={s.idle}>
        <div class={s.pitch}>
          <h2 id="explore-title" class={s.title}>
            {t('explore.question')}
          </h2>
          <p class={s.text} data-testid={p.locked ? 'explore-locked' : undefined}>
            {p.locked ?? t('explore.pitch')}
          </p>
        </div>
        <button
          type="button"
          class={s.primary}
          onClick={p.onRun}
          disabled={p.disabled || !!p.locked}
          aria-keyshortcuts="e"
          data-testid="explore-run"
        >
          {t('explore.find')} <kbd class={s.key}>e</kbd>
        </button>
        <button
          type="button"
          class={s.secondary}
          onClick={p.onProve}
          disabled={p.disabled || !!p.locked}
          data-testid="explore-prove"
        >
          {t('explore.prove')}
        </button>
      </div>
      <Options options={o} disabled={p.disabled} onOptions={p.onOptions} />
    </section>
  );
}
