/*
 * Every word of the author page, in English and Simplified Chinese: its own
 * table (like an engine's), loaded only with author.html.  The problems the
 * checks report keep the words of `lockstep check`, which are English.
 */
import { tableSay } from '../share/messages';

const en = {
  'page.title': 'Write a lesson or scenario',
  'page.brand': 'Lockstep · write',
  'page.loading': 'Loading the editor…',
  'start.label': 'Start from',
  'start.choose': 'Choose…',
  'start.templates': 'Lesson templates',
  'start.template': 'Lesson template: {engine}',
  'start.lessons': 'Remix a lesson',
  'start.scenarios': 'Remix a scenario',
  'start.confirm': 'Replace what is in the editor? (The link and Download keep nothing of it.)',
  'editor.label': 'The document: a lesson (Markdown with YAML front matter) or a scenario (YAML)',
  'draft.button': 'Copy English as a draft',
  'draft.hint':
    'Fills every missing Chinese text with the English after the mark {mark}; the checks list each until it is translated.',
  'draft.none': 'Every text already has its Chinese.',
  'checks.title': 'Checks',
  'checks.running': 'Checking…',
  'checks.runningFull': 'Running the lesson to check its claims…',
  'checks.pass': 'Every check passes.',
  'checks.passIn': 'Every check passes ({ms} ms).',
  'checks.problems': '{n} problems',
  'checks.problem': '1 problem',
  'checks.goTo': 'Go to line {line}, column {column}',
  'preview.title': 'Preview: as learners will see it',
  'preview.frame': 'Preview of the document',
  'preview.waiting': 'The preview shows the document once it parses.',
  'preview.stale': 'The preview shows the last version that parsed.',
  'share.button': 'Share',
  'download.button': 'Download',
  'saved.local': 'A copy is kept in this browser.',
  'link.bad': 'The link could not be opened.',
  'link.keptDraft': 'Your last draft in this browser is open instead.',
  'earlier.kept': 'The draft you had open before is kept in this browser.',
  'earlier.open': 'Switch to it',
} as const;

export type AuthorKey = keyof typeof en;

const zhCN: Record<AuthorKey, string> = {
  'page.title': '编写课程或场景',
  'page.brand': 'Lockstep · 编写',
  'page.loading': '正在加载编辑器……',
  'start.label': '从这里开始',
  'start.choose': '请选择……',
  'start.templates': '课程模板',
  'start.template': '课程模板：{engine}',
  'start.lessons': '改编一节课',
  'start.scenarios': '改编一个场景',
  'start.confirm': '要替换编辑器里的内容吗？（链接和下载都不会保留原来的内容。）',
  'editor.label': '文档：一节课（带 YAML 前言的 Markdown）或一个场景（YAML）',
  'draft.button': '把英文复制为草稿',
  'draft.hint': '把每处缺少的中文都填上英文，前面加标记 {mark}；在翻译完成之前，检查会逐条列出它们。',
  'draft.none': '每段文字都已经有中文了。',
  'checks.title': '检查',
  'checks.running': '正在检查……',
  'checks.runningFull': '正在运行这节课，检查它的各项说法……',
  'checks.pass': '所有检查都通过了。',
  'checks.passIn': '所有检查都通过了（{ms} 毫秒）。',
  'checks.problems': '{n} 个问题',
  'checks.problem': '1 个问题',
  'checks.goTo': '跳到第 {line} 行第 {column} 列',
  'preview.title': '预览：学习者看到的样子',
  'preview.frame': '文档预览',
  'preview.waiting': '文档能解析之后，这里就会显示预览。',
  'preview.stale': '预览显示的是最后一个能解析的版本。',
  'share.button': '分享',
  'download.button': '下载',
  'saved.local': '这个浏览器里保存了一份副本。',
  'link.bad': '这个链接打不开。',
  'link.keptDraft': '已改为打开你在这个浏览器里的上一份草稿。',
  'earlier.kept': '你之前打开的草稿仍保存在这个浏览器里。',
  'earlier.open': '换回那一份',
};

/** A sentence of the author page in the current language, its {placeholders} filled. */
export const say = tableSay<AuthorKey>(en, zhCN);
