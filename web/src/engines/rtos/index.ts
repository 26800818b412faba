/*
 * The rtos engine in the app: prioritized tasks, a tick, interrupts, a bitmap
 * semaphore and mutexes with priority inheritance.  Its view shows who ran at
 * each step, the tasks and their lists, the semaphores' counts and the
 * interrupt mask; the generic words say its actions.
 */
import type { EngineCard } from '../types';

export const rtos: EngineCard = {
  id: 'rtos',
  order: 4,
  title: { en: 'RTOS kernel', 'zh-CN': 'RTOS 内核' },
  inside: { en: 'Inside the RTOS', 'zh-CN': 'RTOS 的内部' },
  tick: {
    en: 'the running task goes to the back of its priority’s line; a more urgent task a post woke takes over',
    'zh-CN': '正在运行的任务排到同优先级队列的末尾；被 post 唤醒的更紧急的任务接手处理器',
  },
  load: () => import('./parts').then((m) => m.parts),
};
