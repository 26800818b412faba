/*
 * The words of links that carry a document, in both languages: what is
 * wrong with a link (for every LinkProblem of @lockstep/link.js) and the
 * Share panel's.  Its own table, loaded with the share chunk, so the app's
 * first load does not carry them.
 */
import { MAX_DOCUMENT_BYTES, MAX_LINK_CHARS, type LinkProblem } from '@lockstep/link.js';
import { getLocale } from '../i18n';

const en = {
  'problem.no-src': "This link holds no document: a Lockstep link ends in '#src=' and the document's data.",
  'problem.not-base64':
    "This link is damaged: its data has characters a link's data never has. Copy the whole link again.",
  'problem.truncated':
    'This link is cut short: its data ends before the document does. Copy the whole link again.',
  'problem.corrupt': 'This link is damaged: its data is not a compressed document.',
  'problem.too-long': 'This link is longer than {max} characters, the most a Lockstep link may have.',
  'problem.too-big': 'This link expands to more than {max} bytes, more than any lesson may have.',
  'problem.not-text': 'This link is damaged: the document it holds is not text.',
  'opened.kept': 'Nothing you had was changed.',
  'share.title': 'Share',
  'share.play': 'Link to play it',
  'share.edit': 'Link to edit it',
  'share.iframe': 'An iframe for a course page',
  'share.element': 'A custom element for a course page',
  'share.copy': 'Copy',
  'share.copied': 'Copied',
  'share.download': 'Download {file}',
  'share.length': 'The link is {n} characters long.',
  'share.long':
    'The link is {n} characters long. Chat apps and mail often cut links after 2,000 characters: check that it arrives whole, or send the file.',
  'share.tooLong':
    'The link would be {n} characters long, more than the {max} a Lockstep link may have. Download the file and send it instead.',
  'share.close': 'Close',
} as const;

export type ShareKey = keyof typeof en;

const zhCN: Record<ShareKey, string> = {
  'problem.no-src': '这个链接里没有文档：Lockstep 链接以“#src=”和文档数据结尾。',
  'problem.not-base64': '这个链接已损坏：数据里有链接数据不会出现的字符。请重新复制完整的链接。',
  'problem.truncated': '这个链接被截断了：数据在文档结束之前就断了。请重新复制完整的链接。',
  'problem.corrupt': '这个链接已损坏：其中的数据不是压缩过的文档。',
  'problem.too-long': '这个链接超过 {max} 个字符，超出了 Lockstep 链接允许的长度。',
  'problem.too-big': '这个链接解压后超过 {max} 字节，比任何课程都大。',
  'problem.not-text': '这个链接已损坏：其中的文档不是文本。',
  'opened.kept': '你原有的内容没有任何改动。',
  'share.title': '分享',
  'share.play': '用来游玩的链接',
  'share.edit': '用来编辑的链接',
  'share.iframe': '放进课程网页的 iframe',
  'share.element': '放进课程网页的自定义元素',
  'share.copy': '复制',
  'share.copied': '已复制',
  'share.download': '下载 {file}',
  'share.length': '链接长 {n} 个字符。',
  'share.long':
    '链接长 {n} 个字符。聊天软件和邮件常在 2000 个字符处截断链接：请确认对方收到的是完整链接，或者直接发送文件。',
  'share.tooLong': '链接会有 {n} 个字符，超过了 Lockstep 链接最多 {max} 个字符的限制。请下载文件后发送文件。',
  'share.close': '关闭',
};

/**
 * say() over a page's own pair of tables: the sentence of `key` in the
 * current language, its {placeholders} filled.
 */
export function tableSay<K extends string>(
  english: Record<K, string>,
  chinese: Record<K, string>,
): (key: K, params?: Record<string, string | number>) => string {
  return (key, params = {}) => {
    const text = getLocale() === 'zh-CN' ? chinese[key] : english[key];
    return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
  };
}

/** A sentence of this table in the current language, its {placeholders} filled. */
export const say = tableSay<ShareKey>(en, zhCN);

/** What is wrong with a link, in the current language. */
export function linkProblem(problem: LinkProblem): string {
  return say(`problem.${problem}`, { max: problem === 'too-long' ? MAX_LINK_CHARS : MAX_DOCUMENT_BYTES });
}
