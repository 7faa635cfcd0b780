import { answerBeforeTheApp } from '@/app/answer-before-the-app';
import { loadFullStylesheet } from '@/app/load-full-stylesheet';
import { startOnIntent } from '@/app/start-on-intent';
import { nextTask } from '@/lib/next-task';
import './index.css';

/** Fetches the app's chunks (the build's list, handed over by the page's bootstrap) all at once. */
function preloadModules(urls: string[]): void {
  for (const url of urls) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = url;
    document.head.append(link);
  }
}

/**
 * The app's modules, evaluated in two tasks instead of one: React DOM (about 210 KB of script), then the router
 * and the app (about 150 KB), which import it. Both are among the chunks fetched together above, so neither
 * waits for a request. In one task Lighthouse (whose debugger and trace take in each script's source as it is
 * evaluated) measured 12 ms of CPU, which its slow phone counts four times over: right at its 50 ms line for
 * blocking time. Decision 013, session 5.
 */
async function importAppInSteps(): Promise<typeof import('@/app/start-app')> {
  await import('react-dom/client');
  await nextTask();
  return import('@/app/start-app');
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

if (container.hasChildNodes()) {
  // This script arrives once the first screen has painted (src/app/page-bootstrap.ts). A prerendered page came
  // with its first screen's rules only: the rest of the stylesheet comes now, and the app loads and hydrates at
  // once, so it is up before most visitors' first tap (decision 013). What they do before that is held and
  // replayed.
  // A tap made before the app is up is answered at once where the page's answers file has its answer (the
  // guide dialog, the menu), and React takes over from it. The answers, the rest of the stylesheet (about 10 KB)
  // and the app's chunks (about 110 KB) are all asked for now: the small ones still come first on a phone's line
  // (measured: the answers were in no later than when the chunks waited for them, and the app was up about
  // 0.3 s sooner; decision 013, session 3).
  const held = window.pageBootstrap?.takeOver();
  const firstAnswers = answerBeforeTheApp(container, loadFullStylesheet());
  preloadModules(held?.appChunks ?? []);
  startOnIntent(
    container,
    async (appHasThePage) => {
      const [{ hydrateApp }] = await Promise.all([importAppInSteps(), loadFullStylesheet()]);
      await hydrateApp(container, appHasThePage);
    },
    { now: true, held, answer: firstAnswers.answer },
  );
} else {
  // The dev server's empty page.
  void import('@/app/start-app').then(({ renderApp }) => renderApp(container));
}
