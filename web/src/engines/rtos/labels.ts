/*
 * The rtos kernel's step labels (its C source's AT("…"), the learner's
 * "what this step means") in Chinese, for the narration: the English is the
 * label itself.  A label that is code alone ("wait_mask |= 1 << id",
 * "delay_ms") has no entry and is quoted as code; every other label of the
 * engine's catalog has one (labels.test.ts).
 */
import { labelWords } from '../labelWords';

export const ZH_LABELS: Readonly<Record<string, string>> = {
  'anybody waiting?': '有人在等吗？',
  'count > 0?': 'count > 0 吗？',
  count: '读 count',
  'count++: nobody waits, one more unit': 'count++：没人在等，多出一个单位',
  'count++: one debt paid': 'count++：还上一笔欠账',
  'count--: negative, one more task waiting': 'count--：变成负数，又多一个任务在等',
  'count--: take a unit': 'count--：拿走一个单位',
  'delay_ms: back to the ready list': 'delay_ms：回到就绪列表',
  'delay_ms: onto the delayed list': 'delay_ms：进入延时列表',
  'delay_ms: switch away until the tick': 'delay_ms：切换出去，等到那个 tick',
  'delay_ms: the tick to wake at': 'delay_ms：记下醒来的 tick',
  'enter_critical: mask interrupts, remember the old state': 'enter_critical：屏蔽中断，记住原来的状态',
  'exit_critical: enable interrupts (always!)': 'exit_critical：打开中断（无论如何都开！）',
  'exit_critical: restore the old interrupt state': 'exit_critical：恢复原来的中断状态',
  'its mutexes held++': '它持有的互斥量数 ++',
  'load shared_counter': '读取 shared_counter',
  'mutex_give by a non-owner': '不是持有者却调用 mutex_give',
  'mutex_take by its owner': '持有者再次调用 mutex_take',
  'mutex_take in an interrupt handler': '在中断处理函数里调用 mutex_take',
  'mutexes held++': '持有的互斥量数 ++',
  'mutexes held--': '持有的互斥量数 --',
  now: '读取当前时间',
  'owner = 0: free': 'owner = 0：锁空出来了',
  'owner = me': 'owner = 我',
  'owner = the woken task': 'owner = 被唤醒的任务',
  'owner == 0?': 'owner == 0 吗？',
  'owner == me?': 'owner 是我吗？',
  'permit conservation check': '许可守恒检查',
  'poll: load the counter': '轮询：读计数器',
  'poll: reset the counter': '轮询：把计数器清零',
  'raise the interrupt': '触发中断',
  raise: '触发中断',
  'schedule(): what a blocked task keeps': 'schedule()：记下阻塞的任务醒来后要接着用的东西',
  'schedule(): switch away until woken': 'schedule()：切换出去，直到被唤醒',
  'sem_pend in an interrupt handler': '在中断处理函数里调用 sem_pend',
  'set the effective priority': '设置有效优先级',
  'start the stopwatch': '开始计时',
  'store shared_counter + 1': '写入 shared_counter + 1',
  'task_block: leave the ready list': 'task_block：离开就绪列表',
  'task_wakeup: back to the ready list': 'task_wakeup：回到就绪列表',
  'task_wakeup: is it blocked?': 'task_wakeup：它在阻塞中吗？',
  'task_wakeup: it may run at the next scheduling point': 'task_wakeup：它可以在下一个调度点运行',
  'the run is over': '运行结束',
  'timed out: back to the ready list': '超时：回到就绪列表',
  'timed out: count': '超时：读 count',
  'timed out: count++, the debt is cancelled': '超时：count++，这笔欠账一笔勾销',
  'timed out: still in wait_mask?': '超时：还在 wait_mask 里吗？',
  'timed out: still waiting?': '超时：还在等吗？',
  'timed out: wait_mask &= ~(1 << id)': '超时：wait_mask &= ~(1 << id)',
  'wait_mask &= ~(1 << id): the lowest set bit': 'wait_mask &= ~(1 << id)：最低的置位',
};

/** The labels that are code alone: quoted as they are in every language. */
export const CODE_LABELS: ReadonlySet<string> = new Set([
  'delay_ms',
  'enter_critical',
  'exit_critical',
  'led',
  'led_off',
  'led_on',
  'mutex_init',
  'task_create',
  'wait_mask &= ~(1 << id)',
  'wait_mask |= 1 << id',
]);

/** A step's label in the learner's language (null: as it is). */
export const rtosLabel = labelWords(ZH_LABELS);
