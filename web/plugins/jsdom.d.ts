/*
 * The part of jsdom (which ships no types) the build uses: a window for
 * DOMPurify to sanitize the course's lessons in (lessons.ts).
 */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
