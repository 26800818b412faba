import type { Locale } from '../../i18n';
import { getLocale, t } from '../../i18n';
import { engineTitle } from '../../engines';
import { LangSwitch } from '../LangSwitch';
import { VariantSwitch } from '../VariantSwitch';
import { MemorySwitch } from '../MemorySwitch';
import s from './style.module.css';

export interface HeaderProps {
  engine?: string;
  title?: string;
  onKeys: () => void;
  /** opens the scenario picker */
  onScenarios?: () => void;
  /** opens the lesson index */
  onLessons?: () => void;
  /** what the title opens (default: the scenario picker) */
  onTitle?: () => void;
  titleHint?: string;
  /** the variant switch (shown when the scenario allows two or more) */
  variant?: string;
  variants?: string[];
  onVariant?: (v: string) => void;
  /** the memory model switch (shown when given the models) */
  memory?: string;
  memories?: readonly string[];
  onMemory?: (m: string) => void;
  busy?: boolean;
  locale?: Locale;
  onLocale?: (l: Locale) => void;
}

export function Header({
  engine,
  title,
  onKeys,
  onScenarios,
  onLessons,
  onTitle = onScenarios,
  titleHint,
  variant,
  variants,
  onVariant,
  memory,
  memories,
  onMemory,
  busy = false,
  locale,
  onLocale,
}: HeaderProps) {
  const engineName = engine ? engineTitle(engine, locale ?? getLocale()) : null;
  return (
    <header class={s.header}>
      <a class={s.brand} href="./" aria-label={t('app.name')}>
        <svg class={s.mark} viewBox="0 0 32 32" aria-hidden="true">
          <rect x="3" y="5" width="11" height="22" rx="3" fill="#E69F00" />
          <rect x="18" y="5" width="11" height="22" rx="3" fill="#56B4E9" />
        </svg>
        <span class={s.word}>{t('app.name')}</span>
      </a>
      <nav class={s.crumbs} aria-label={t('header.crumbs')}>
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
            {onTitle ? (
              <button
                type="button"
                class={`${s.title} ${s.titleButton}`}
                aria-current="page"
                onClick={onTitle}
                title={titleHint ?? t('picker.open')}
                data-testid="crumb-title"
              >
                <span class={s.titleText}>{title}</span>
                <span class={s.caret} aria-hidden="true">
                  ▾
                </span>
              </button>
            ) : (
              <span class={s.title} aria-current="page">
                {title}
              </span>
            )}
          </>
        )}
      </nav>
      <div class={s.tools}>
        {onLessons && (
          <button type="button" class={s.pill} onClick={onLessons} data-testid="open-lessons">
            <svg class={s.gridIcon} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
              <path d="M2 3.5h4.5a1.5 1.5 0 0 1 1.5 1.5v8.5a1.5 1.5 0 0 0-1.5-1.5H2zM14 3.5H9.5A1.5 1.5 0 0 0 8 5v8.5a1.5 1.5 0 0 1 1.5-1.5H14z" />
            </svg>
            {t('lesson.lessonsButton')}
          </button>
        )}
        {onScenarios && (
          <button type="button" class={s.pill} onClick={onScenarios} data-testid="open-picker">
            <svg class={s.gridIcon} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
              <rect x="1.5" y="1.5" width="5" height="5" rx="1" />
              <rect x="9.5" y="1.5" width="5" height="5" rx="1" />
              <rect x="1.5" y="9.5" width="5" height="5" rx="1" />
              <rect x="9.5" y="9.5" width="5" height="5" rx="1" />
            </svg>
            {t('picker.button')}
          </button>
        )}
        {engine && variant && variants && onVariant && (
          <VariantSwitch
            engine={engine}
            variant={variant}
            variants={variants}
            busy={busy}
            onChange={onVariant}
          />
        )}
        {memory && memories && onMemory && (
          <MemorySwitch memory={memory} models={memories} busy={busy} onChange={onMemory} />
        )}
        {locale && onLocale && <LangSwitch locale={locale} onChange={onLocale} />}
        <button type="button" class={s.keys} onClick={onKeys} aria-keyshortcuts="?">
          <kbd>?</kbd> {t('keys.button')}
        </button>
      </div>
    </header>
  );
}
