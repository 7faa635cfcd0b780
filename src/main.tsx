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
  // A prerendered page: React loads when the visitor first interacts (or at once where the page says so).
  startOnIntent(
    container,
    async () => {
      const [{ hydrateApp }] = await Promise.all([import('@/app/start-app'), loadFullStylesheet()]);
      await hydrateApp(container);
    },
    { now: container.dataset.hydrate === 'now' || window.location.hash !== '' },
  );
} else {
  // The dev server's empty page.
  void import('@/app/start-app').then(({ renderApp }) => renderApp(container));
}
