/* Messages about what could not be done: a bad scenario, a bad address, an engine refusal. */
import type { Notice } from '../../store/store';
import { t } from '../../i18n';
import { problemWhere as where } from '../../model/scenarioList';
import s from './style.module.css';

export function Notices({ notices, onDismiss }: { notices: Notice[]; onDismiss: (id: number) => void }) {
  if (notices.length === 0) return null;
  return (
    <div class={s.notices}>
      {notices.map((n) => (
        <div
          key={n.id}
          class={s.notice}
          data-tone={n.tone}
          role={n.tone === 'error' ? 'alert' : 'status'}
          data-testid="notice"
        >
          <span class={s.icon} aria-hidden="true">
            {n.tone === 'error' ? '!' : 'i'}
          </span>
          <div class={s.body}>
            <p class={s.title}>{n.title}</p>
            {n.detail && <p class={s.detail}>{n.detail}</p>}
            {n.problems && n.problems.length > 0 && (
              <ul class={s.problems}>
                {n.problems.map((p, i) => (
                  <li key={i}>
                    {where(p) && <code class={s.where}>{where(p)}</code>} {p.message}
                  </li>
                ))}
              </ul>
            )}
          </div>
          <button
            type="button"
            class={s.dismiss}
            onClick={() => onDismiss(n.id)}
            aria-label={t('notice.dismiss')}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
