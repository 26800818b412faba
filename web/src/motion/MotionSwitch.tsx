/*
 * The page's motion setting, shown under each engine view: a checkbox the
 * learner can untick; under prefers-reduced-motion it is off and says why.
 */
import { useEffect, useState } from 'preact/hooks';
import { t } from '../i18n';
import { chooseMotion, motionChosen, onMotionChange, reducedMotion } from './settings';
import s from './style.module.css';

export function MotionSwitch() {
  const [, redraw] = useState(0);
  useEffect(() => onMotionChange(() => redraw((n) => n + 1)), []);
  const reduced = reducedMotion();
  return (
    <label class={s.switch} data-testid="motion-switch" title={t(reduced ? 'motion.reduced' : 'motion.hint')}>
      <input
        type="checkbox"
        checked={motionChosen() && !reduced}
        disabled={reduced}
        onChange={(e) => chooseMotion((e.currentTarget as HTMLInputElement).checked)}
      />
      {t('motion.label')}
      {reduced && <span class={s.why}>{t('motion.reducedShort')}</span>}
    </label>
  );
}
