/*
 * Share: the link that plays the document, the link that edits it, the
 * iframe and the custom element for a course page, each with Copy; how long
 * the link is (a note above LINK_NOTE_CHARS, a refusal above MAX_LINK_CHARS,
 * share/links.ts); Download always.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { MAX_LINK_CHARS } from '@lockstep/link.js';
import { saveFile } from '../components/ExportButtons';
import { lengthVerdict, shareCode } from '../share/links';
import { say, type ShareKey } from '../share/messages';
import s from './style.module.css';

interface Props {
  payload: string;
  dir: string;
  title: string;
  file: string;
  text: string;
  onClose: () => void;
}

function CopyRow({ label, value, testid }: { label: ShareKey; value: string; testid: string }) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard.writeText(value).then(() => {
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    });
  };
  return (
    <div class={s.copyRow}>
      <label class={s.copyLabel}>
        {say(label)}
        <textarea
          class={s.code}
          readOnly
          rows={value.length > 200 ? 4 : 2}
          value={value}
          data-testid={testid}
        />
      </label>
      <button type="button" class={s.button} onClick={copy} data-testid={`${testid}-copy`}>
        {say(copied ? 'share.copied' : 'share.copy')}
      </button>
    </div>
  );
}

export function ShareDialog({ payload, dir, title, file, text, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const code = shareCode(dir, payload, title);
  const verdict = lengthVerdict(code.longest);
  return (
    <dialog
      ref={dialog}
      class={s.dialog}
      onClose={onClose}
      data-testid="author-share-dialog"
      aria-labelledby="share-title"
    >
      <h2 id="share-title" class={s.h2}>
        {say('share.title')}
      </h2>
      <p
        class={verdict === 'short' ? s.saved : s.alert}
        data-testid="author-share-length"
        data-verdict={verdict}
      >
        {verdict === 'too-long'
          ? say('share.tooLong', { n: code.longest, max: MAX_LINK_CHARS })
          : say(verdict === 'long' ? 'share.long' : 'share.length', { n: code.longest })}
      </p>
      {verdict !== 'too-long' && (
        <>
          <CopyRow label="share.play" value={code.play} testid="share-play" />
          <CopyRow label="share.edit" value={code.edit} testid="share-edit" />
          <CopyRow label="share.iframe" value={code.iframe} testid="share-iframe" />
          <CopyRow label="share.element" value={code.element} testid="share-element" />
        </>
      )}
      <div class={s.dialogButtons}>
        <button
          type="button"
          class={`${s.button} ${s.primary}`}
          onClick={() => saveFile(file, 'text/plain', text)}
          data-testid="share-download"
        >
          {say('share.download', { file })}
        </button>
        <button type="button" class={s.button} onClick={() => dialog.current?.close()}>
          {say('share.close')}
        </button>
      </div>
    </dialog>
  );
}
