/*
 * The compact page for an <iframe> (embed.html): one lesson, named by the
 * address (?lesson=ID&variant=&schedule=&step=&lang=), or with ?src=host the
 * text of a lesson file the framing page sends (the <lockstep-lesson src=…>
 * element does).  The page reports its height and the run's events to the
 * page that frames it (lessons/README.md, “On a course page”).
 */
import { render } from 'preact';
import { EmbedApp } from './components/EmbedApp';
import { connect } from './bridge/bridge';
import { loadLocale, t } from './i18n';
import { initLocale } from './i18n/persist';
import { FIRST_LESSON, hasLesson, loadLesson } from './lessons';
import { loadLessonUI } from './lessons/ui';
import { postToHost, watchRun } from './lessons/watch';
import { carriesDocument, parsePlace } from './model/params';
import { defaultScenario, hasScenario, loadScenario } from './scenarios';
import { Store } from './store/store';
import { StoreContext } from './store/useStore';
import './styles/global.css';

const query = new URLSearchParams(location.search);
// the language first; another than English has its table loaded before the first
// word is said (the notices, the opening and the screen below wait for it)
const localeReady = loadLocale(initLocale(query.get('lang') ?? undefined)).catch(() => undefined);
const { place, problems } = parsePlace(location.search);
const store = new Store(
  connect,
  { has: hasScenario, load: loadScenario, fallback: defaultScenario },
  { has: hasLesson, load: loadLesson, first: FIRST_LESSON },
);
watchRun(store);
void loadLessonUI();

// the page's height, whenever it changes, so the frame can fit it
let lastHeight = 0;
const tellHeight = () => {
  const height = Math.ceil(document.body.getBoundingClientRect().height);
  if (height === lastHeight) return;
  lastHeight = height;
  postToHost({ source: 'lockstep', type: 'height', height, lesson: store.get().lesson?.id ?? null });
};
new ResizeObserver(tellHeight).observe(document.body);

void localeReady.then(() => {
  for (const p of problems) store.notify('error', t('notice.badParam', { name: p.name, message: p.message }));
  const at = { variant: place.variant, schedule: place.schedule, step: place.step };
  const fromHost = query.get('src') === 'host';
  if (carriesDocument(location.hash)) {
    // a document the link carries (embed.html#src=…, or the author page's preview): its own chunk
    void import('./share/open').then((m) => {
      m.followShared(store);
      return m.openShared(store, location.href, at, () => store.openLesson(FIRST_LESSON, at));
    });
  } else if (fromHost) {
    // the framing page sends {source: 'lockstep-host', type: 'lesson', text, file} (or error)
    let opened = false;
    window.addEventListener('message', (e: MessageEvent) => {
      const d = e.data as Record<string, unknown> | null;
      if (opened || e.source !== window.parent || !d || d.source !== 'lockstep-host' || d.type !== 'lesson')
        return;
      opened = true;
      const file = typeof d.file === 'string' && d.file ? d.file.slice(0, 200) : 'lesson.md';
      if (typeof d.error === 'string')
        store.notify('error', t('embed.fetchFailed', { file, message: d.error.slice(0, 300) }));
      else if (typeof d.text === 'string') void store.openLessonText(d.text, file, at);
    });
    postToHost({ source: 'lockstep', type: 'waiting', lesson: null, step: 0 });
  } else void store.openLesson(place.lesson ?? FIRST_LESSON, at);

  render(
    <StoreContext.Provider value={store}>
      <EmbedApp waiting={fromHost} />
    </StoreContext.Provider>,
    document.getElementById('app')!,
  );
});
