/*
 * Dropping a scenario file anywhere on the page opens it.  While a file is
 * dragged over the page, an overlay says so.  Only the first file counts.
 */
import { useEffect, useState } from 'preact/hooks';
import { t } from '../../i18n';
import s from './style.module.css';

function hasFiles(e: DragEvent): boolean {
  return !!e.dataTransfer && [...e.dataTransfer.types].includes('Files');
}

export function DropZone({ onFile, onMany }: { onFile: (f: File) => void; onMany: (n: number) => void }) {
  const [over, setOver] = useState(false);
  useEffect(() => {
    let depth = 0;
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth++;
      setOver(true);
    };
    const overFn = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    };
    const leave = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setOver(false);
    };
    const drop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth = 0;
      setOver(false);
      const files = e.dataTransfer?.files;
      if (!files || files.length === 0) return;
      if (files.length > 1) onMany(files.length);
      onFile(files[0]!);
    };
    document.addEventListener('dragenter', enter);
    document.addEventListener('dragover', overFn);
    document.addEventListener('dragleave', leave);
    document.addEventListener('drop', drop);
    return () => {
      document.removeEventListener('dragenter', enter);
      document.removeEventListener('dragover', overFn);
      document.removeEventListener('dragleave', leave);
      document.removeEventListener('drop', drop);
    };
  }, [onFile, onMany]);
  if (!over) return null;
  return (
    <div class={s.overlay} aria-hidden="true" data-testid="drop-overlay">
      <div class={s.card}>
        <span class={s.icon}>⇪</span>
        <p class={s.text}>{t('drop.title')}</p>
        <p class={s.hint}>{t('drop.hint')}</p>
      </div>
    </div>
  );
}
