/*
 * Inside the `embassy` engine: the task table an async console shows (each
 * task's state, polls, wakes, self-wakes and what it awaits) and each
 * primitive's fields.  Everything comes from the state JSON: the task table
 * is the engine's describe() in core/script/engines/embassy/binding.c.
 */
import type { MachineState } from '../../../engine/types';
import { t } from '../../../i18n';
import { ActorBadge } from '../../../components/ActorBadge';
import s from './style.module.css';

/** One row of the task table (binding.c, embassy_describe). */
export interface EmbassyTask {
  task: string;
  state: 'idle' | 'running' | 'done';
  polls: number;
  wakes: number;
  self_wakes: number;
  await_polls: number;
  await: string | null;
  /** exact findings: "woke itself 100% of the time", "polled N times without progress" */
  lints: string[];
}

export interface EmbassyState {
  poll_ns: number;
  tasks: EmbassyTask[];
}

export interface EmbassyViewProps {
  state: MachineState;
}

/** The task table in the state JSON, or null before the executor ran. */
export function embassyOf(state: MachineState): EmbassyState | null {
  const e = state.engines?.embassy as EmbassyState | null | undefined;
  return e && Array.isArray(e.tasks) ? e : null;
}

export function EmbassyView({ state }: EmbassyViewProps) {
  const ex = embassyOf(state);
  return (
    <div class={s.view}>
      <table class={s.tasks} data-testid="embassy-tasks">
        <caption class={s.caption}>{t('embassy.tasks', { ns: ex?.poll_ns ?? 50 })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('embassy.task')}</th>
            <th scope="col">{t('embassy.state')}</th>
            <th scope="col">{t('embassy.polls')}</th>
            <th scope="col">{t('embassy.wakes')}</th>
            <th scope="col">{t('embassy.selfWakes')}</th>
            <th scope="col">{t('embassy.awaits')}</th>
          </tr>
        </thead>
        <tbody>
          {(ex?.tasks ?? []).map((row, i) => (
            <tr key={row.task} data-task={row.task} data-state={row.state}>
              <th scope="row">
                <ActorBadge name={row.task} index={i} size="s" />
              </th>
              <td>{t(`embassy.state.${row.state}`)}</td>
              <td class={s.num}>{row.polls}</td>
              <td class={s.num}>{row.wakes}</td>
              <td class={s.num}>{row.self_wakes}</td>
              <td>
                {row.await ?? '—'}
                {row.lints.map((l) => (
                  <span key={l} class={s.lint}>
                    {l}
                  </span>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div class={s.objects}>
        {state.objects.map((o) => (
          <figure key={o.name} class={s.object} data-object={o.name}>
            <figcaption>
              <code>{o.name}</code> <span class={s.type}>{o.type}</span>
            </figcaption>
            <dl class={s.fields}>
              {Object.entries(o.fields).map(([name, value]) => (
                <div key={name}>
                  <dt>{name}</dt>
                  <dd aria-label={`${o.name}.${name}`}>{value}</dd>
                </div>
              ))}
            </dl>
          </figure>
        ))}
      </div>
    </div>
  );
}
