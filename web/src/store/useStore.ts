import { useEffect, useState } from 'preact/hooks';
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { AppState, Store } from './store';

export const StoreContext = createContext<Store | null>(null);

/** The store, for its actions. */
export function useStoreActions(): Store {
  const s = useContext(StoreContext);
  if (!s) throw new Error('no store: render inside <StoreContext.Provider>');
  return s;
}

/** The store's state; the component re-renders on every change. */
export function useStore(): AppState {
  const store = useStoreActions();
  const [state, setState] = useState(store.get());
  useEffect(() => {
    setState(store.get());
    return store.subscribe(setState);
  }, [store]);
  return state;
}
