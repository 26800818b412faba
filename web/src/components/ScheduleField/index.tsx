/*
 * The schedule so far, and editing it: type thread names (one per choice) and
 * Enter replays them; a schedule the engine refuses is shown with its words,
 * and the run stays as it was.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../../i18n';
import { scheduleBody, scheduleVersion } from '../../model/schedule';
import s from './style.module.css';

export interface ScheduleFieldProps {
  /** readable, "v1: A B A", up to the current step ('' before the first step) */
  schedule: string;
  /** the whole recorded run, when the current step is before its end */
  full?: string;
  busy: boolean;
  /** replays; resolves to null or what is wrong */
  onApply: (text: string) => Promise<string | null>;
}

export function ScheduleField({ schedule, full, busy, onApply }: ScheduleFieldProps) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (editing) input.current?.select();
  }, [editing]);
  const body = scheduleBody(schedule);
  const whole = full ? scheduleBody(full) : body;
  // the recorded future, after the choices made so far
  const future = whole.startsWith(body) ? whole.slice(body.length) : '';
  const start = () => {
    setText(whole);
    setError(null);
    setEditing(true);
  };
  const apply = async () => {
    const problem = await onApply(text);
    if (problem) setError(problem);
    else setEditing(false);
  };
  return (
    <div
      class={editing ? `${s.schedule} ${s.editing}` : s.schedule}
      title={editing ? undefined : t('time.scheduleHint')}
    >
      <span class={s.label} id="schedule-label">
        {t('time.schedule')}
      </span>
      {editing ? (
        <form
          class={s.form}
          onSubmit={(e) => {
            e.preventDefault();
            void apply();
          }}
        >
          <div class={s.inputBox}>
            <input
              ref={input}
              class={error ? `${s.input} ${s.invalid}` : s.input}
              value={text}
              spellcheck={false}
              autocomplete="off"
              aria-label={t('schedule.editLabel')}
              aria-invalid={!!error}
              aria-describedby="schedule-help"
              onInput={(e) => {
                setText((e.currentTarget as HTMLInputElement).value);
                setError(null);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Escape') {
                  e.preventDefault();
                  setEditing(false);
                }
              }}
              data-testid="schedule-input"
            />
            {error ? (
              <p class={s.error} id="schedule-help" role="alert" data-testid="schedule-error">
                {error}
              </p>
            ) : (
              <p class={s.help} id="schedule-help">
                {t('schedule.editHint')}
              </p>
            )}
          </div>
          <button type="submit" class={s.apply} disabled={busy} data-testid="schedule-apply">
            {t('schedule.apply')}
          </button>
          <button type="button" class={s.link} onClick={() => setEditing(false)}>
            {t('schedule.cancelEdit')}
          </button>
        </form>
      ) : (
        <>
          <code class={s.code} data-testid="schedule" aria-labelledby="schedule-label">
            {schedule || full ? (
              <>
                <span class={s.version}>{scheduleVersion(full ?? schedule)}:</span> {body}
                {future && (
                  <span class={s.future} data-testid="schedule-future">
                    {future}
                  </span>
                )}
                {!body && !future && '—'}
              </>
            ) : (
              '—'
            )}
          </code>
          <button type="button" class={s.link} onClick={start} data-testid="schedule-edit">
            {t('schedule.edit')}
          </button>
        </>
      )}
    </div>
  );
}
