import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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
