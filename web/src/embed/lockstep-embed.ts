/*
 * <lockstep-lesson>: a Lockstep lesson on any page, from one script tag
 * (built as lockstep-embed.js next to the app; lessons/README.md, “On a course page”).
 *
 *   <script src="https://…/lockstep-embed.js" defer></script>
 *   <lockstep-lesson lesson="lost-wakeup"></lockstep-lesson>
 *   <lockstep-lesson src="my-lesson.md"></lockstep-lesson>
 *   <lockstep-lesson doc="…"></lockstep-lesson>   (the document itself, as a link's #src= payload)
 *
 * The element shows the compact page (embed.html) in an iframe of the app's
 * origin and keeps it as tall as its content.  With src=, the element fetches
 * the lesson file from the page's own site and hands its text to the frame,
 * which checks it like any lesson (a bad one shows its problems in place).
 * Every message of the frame ({source: 'lockstep', type, lesson, step, …})
 * reaches the page as usual and is also dispatched on the element as a
 * `lockstep` event (event.detail is the message).
 *
 * Standalone on purpose: no imports, so the file works as a classic script
 * or a module, and costs a course page a few kilobytes.
 */

// Everything inside one function: as a classic script, the file adds no globals.
(() => {
  if (typeof window === 'undefined' || !window.customElements || customElements.get('lockstep-lesson'))
    return;

  const MAX_LESSON_BYTES = 512 * 1024;
  const PASSED = ['variant', 'schedule', 'step', 'lang'] as const;

  /** Where the app lives: the folder this script was loaded from. */
  function appBase(): URL {
    const me = document.currentScript as HTMLScriptElement | null;
    const src =
      me?.src ||
      Array.from(document.querySelectorAll<HTMLScriptElement>('script[src]'))
        .map((s) => s.src)
        .find((u) => /lockstep-embed\.js(?:[?#]|$)/.test(u)) ||
      location.href;
    return new URL('.', src);
  }

  /** The last segment of a URL's path ("lessons/my-lesson.md" -> "my-lesson.md"), for messages. */
  function fileName(url: URL): string {
    const last = url.pathname.split('/').filter(Boolean).pop();
    try {
      return decodeURIComponent(last ?? 'lesson.md').slice(0, 120) || 'lesson.md';
    } catch {
      return 'lesson.md';
    }
  }

  const BASE = appBase();

  class LockstepLesson extends HTMLElement {
    static get observedAttributes() {
      return ['lesson', 'src', 'doc', ...PASSED];
    }

    #frame: HTMLIFrameElement | null = null;
    /** the lesson file's text (or why it could not be fetched), for the frame that asks */
    #lesson: Promise<{ text?: string; error?: string; file: string }> | null = null;
    #sent = false;
    #scheduled = false;

    connectedCallback() {
      window.addEventListener('message', this.#onMessage);
      this.#render();
    }

    disconnectedCallback() {
      window.removeEventListener('message', this.#onMessage);
    }

    attributeChangedCallback() {
      // several attributes set in a row render once
      if (!this.isConnected || this.#scheduled) return;
      this.#scheduled = true;
      queueMicrotask(() => {
        this.#scheduled = false;
        this.#render();
      });
    }

    #render() {
      const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
      const q = new URLSearchParams();
      const src = this.getAttribute('src');
      // doc=: the document itself, as a link's #src= payload (the author page's Share)
      const doc = this.getAttribute('doc');
      if (doc) {
        this.#lesson = null;
      } else if (src) {
        q.set('src', 'host');
        this.#lesson = this.#fetch(src);
        this.#sent = false;
      } else {
        q.set('lesson', this.getAttribute('lesson') ?? '');
        this.#lesson = null;
      }
      for (const name of PASSED) {
        const v = this.getAttribute(name);
        if (v) q.set(name, v);
      }
      // without a lang attribute, the host page's language: it wins over a language the learner
      // once chose in the app (saved for the app's origin, which the embed shares)
      const hostLang = (this.closest('[lang]')?.getAttribute('lang') ?? '').trim();
      if (!q.has('lang') && hostLang) q.set('lang', hostLang);
      const hash = doc ? `#src=${doc.replace(/[^A-Za-z0-9_-]/g, '')}` : '';
      const url = new URL(`embed.html?${q.toString()}${hash}`, BASE).href;
      if (this.#frame && this.#frame.src === url) return;
      const style = document.createElement('style');
      style.textContent =
        ':host{display:block;min-width:18rem}iframe{display:block;width:100%;height:36rem;border:0;border-radius:12px;background:#f4f2ee;color-scheme:light}';
      const frame = document.createElement('iframe');
      frame.title = this.getAttribute('title') || 'Lockstep lesson';
      frame.setAttribute('loading', 'lazy');
      frame.setAttribute('allow', 'clipboard-write');
      frame.src = url;
      this.#frame = frame;
      root.replaceChildren(style, frame);
    }

    async #fetch(src: string): Promise<{ text?: string; error?: string; file: string }> {
      let url: URL;
      try {
        url = new URL(src, document.baseURI);
      } catch {
        return { error: 'not a URL', file: src.slice(0, 120) };
      }
      const file = fileName(url);
      try {
        const r = await fetch(url.href, { credentials: 'same-origin' });
        if (!r.ok) return { error: `HTTP ${r.status}`, file };
        const text = await r.text();
        if (text.length > MAX_LESSON_BYTES)
          return { error: `larger than ${MAX_LESSON_BYTES} characters`, file };
        return { text, file };
      } catch (e) {
        return { error: e instanceof Error ? e.message : String(e), file };
      }
    }

    #onMessage = (e: MessageEvent) => {
      const frame = this.#frame;
      if (!frame || e.source !== frame.contentWindow || e.origin !== BASE.origin) return;
      const d = e.data as Record<string, unknown> | null;
      if (!d || d.source !== 'lockstep') return;
      if (d.type === 'height' && typeof d.height === 'number' && d.height > 0)
        frame.style.height = `${Math.min(20000, Math.ceil(d.height))}px`;
      if (d.type === 'waiting' && this.#lesson && !this.#sent) {
        this.#sent = true;
        const target = frame.contentWindow;
        void this.#lesson.then((l) =>
          target?.postMessage({ source: 'lockstep-host', type: 'lesson', ...l }, BASE.origin),
        );
      }
      this.dispatchEvent(new CustomEvent('lockstep', { detail: d, bubbles: true, composed: true }));
    };
  }

  customElements.define('lockstep-lesson', LockstepLesson);
})();
