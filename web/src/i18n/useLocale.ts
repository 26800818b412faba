import { useEffect, useState } from 'preact/hooks';
import { getLocale, onLocale, type Locale } from './index';

/** The current language; the component re-renders when it changes. */
export function useLocale(): Locale {
  const [l, setL] = useState(getLocale());
  useEffect(() => {
    setL(getLocale());
    return onLocale(setL);
  }, []);
  return l;
}
