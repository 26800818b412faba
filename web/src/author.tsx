/*
 * Entry of author.html: write a lesson or a scenario in the browser, checked
 * live by the same code as `lockstep check`, previewed as learners will see
 * it, shared by a link that carries the document (src/author/, src/share/).
 */
import { render } from 'preact';
import { AuthorApp } from './author/AuthorApp';
import { say } from './author/messages';
import { initLocale } from './i18n/persist';
import { loadLocale, onLocale } from './i18n';
import './styles/global.css';

// another language than English: its table loads before the page is drawn
const localeReady = loadLocale(initLocale(new URLSearchParams(location.search).get('lang') ?? undefined));
document.title = say('page.title');
onLocale(() => (document.title = say('page.title')));

void localeReady.catch(() => undefined).then(() => render(<AuthorApp />, document.getElementById('app')!));
