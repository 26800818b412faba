/*
 * The actors: the tick's button (when the model offers it) above every
 * actor's lane, one learner's move per button; the same in the app and the
 * embed.  The page lays the lanes out (`lanesClass`); the lesson's fold and
 * the store's moves are read here, so both pages step alike.
 */
import type { ComponentProps } from 'preact';
import type { Locale } from '../../i18n';
import type { AppState, Store } from '../../store/store';
import { Lanes } from '../Lane';
import { TickBar } from '../TickBar';

export interface ActorsProps {
  state: AppState;
  scenario: NonNullable<AppState['scenario']>;
  snap: NonNullable<AppState['snap']>;
  store: Store;
  locale: Locale;
  /** the racy counters, whose next store may lose an update */
  counters: Set<string>;
  /** the page's layout of the lanes */
  lanesClass?: string;
  asking?: ComponentProps<typeof Lanes>['asking'];
  parting?: ComponentProps<typeof Lanes>['parting'];
}

export function Actors({
  state,
  scenario,
  snap,
  store,
  locale,
  counters,
  lanesClass,
  asking,
  parting,
}: ActorsProps) {
  return (
    <>
      <TickBar
        engine={scenario.engine}
        locale={locale}
        choices={snap.choices}
        outcome={snap.state.outcome}
        state={snap.state}
        trace={snap.trace}
        scenario={scenario}
        kinds={state.choiceKinds}
        onTake={(kind) => void store.take(kind)}
      />
      <div class={lanesClass} style={{ '--count': scenario.actors.length }}>
        <Lanes
          actors={scenario.actors}
          machine={snap.state}
          trace={snap.trace}
          counters={counters}
          opSince={state.opSince}
          asking={asking}
          parting={parting}
          choices={snap.choices}
          onStep={(k) => void store.step(k)}
          onStepOver={(k) => void store.stepOver(k)}
          onDrop={(k) => void store.drop(k)}
          fold={state.lesson?.fold ?? null}
          onUntilShared={(k) => void store.untilShared(k)}
          onRead={(k, at, kind) => void (kind === 'place' ? store.placeStore(k, at) : store.read(k, at))}
          busy={state.busy}
        />
      </div>
    </>
  );
}
