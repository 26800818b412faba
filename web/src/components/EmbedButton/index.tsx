/*
 * Embed: the code that puts this lesson, at this variant and step, on a
 * course page: an <iframe>, or the <lockstep-lesson> element with its one
 * script tag.  Each has a Copy button; where the clipboard is refused, the
 * code stays selected to copy by hand.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../../i18n';
import type { EmbedCode } from '../../model/embed';
import dialog from '../../styles/dialog.module.css';
import s from './style.module.css';

function CodeBox({ label, hint, code, id }: { label: string; hint: string; code: string; id: string }) {
  const [copied, setCopied] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), 1600);
    } catch {
      area.current?.focus();
      area.current?.select();
    }
  };
  return (
    <section class={s.box} aria-labelledby={`${id}-label`}>
      <div class={s.boxHead}>
        <h3 id={`${id}-label`} class={s.boxTitle}>
          {label}
        </h3>
        <button
          type="button"
          class={copied ? `${s.copy} ${s.copied}` : s.copy}
          onClick={() => void copy()}
          data-testid={`${id}-copy`}
        >
          {copied ? `✓ ${t('embed.copied')}` : t('embed.copy')}
        </button>
      </div>
      <p class={s.hint}>{hint}</p>
      <textarea
        ref={area}
        class={s.code}
        readOnly
        rows={Math.min(
          7,
          code.split('\n').reduce((n, l) => n + Math.max(1, Math.ceil(l.length / 74)), 0),
        )}
        value={code}
        spellcheck={false}
        aria-labelledby={`${id}-label`}
        onFocus={(e) => (e.currentTarget as HTMLTextAreaElement).select()}
        data-testid={id}
      />
    </section>
  );
}

export function EmbedButton({ code }: { code: () => EmbedCode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [shown, setShown] = useState<EmbedCode | null>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (shown && !d.open) d.showModal();
    if (!shown && d.open) d.close();
  }, [shown]);
  return (
    <>
      <button
        type="button"
        class={s.button}
        onClick={() => setShown(code())}
        title={t('embed.hint')}
        data-testid="embed"
      >
        <svg class={s.icon} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="M5.5 4 1.5 8l4 4M10.5 4l4 4-4 4" />
        </svg>
        {t('embed.button')}
      </button>
      <dialog
        ref={ref}
        class={`${dialog.dialog} ${s.dialog}`}
        onClose={() => setShown(null)}
        onClick={(e) => e.target === ref.current && setShown(null)}
        onKeyDown={(e) => e.key !== 'Escape' && e.stopPropagation()}
        aria-labelledby="embed-title"
        data-testid="embed-dialog"
      >
        {shown && (
          <div class={s.inner}>
            <h2 id="embed-title" class={s.title}>
              {t('embed.title')}
            </h2>
            <p class={s.lead}>{t('embed.lead')}</p>
            <CodeBox
              label={t('embed.iframe')}
              hint={t('embed.iframeHint')}
              code={shown.iframe}
              id="embed-iframe"
            />
            <CodeBox
              label={t('embed.element')}
              hint={t('embed.elementHint')}
              code={shown.element}
              id="embed-element"
            />
            <p class={s.events}>{t('embed.events')}</p>
            <form method="dialog" class={s.foot}>
              <button class={s.close} type="submit">
                {t('keys.close')}
              </button>
            </form>
          </div>
        )}
      </dialog>
    </>
  );
}
