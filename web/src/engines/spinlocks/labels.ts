/*
 * The spin locks' step labels (their C source's AT("…"), what each step
 * means) in Chinese, for the narration; the English is the label itself.
 * Every label of the engine's catalog has an entry (labels.test.ts).
 */
import { labelWords } from '../labelWords';

export const ZH_LABELS: Readonly<Record<string, string>> = {
  'I am interested': '我想进去',
  'a third thread': '第三个线程',
  'call the next ticket': '叫下一个号',
  'check: is held 0?': '检查：held 是 0 吗？',
  'fence: my stores reach memory first': '内存屏障：先让我的写入到达内存',
  "hand over: successor's locked = 0": '交接：后继节点的 locked = 0',
  "is it the other's turn?": '轮到对方了吗？',
  'is now_serving my ticket?': 'now_serving 是我的号吗？',
  'is the other interested?': '对方想进去吗？',
  'join: swap tail <- my node': '加入：swap tail <- 我的节点',
  'leave without waiting for the link': '不等链接就离开',
  "link: predecessor's next = my node": '链接：前驱节点的 next = 我的节点',
  'my node: locked = 1': '我的节点：locked = 1',
  'my node: next = none': '我的节点：next = none',
  'no successor: CAS tail my node -> none': '没有后继：CAS tail 我的节点 -> none',
  'read count': '读 count',
  'read next_ticket': '读 next_ticket',
  'read now_serving': '读 now_serving',
  'set: held = 1': '置位：held = 1',
  'spin on my node: locked?': '在我的节点上自旋：locked 了吗？',
  'spin: held was 1': '自旋：held 原来是 1',
  'spin: not my turn yet': '自旋：还没轮到我',
  'spin: still locked': '自旋：还锁着',
  'spin: successor not linked yet': '自旋：后继还没链接上',
  'spin: the other goes first': '自旋：让对方先走',
  'take a ticket: fetch_add next_ticket': '取号：fetch_add next_ticket',
  'test-and-set: swap held <- 1': 'test-and-set：swap held <- 1',
  'test: is held 0?': '测试：held 是 0 吗？',
  'turn = the other': 'turn = 对方',
  'unlock: I am not interested': '解锁：我不想进去了',
  'unlock: held = 0': '解锁：held = 0',
  'unlock: read my next': '解锁：读我的 next',
  'wait for the successor to link': '等后继链接上',
  'write count + 1': '写入 count + 1',
  'write next_ticket + 1': '写入 next_ticket + 1',
};

/** A step's label in the learner's language (null: as it is). */
export const spinlocksLabel = labelWords(ZH_LABELS);
