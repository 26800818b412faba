/* placeholder */
export const en = {};
export const zhCN: Record<keyof typeof en, string> = {};
