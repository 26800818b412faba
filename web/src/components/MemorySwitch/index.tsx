/*
 * The memory model in the header (`memory: [sc|tso]`): the models the
 * machine knows, as the catalog lists them (never a list of its own), on one
 * line as the variant switch is; choosing one replays the run under it
 * (store.switchMemory).
 */
import { hasOwn, t, type MessageKey } from '../../i18n';
import { SettingSwitch } from '../VariantSwitch';

export interface MemorySwitchProps {
  memory: string;
  models: readonly string[];
  busy: boolean;
  onChange: (m: string) => void;
}

/** One line about what a model does, when the strings have one (a model added later may have none yet). */
export function memoryHint(model: string): string | undefined {
  const key = `memory.hint.${model}` as MessageKey;
  return hasOwn(key) ? t(key) : undefined;
}

export function MemorySwitch({ memory, models, busy, onChange }: MemorySwitchProps) {
  return (
    <SettingSwitch
      name="memory"
      label={t('memory.label')}
      value={memory}
      values={models}
      hint={memoryHint}
      busy={busy}
      onChange={onChange}
    />
  );
}
