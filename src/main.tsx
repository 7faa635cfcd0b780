import { loadFullStylesheet } from '@/app/load-full-stylesheet';
import { startOnIntent } from '@/app/start-on-intent';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

if (container.hasChildNodes()) {
  // This script arrives once the first screen has painted (src/app/page-bootstrap.ts). A prerendered page came
  // with its first screen's rules only: the rest of the stylesheet comes now, and the app loads and hydrates at
  // once, so it is up before most visitors' first tap (decision 013). What they do before that is held and
  // replayed.
  void loadFullStylesheet();
  startOnIntent(
    container,
    async () => {
      const [{ hydrateApp }] = await Promise.all([import('@/app/start-app'), loadFullStylesheet()]);
      await hydrateApp(container);
    },
    { now: true, held: window.pageBootstrap?.takeOver() },
  );
} else {
  // The dev server's empty page.
  void import('@/app/start-app').then(({ renderApp }) => renderApp(container));
}
