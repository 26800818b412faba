/*
 * A run setting in the header (the engine variant, the memory model), on one
 * line whatever the number of values: two as a segmented switch
 * `variant: [correct|validate_outside]` (a radio group: arrow keys move
 * between the options), more as a menu (a native select, which never wraps
 * and works with every input).  Only the values the run may take; choosing
 * one re-opens the scenario under it (store.switchVariant, switchMemory).
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

/** A setting's switch: its name (ids, test ids), its label, its values and one line about each. */
export interface SettingSwitchProps {
  name: string;
  label: string;
  value: string;
  values: readonly string[];
  hint: (v: string) => string | undefined;
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

function SettingMenu({ name, label, value, values, hint, busy, onChange }: SettingSwitchProps) {
  return (
    <div class={s.switch}>
      <label class={s.label} for={`${name}-menu`}>
        {label}
      </label>
      <select
        id={`${name}-menu`}
        class={s.menu}
        value={value}
        disabled={busy}
        title={hint(value)}
        style={{ '--longest': Math.max(...values.map((v) => v.length)) }}
        onChange={(e) => {
          const v = (e.currentTarget as HTMLSelectElement).value;
          if (v !== value) onChange(v);
        }}
        onKeyDown={(e) => e.stopPropagation() /* ← → choose here, not the app's time keys */}
        data-testid={`${name}-switch`}
      >
        {values.map((v) => (
          <option
            key={v}
            value={v}
            data-value={v}
            data-variant={name === 'variant' ? v : undefined}
            title={hint(v)}
          >
            {v}
          </option>
        ))}
      </select>
    </div>
  );
}

export function VariantSwitch({ engine, variant, variants, busy, onChange }: VariantSwitchProps) {
  return (
    <SettingSwitch
      name="variant"
      label={t('variant.label')}
      value={variant}
      values={variants}
      hint={(v) => variantHint(engine, v)}
      busy={busy}
      onChange={onChange}
    />
  );
}

export function SettingSwitch(props: SettingSwitchProps) {
  const { name, label, value: variant, values: variants, hint, busy, onChange } = props;
  if (variants.length < 2) return null;
  if (variants.length > PILLS_AT_MOST) return <SettingMenu {...props} />;
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
    requestAnimationFrame(() => box.querySelector<HTMLElement>(`[data-value="${variants[j]}"]`)?.focus());
  };
  return (
    <div class={s.switch}>
      <span class={s.label} id={`${name}-label`}>
        {label}
      </span>
      <div
        class={s.options}
        role="radiogroup"
        aria-labelledby={`${name}-label`}
        onKeyDown={onKey}
        data-testid={`${name}-switch`}
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
              title={hint(v)}
              data-value={v}
              data-variant={name === 'variant' ? v : undefined}
            >
              <code>{v}</code>
            </button>
          );
        })}
      </div>
    </div>
  );
}
