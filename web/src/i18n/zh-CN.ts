/*
 * 界面的简体中文文本。键与 en.ts 相同（i18n.test.ts 会核对）；{占位符}
 * 原样保留；代码里的标识符（CAS、lock、state、lot[30]…）不翻译。
 */
import type { Messages } from './index';

export const zhCN: Partial<Messages> = {};
