import { screen } from '@testing-library/react';
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
});
