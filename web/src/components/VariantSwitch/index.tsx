/*
 * The engine variant in the header, on one line whatever the number of
 * variants: two as a segmented switch `variant: [correct|validate_outside]`
 * (a radio group: arrow keys move between the options), more as a menu (a
 * native select, which never wraps and works with every input).  Only the
 * scenario's allowed variants; choosing one re-opens the scenario under it
 * (store.switchVariant).
 */
import { t, hasOwn, type MessageKey } from '../../i18n';
import s from './style.module.css';

export interface VariantSwitchProps {
  engine: string;
  variant: string;
  variants: string[];
  busy: boolean;
  onChange: (v: string) => void;
}

/** One line about what a variant changes, when the strings have one. */
export function variantHint(engine: string, v: string): string | undefined {
  const key = `variant.hint.${engine}.${v}` as MessageKey;
  return hasOwn(key) || t(key) !== key ? t(key) : undefined;
}

/** Up to this many variants are pills side by side; more are a menu. */
export const PILLS_AT_MOST = 2;

function VariantMenu({ engine, variant, variants, busy, onChange }: VariantSwitchProps) {
  return (
    <div class={s.switch}>
      <label class={s.label} for="variant-menu">
        {t('variant.label')}
      </label>
      <select
        id="variant-menu"
        class={s.menu}
        value={variant}
        disabled={busy}
        title={variantHint(engine, variant)}
        onChange={(e) => {
          const v = (e.currentTarget as HTMLSelectElement).value;
          if (v !== variant) onChange(v);
        }}
        onKeyDown={(e) => e.stopPropagation() /* ← → choose here, not the app's time keys */}
        data-testid="variant-switch"
      >
        {variants.map((v) => (
          <option key={v} value={v} data-variant={v} title={variantHint(engine, v)}>
            {v}
          </option>
        ))}
      </select>
    </div>
  );
}

export function VariantSwitch(props: VariantSwitchProps) {
  const { engine, variant, variants, busy, onChange } = props;
  if (variants.length < 2) return null;
  if (variants.length > PILLS_AT_MOST) return <VariantMenu {...props} />;
  const onKey = (e: KeyboardEvent) => {
    const i = variants.indexOf(variant);
    let j = -1;
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') j = (i + 1) % variants.length;
    if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') j = (i - 1 + variants.length) % variants.length;
    if (j < 0) return;
    e.preventDefault();
    e.stopPropagation(); // ← is also the app's "back"
    onChange(variants[j]!);
    const box = e.currentTarget as HTMLElement;
    requestAnimationFrame(() => box.querySelector<HTMLElement>(`[data-variant="${variants[j]}"]`)?.focus());
  };
  return (
    <div class={s.switch}>
      <span class={s.label} id="variant-label">
        {t('variant.label')}
      </span>
      <div
        class={s.options}
        role="radiogroup"
        aria-labelledby="variant-label"
        onKeyDown={onKey}
        data-testid="variant-switch"
      >
        {variants.map((v) => {
          const on = v === variant;
          return (
            <button
              key={v}
              type="button"
              role="radio"
              aria-checked={on}
              tabIndex={on ? 0 : -1}
              class={s.option}
              disabled={busy && !on}
              onClick={() => !on && onChange(v)}
              title={variantHint(engine, v)}
              data-variant={v}
            >
              <code>{v}</code>
            </button>
          );
        })}
      </div>
    </div>
  );
}
