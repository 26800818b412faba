/*
 * The UI strings only the basic engine uses, in English and Simplified Chinese
 * (same keys and {placeholders}: the Chinese table's type and
 * engines/registry.test.ts check them).  i18n/index.ts reads every engine's
 * table; t() looks their keys up like any other.
 */
export const en = {
  'lane.mineNone': 'nothing read yet',
  'lane.mineDone': 'finished: its copy is gone',
  'inside.value': 'value',
  'inside.copies': 'Private copies',
  'inside.copiesHint': 'What each thread read and will write back plus one.',
  'inside.changed': 'changed',
  'inside.written': 'increments written: {n}',
  'inside.lost': 'lost: {n}',
  'inside.overwrote': '{actor}’s write of {value}, overwritten',
  'inside.check': 'Checked at the end',
  'inside.held': 'holds',
  'inside.failed': 'failed',
};

export const zhCN: Record<keyof typeof en, string> = {
  'lane.mineNone': '还没读到任何值',
  'lane.mineDone': '已结束，副本已不在',
  'inside.value': '值',
  'inside.copies': '私有副本',
  'inside.copiesHint': '每个线程读到的值，之后会把它加一写回去。',
  'inside.changed': '已改变',
  'inside.written': '已写回的自增：{n}',
  'inside.lost': '丢失：{n}',
  'inside.overwrote': '{actor} 写入的 {value} 被覆盖',
  'inside.check': '结束时检查',
  'inside.held': '成立',
  'inside.failed': '不成立',
};

declare module '../../i18n' {
  /** this engine's keys, typed for t() (i18n/index.ts) */
  interface EngineMessages {
    basic: typeof en;
  }
}
