/*
 * The UI strings only the spinlocks engine uses, in English and Simplified
 * Chinese (same keys and {placeholders}; engines/registry.test.ts checks
 * them).
 */
export const en = {
  'spin.word': 'lock word',
  'spin.interested': '{actor} interested',
  'spin.interestedHint': 'in memory: a store still in a buffer is not here yet',
  'spin.turn': 'turn',
  'spin.turnHint': 'who goes first when both are interested',
  'spin.free': 'free',
  'spin.heldBy': 'held by {actor}',
  'spin.heldByTwo': 'held by {actor} and {other} at once',
  'spin.spinning': 'Spinning for it',
  'spin.nobodySpins': 'nobody',
  'spin.spins': '{n} spins',
  'spin.order': 'Taken, in order',
  'spin.neverTaken': 'not taken yet',
  'spin.nextTicket': 'next ticket',
  'spin.nextTicketHint': 'the dispenser: the number the next arrival gets',
  'spin.nowServing': 'now serving',
  'spin.nowServingHint': 'the display: whose turn it is',
  'spin.tickets': 'Tickets held',
  'spin.sameTicket': 'same ticket as {other}',
  'spin.served': 'served',
  'spin.tail': 'tail',
  'spin.tailNone': 'none: the lock is free',
  'spin.nodes': 'One node per thread',
  'spin.locked': 'locked',
  'spin.next': 'next',
  'spin.none': 'none',
  'spin.queue': 'Queue, holder first',
  'spin.queueEmpty': 'empty',
  'spin.linkMissing': 'not linked yet',
};

export const zhCN: Record<keyof typeof en, string> = {
  'spin.word': '锁字',
  'spin.interested': '{actor} 想进入',
  'spin.interestedHint': '内存中的值：还在缓冲区里的写入不算',
  'spin.turn': 'turn（轮到谁）',
  'spin.turnHint': '两个线程都想进入时，谁先进',
  'spin.free': '空闲',
  'spin.heldBy': '被 {actor} 持有',
  'spin.heldByTwo': '同时被 {actor} 和 {other} 持有',
  'spin.spinning': '正在自旋等待',
  'spin.nobodySpins': '没有线程',
  'spin.spins': '自旋 {n} 次',
  'spin.order': '拿到锁的先后顺序',
  'spin.neverTaken': '还没有人拿到',
  'spin.nextTicket': '下一个号',
  'spin.nextTicketHint': '取号机：下一个来的人会拿到这个号',
  'spin.nowServing': '正在服务',
  'spin.nowServingHint': '叫号屏：轮到几号了',
  'spin.tickets': '手里的号',
  'spin.sameTicket': '和 {other} 同一个号',
  'spin.served': '已叫过',
  'spin.tail': '队尾 tail',
  'spin.tailNone': '无：锁是空闲的',
  'spin.nodes': '每个线程一个节点',
  'spin.locked': 'locked',
  'spin.next': 'next',
  'spin.none': '无',
  'spin.queue': '队列（持有者在前）',
  'spin.queueEmpty': '空',
  'spin.linkMissing': '还没接上',
};

declare module '../../i18n' {
  /** this engine's keys, typed for t() (i18n/index.ts) */
  interface EngineMessages {
    spinlocks: typeof en;
  }
}
