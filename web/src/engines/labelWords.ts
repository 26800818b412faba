/*
 * An engine's step labels (its C source's AT("…")) in the learner's
 * language, for the narration's "what the step means" (model/format.ts):
 * the English is the label itself, the Chinese comes from the engine's own
 * table; a label without an entry (code alone) is quoted as it is.
 */
import { getLocale } from '../i18n';

export function labelWords(zh: Readonly<Record<string, string>>): (label: string) => string | null {
  return (label) => (getLocale() === 'zh-CN' ? (zh[label] ?? null) : null);
}
