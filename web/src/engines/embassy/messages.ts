/*
 * The UI strings only the embassy engine uses, in English and Simplified Chinese
 * (same keys and {placeholders}: the Chinese table's type and
 * engines/registry.test.ts check them).  i18n/index.ts reads every engine's
 * table; t() looks their keys up like any other.
 */
export const en = {
  'embassy.tasks': 'Tasks (one poll costs {ns} ns)',
  'embassy.task': 'task',
  'embassy.state': 'state',
  'embassy.polls': 'polls',
  'embassy.wakes': 'wakes',
  'embassy.selfWakes': 'self-wakes',
  'embassy.awaits': 'awaits',
  'embassy.state.idle': 'idle',
  'embassy.state.running': 'running',
  'embassy.state.done': 'done',
};

export const zhCN: Record<keyof typeof en, string> = {
  'embassy.tasks': '任务（每次 poll 耗时 {ns} ns）',
  'embassy.task': '任务',
  'embassy.state': '状态',
  'embassy.polls': 'poll 次数',
  'embassy.wakes': '被唤醒',
  'embassy.selfWakes': '自己唤醒',
  'embassy.awaits': '在等',
  'embassy.state.idle': '空闲',
  'embassy.state.running': '运行中',
  'embassy.state.done': '已完成',
};
