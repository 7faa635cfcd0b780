import { loadFullStylesheet } from '@/app/load-full-stylesheet';
import { startOnIntent } from '@/app/start-on-intent';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

if (container.hasChildNodes()) {
  if (container.dataset.opensAtTop !== undefined) {
    // Reloaded before the app is up, this page must still open at the top: no restoring the scroll position.
    window.addEventListener('pagehide', () => (window.history.scrollRestoration = 'manual'));
  }
  // A prerendered page came with its first screen's rules only; the rest of the stylesheet comes now (this
  // script arrives once the first screen has painted, src/app/page-bootstrap.ts).
  void loadFullStylesheet();
  // React loads when the visitor first interacts (or at once where the page says so, or they already did).
  startOnIntent(
    container,
    async () => {
      const [{ hydrateApp }] = await Promise.all([import('@/app/start-app'), loadFullStylesheet()]);
      await hydrateApp(container);
    },
    { now: container.dataset.hydrate === 'now' || window.location.hash !== '', held: window.pageBootstrap?.takeOver() },
  );
} else {
  // The dev server's empty page.
  void import('@/app/start-app').then(({ renderApp }) => renderApp(container));
}
