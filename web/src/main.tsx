/*
 * Entry point: read the address, open the scenario it names (replaying its
 * schedule, if any), keep the address in step with the run.
 */
import { render } from 'preact';
import { App } from './components/App';
import { connect } from './bridge/bridge';
import { loadLocale, t } from './i18n';
import { addressLocale, initLocale } from './i18n/persist';
import { carriesDocument, formatPlace, parsePlace, type Place } from './model/params';
import { defaultScenario, hasScenario, loadScenario } from './scenarios';
import { FIRST_LESSON, hasLesson, loadLesson } from './lessons';
import { watchRun } from './lessons/watch';
import { loadLessonUI } from './lessons/ui';
import { Store } from './store/store';
import { StoreContext } from './store/useStore';
import './styles/global.css';

const store = new Store(
  connect,
  { has: hasScenario, load: loadScenario, fallback: defaultScenario },
  { has: hasLesson, load: loadLesson, first: FIRST_LESSON },
);
// a page that frames this one hears about every step (lessons/README.md, “On a course page”);
// the learner’s progress is saved
watchRun(store);

// the language first; another than English has its table loaded before the first
// word is said (the notices, the opening and the screen below wait for it)
const localeReady = loadLocale(
  initLocale(new URLSearchParams(location.search).get('lang') ?? undefined),
).catch(() => undefined);
const { place, problems } = parsePlace(location.search);

// The address follows the run, a moment after the last step (replaceState
// costs milliseconds, and browsers throttle it when called on every key press).
// A run that is thrown away (reset, variant switch, explorer, another lesson)
// keeps a history entry of its own: the browser's Back brings it back.
let pending: ReturnType<typeof setTimeout> | undefined;
let pushNext = false;
const write = (p: Place, push: boolean) => {
  const search = formatPlace({ ...p, lang: addressLocale() });
  if (search === location.search) return;
  const url = `${location.pathname}${search}${location.hash}`;
  if (push) history.pushState(null, '', url);
  else history.replaceState(null, '', url);
};
store.onPlace = (p) => {
  clearTimeout(pending);
  pending = setTimeout(() => {
    write(p, pushNext);
    pushNext = false;
  }, 150);
};
store.onDiscard = (p) => {
  if (travelling) return;
  clearTimeout(pending);
  write(p, pushNext);
  pushNext = true;
};

/** The run an address names: its variant, memory model, schedule and step, and who took its steps if not the learner. */
const runAt = (p: Place) => ({
  variant: p.variant,
  memory: p.memory,
  schedule: p.schedule,
  step: p.step,
  assist: p.by ? { by: p.by, from: p.from ?? 0 } : undefined,
});

// Back and Forward: open the run the address names (without making another entry)
let travelling = false;
window.addEventListener('popstate', () => {
  const { place: to } = parsePlace(location.search);
  const at = runAt(to);
  clearTimeout(pending);
  pushNext = false;
  travelling = true;
  const done = () => {
    travelling = false;
  };
  if (to.lesson) void store.openLesson(to.lesson, at, true).finally(done);
  else if (to.scenario || to.schedule || to.variant || to.memory || to.step !== undefined)
    void store.open(to.scenario, at, true).finally(done);
  else void store.openLesson(FIRST_LESSON, {}, true).finally(done);
});

void localeReady.then(() => {
  for (const p of problems) store.notify('error', t('notice.badParam', { name: p.name, message: p.message }));
  // a lesson by name; a scenario (or a bare schedule) in the sandbox; otherwise the course's first lesson
  const at = runAt(place);
  const lessonUI = () => void loadLessonUI();
  if (carriesDocument(location.hash)) {
    // a document the link carries (author.html's Share): its own chunk; a bad link opens the first lesson
    lessonUI();
    void import('./share/open').then((m) => {
      m.followShared(store);
      return m.openShared(store, location.href, at, () => store.openLesson(FIRST_LESSON));
    });
  } else if (place.lesson) {
    lessonUI();
    void store.openLesson(place.lesson, at);
  } else if (place.scenario || place.schedule || place.variant || place.memory || place.step !== undefined)
    void store.open(place.scenario, at);
  else {
    lessonUI();
    void store.openLesson(FIRST_LESSON);
  }

  render(
    <StoreContext.Provider value={store}>
      <App />
    </StoreContext.Provider>,
    document.getElementById('app')!,
  );
});
