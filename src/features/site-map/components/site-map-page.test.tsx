import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sitePaths } from '@/app/router';
import { renderRoute } from '@/testing/render';
import { LAZY_ARRIVAL_TIMEOUT_MS } from '@/testing/waits';

/** The page's own code loads on demand: the first wait on it is a hang guard, not a speed check. */
const ROUTE_CODE_LOADS = { timeout: LAZY_ARRIVAL_TIMEOUT_MS };

describe('the sitemap page', () => {
  it('is where the footer\'s "Sitemap" goes, a page a person reads', async () => {
    const { user } = renderRoute('/');
    const legal = within(await screen.findByRole('list', { name: 'Legal' }));
    await user.click(legal.getByRole('link', { name: 'Sitemap' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sitemap' }, ROUTE_CODE_LOADS)).toBeVisible();
  });

  it('links every page of the site by name, and says what is on it', async () => {
    renderRoute('/sitemap');
    const list = within(await screen.findByRole('navigation', { name: 'Every page' }, ROUTE_CODE_LOADS));
    const hrefs = list.getAllByRole('link').map((link) => link.getAttribute('href'));
    for (const path of sitePaths.filter((path) => path !== '/sitemap')) expect(hrefs).toContain(path);
    expect(list.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(list.getByRole('link', { name: 'Snap & See Wood (floor visualizer)' })).toHaveAttribute('href', '/floor-visualizer');
    expect(list.getByRole('link', { name: 'Realtor Referral Program' })).toHaveAttribute('href', '/realtors');
    expect(list.getByRole('link', { name: 'Investor Partner Program' })).toHaveAttribute('href', '/investors');
    expect(list.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(list.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(list.getByText('Upload a photo of your room and see it with a new hardwood floor.')).toBeVisible();
  });

  it('links the places a visitor comes for by name: the estimate form and the accessibility statement', async () => {
    renderRoute('/sitemap');
    const list = within(await screen.findByRole('navigation', { name: 'Every page' }, ROUTE_CODE_LOADS));
    expect(list.getByRole('link', { name: 'Free estimate form' })).toHaveAttribute('href', '/#contact');
    expect(list.getByRole('link', { name: 'Accessibility statement' })).toHaveAttribute(
      'href',
      '/terms#terms-accessibility',
    );
  });

  it('still offers the search engines\' file', async () => {
    renderRoute('/sitemap');
    expect(await screen.findByRole('link', { name: 'sitemap.xml' }, ROUTE_CODE_LOADS)).toHaveAttribute(
      'href',
      '/sitemap.xml',
    );
  });
});
