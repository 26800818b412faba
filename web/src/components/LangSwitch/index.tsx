/* EN / 中文: the UI language (remembered; see main.tsx). */
import { LOCALES, t, type Locale } from '../../i18n';
import s from './style.module.css';

const NAMES: Record<Locale, string> = { en: 'EN', 'zh-CN': '中文' };
const FULL: Record<Locale, string> = { en: 'English', 'zh-CN': '简体中文' };

export function LangSwitch({ locale, onChange }: { locale: Locale; onChange: (l: Locale) => void }) {
  return (
    <div class={s.switch} role="group" aria-label={t('lang.label')} data-testid="lang-switch">
      {LOCALES.map((l, i) => (
        <span key={l} class={s.item}>
          {i > 0 && (
            <span class={s.sep} aria-hidden="true">
              /
            </span>
          )}
          <button
            type="button"
            class={s.option}
            aria-pressed={l === locale}
            lang={l}
            title={FULL[l]}
            onClick={() => onChange(l)}
            data-lang={l}
          >
            {NAMES[l]}
          </button>
        </span>
      ))}
    </div>
  );
}
