import { t, type MessageKey } from '../../i18n';
import s from './style.module.css';

export function Header({ engine, title, onKeys }: { engine?: string; title?: string; onKeys: () => void }) {
  const engineKey = `crumb.engine.${engine}` as MessageKey;
  const engineName = engine ? (t(engineKey) === engineKey ? engine : t(engineKey)) : null;
  return (
    <header class={s.header}>
      <a class={s.brand} href="./" aria-label={t('app.name')}>
        <svg class={s.mark} viewBox="0 0 32 32" aria-hidden="true">
          <rect x="3" y="5" width="11" height="22" rx="3" fill="#E69F00" />
          <rect x="18" y="5" width="11" height="22" rx="3" fill="#56B4E9" />
        </svg>
        <span class={s.word}>{t('app.name')}</span>
      </a>
      <nav class={s.crumbs} aria-label="breadcrumb">
        {engineName && (
          <>
            <span class={s.sep} aria-hidden="true">
              ▸
            </span>
            <span>{engineName}</span>
          </>
        )}
        {title && (
          <>
            <span class={s.sep} aria-hidden="true">
              ▸
            </span>
            <span class={s.title} aria-current="page">
              {title}
            </span>
          </>
        )}
      </nav>
      <span class={s.tagline}>{t('app.tagline')}</span>
      <button type="button" class={s.keys} onClick={onKeys} aria-keyshortcuts="?">
        <kbd>?</kbd> {t('keys.button')}
      </button>
    </header>
  );
}
