/*
 * Share: copies the address of exactly this moment (scenario, variant,
 * schedule, step, language).  Where the clipboard is refused, the address is
 * shown, selected, to copy by hand.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../../i18n';
import { Icon } from '../Icon';
import s from './style.module.css';

export function ShareButton({ url }: { url: () => string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'manual'>('idle');
  const [shown, setShown] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (state === 'manual') field.current?.select();
  }, [state]);
  const share = async () => {
    const link = url();
    setShown(link);
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(link);
      setState('copied');
      timer.current = setTimeout(() => setState('idle'), 1800);
    } catch {
      setState('manual');
    }
  };
  return (
    <div class={s.share}>
      <button
        type="button"
        class={state === 'copied' ? `${s.btn} ${s.done}` : s.btn}
        onClick={() => void share()}
        title={t('share.hint')}
        data-testid="share"
        data-url={shown || undefined}
      >
        <Icon name="link" /> {state === 'copied' ? t('share.copied') : t('share.button')}
      </button>
      {state === 'manual' && (
        <div class={s.pop} role="dialog" aria-label={t('share.failed')}>
          <label>
            <span>{t('share.failed')}</span>
            <input
              ref={field}
              readOnly
              value={shown}
              onBlur={() => setState('idle')}
              onKeyDown={(e) => e.key === 'Escape' && setState('idle')}
              data-testid="share-url"
            />
          </label>
        </div>
      )}
    </div>
  );
}
