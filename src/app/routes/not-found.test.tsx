import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { business } from '@/config/business';
import { renderRoute } from '@/testing/render';

describe('unknown routes', () => {
  it('shows the 404 text, links home and logs the missing path', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, router } = renderRoute('/no-such-page');

    expect(await screen.findByText('Oops! Page not found')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('non-existent route'), '/no-such-page');

    await user.click(screen.getByRole('link', { name: 'Return to Home' }));
    expect(router.state.location.pathname).toBe('/');
  });

  // Its title named no business ("Page not found") where every other page's does, and its one heading read "404".
  it("names where the visitor is in its title and heading: the spec's words, and the business", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoute('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/^Oops! Page not found$/);
    expect(screen.getAllByRole('heading')).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe(`Page not found | ${business.name}`));
  });

  it('offers the page an address names in other letters, and its link leads there', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, router } = renderRoute('/Floor-Visualizer');
    await user.click(await screen.findByRole('link', { name: '/floor-visualizer' }));
    // The page's module loads before the router moves there.
    await waitFor(() => expect(router.state.location.pathname).toBe('/floor-visualizer'));
  });

  it('suggests nothing for an address that names no page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoute('/no-such-page');
    expect(await screen.findByText('Oops! Page not found')).toBeInTheDocument();
    expect(screen.queryByText(/Did you mean/)).toBeNull();
  });
});
