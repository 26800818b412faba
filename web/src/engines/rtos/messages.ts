/*
 * The UI strings only the rtos engine uses, in English and Simplified Chinese
 * (same keys and {placeholders}: the Chinese table's type and
 * engines/registry.test.ts check them).  i18n/index.ts reads every engine's
 * table; t() looks their keys up like any other.
 */
export const en = {
  'variant.hint.rtos.correct':
    'pend counts itself when it blocks, post adds the unit back when it wakes a waiter',
  'variant.hint.rtos.reference_post':
    'the code as printed: a post that wakes a waiter does not add the unit back',
  'variant.hint.rtos.post_increments_count':
    'the opposite mistake: a blocking pend does not count, a waking post adds',
  'variant.hint.rtos.handoff': 'neither counts: the woken task gets the unit directly',
  'variant.hint.rtos.timeout_keeps_debt': 'a pend that times out leaves its decrement behind',
  'variant.hint.rtos.naive_enable': 'exit_critical always enables interrupts, even inside an outer section',
  'variant.hint.rtos.block_outside_critical':
    'interrupts are enabled between joining the wait mask and blocking',
  'variant.hint.rtos.init_one': 'a semaphore made with 0 starts at 1',
  'variant.hint.rtos.no_priority_inheritance': 'every mutex is a plain binary semaphore',
  'rtos.timeline': 'Who ran, step by step',
  'rtos.tick': 'a tick',
  'rtos.axis': 'step',
  'rtos.blocked.priority': 'ready, but {runner} is more urgent: priority {p} runs before {q} (smaller first)',
  'rtos.timelineHow':
    'One column per step, the newest on the right; the outlined column is step {step}, where you stand. An orange line on the top row is a tick.',
  'rtos.tasks': 'Tasks (smaller number: more urgent)',
  'rtos.priority': 'priority {p}',
  'rtos.seq.wakePost': 'post {object}: wake {target}, its most urgent waiter',
  'rtos.seq.wakePostBit': 'post {object}: wake {target} (bit {bit}, the lowest set: the most urgent waiter)',
  'rtos.seq.wakeGive': 'give {object}: hand it to {target}, and wake it',
  'rtos.event.lends': '{target} now runs at priority {new}, more urgent than its {old}',
  'rtos.event.restores': '{target} goes back from priority {old} to {new}',
  'rtos.inherited': 'runs at {p}, inherited from {from}',
  'rtos.readyList': 'ready list',
  'rtos.delayedList': 'delayed list',
  'rtos.count.free': '{n} units free',
  'rtos.count.free.one': 'one unit free',
  'rtos.count.waiting': 'negative: {n} tasks waiting (a debt)',
  'rtos.count.waiting.one': 'negative: one task waiting (a debt)',
  'rtos.count.none': 'no unit free, nobody counted as waiting',
  'rtos.bit': 'bit {n}',
  'rtos.mask': 'wait mask: {names}',
  'rtos.holder': 'held by {holder}',
  'rtos.nobody': 'nobody',
  'rtos.interrupts': 'Interrupts',
  'rtos.masked': 'masked (critical-section depth {n})',
  'rtos.enabled': 'enabled',
  'rtos.noneMasked': 'No context has masked interrupts yet.',
  'rtos.cell.running': 'running',
  'rtos.processor': 'Where each task is',
  'rtos.running': 'on the processor',
  'rtos.untilTick': 'until tick {tick}',
  'rtos.waitSet': 'waiting here:',
  'rtos.cell.ready': 'ready, waiting for the processor',
  'rtos.cell.blocked': 'waiting (blocked or delayed)',
};

export const zhCN: Record<keyof typeof en, string> = {
  'variant.hint.rtos.correct': 'pend 阻塞时把自己计入 count，post 唤醒等待者时把这份资源加回来',
  'variant.hint.rtos.reference_post': '原文的写法：post 唤醒等待者时不把资源加回来',
  'variant.hint.rtos.post_increments_count': '反方向的错误：阻塞的 pend 不计数，唤醒的 post 却加一',
  'variant.hint.rtos.handoff': '两边都不计数：资源直接交给被唤醒的任务',
  'variant.hint.rtos.timeout_keeps_debt': '超时的 pend 把它减掉的那一份留在了 count 里',
  'variant.hint.rtos.naive_enable': 'exit_critical 总是开中断，哪怕还在外层临界区里',
  'variant.hint.rtos.block_outside_critical': '登记进等待位图和真正阻塞之间，中断是开着的',
  'variant.hint.rtos.init_one': '初始为 0 的信号量从 1 开始',
  'variant.hint.rtos.no_priority_inheritance': '每个互斥量都只是普通的二值信号量',
  'rtos.timeline': '每一步是谁在运行',
  'rtos.tick': '一次 tick',
  'rtos.axis': '步',
  'rtos.blocked.priority': '已就绪，但 {runner} 更紧急：优先级 {p} 先于 {q} 运行（数字越小越优先）',
  'rtos.timelineHow':
    '每一列是一步，最新的在最右边；描了边的那一列是第 {step} 步，也就是你现在所在的位置。最上面一行的橙色竖线表示一次 tick。',
  'rtos.tasks': '任务（数字越小越优先）',
  'rtos.priority': '优先级 {p}',
  'rtos.seq.wakePost': 'post {object}：唤醒最紧急的等待者 {target}',
  'rtos.seq.wakePostBit': 'post {object}：唤醒 {target}（第 {bit} 位，最低的置位：最紧急的等待者）',
  'rtos.seq.wakeGive': 'give {object}：把它交给 {target}，并唤醒它',
  'rtos.event.lends': '{target} 现在以优先级 {new} 运行，比它原来的 {old} 更紧急',
  'rtos.event.restores': '{target} 的优先级从 {old} 回到 {new}',
  'rtos.inherited': '以 {p} 运行，继承自 {from}',
  'rtos.readyList': '就绪列表',
  'rtos.delayedList': '延时列表',
  'rtos.count.free': '有 {n} 份资源可用',
  'rtos.count.free.one': '有 1 份资源可用',
  'rtos.count.waiting': '负数：有 {n} 个任务在等（欠着的资源）',
  'rtos.count.waiting.one': '负数：有 1 个任务在等（欠着的资源）',
  'rtos.count.none': '没有可用资源，也没有计入的等待者',
  'rtos.bit': '第 {n} 位',
  'rtos.mask': '等待位图：{names}',
  'rtos.holder': '持有者：{holder}',
  'rtos.nobody': '无人',
  'rtos.interrupts': '中断',
  'rtos.masked': '已屏蔽（临界区嵌套 {n} 层）',
  'rtos.enabled': '已开启',
  'rtos.noneMasked': '还没有哪个上下文屏蔽过中断。',
  'rtos.cell.running': '运行中',
  'rtos.processor': '每个任务在哪里',
  'rtos.running': '正在处理器上',
  'rtos.untilTick': '到第 {tick} 个 tick',
  'rtos.waitSet': '在这里等待：',
  'rtos.cell.ready': '就绪，等处理器',
  'rtos.cell.blocked': '等待中（阻塞或延时）',
};

declare module '../../i18n' {
  /** this engine's keys, typed for t() (i18n/index.ts) */
  interface EngineMessages {
    rtos: typeof en;
  }
}
