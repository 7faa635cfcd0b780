import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { data } from 'react-router';
import { business } from '@/config/business';
import { renderRoute } from '@/testing/render';

describe('router failures', () => {
  it('shows the fallback page with the thrown error message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = () => {
      throw new Error('The realtor page could not load');
    };
    renderRoute('/broken', { extraRoutes: [{ path: 'broken', element: <Broken /> }] });

    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('The realtor page could not load')).toBeInTheDocument();
  });

  it('shows the status of an error response', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoute('/gone', {
      extraRoutes: [
        {
          path: 'gone',
          loader: () => {
            throw data(null, { status: 503, statusText: 'Service Unavailable' });
          },
          element: <p>never shown</p>,
        },
      ],
    });

    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('503 Service Unavailable')).toBeInTheDocument();
  });

  // The message says what broke (a module that did not load, a status), not what the visitor can do about it.
  it('says what to do next: reload, or reach the business', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = () => {
      throw new TypeError('Failed to fetch dynamically imported module: /assets/realtors-1a2b3c.js');
    };
    renderRoute('/broken', { extraRoutes: [{ path: 'broken', element: <Broken /> }] });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Reloading the page may put this right. If it keeps happening, call us at');
    expect(screen.getByRole('link', { name: business.phone })).toHaveAttribute('href', business.phoneHref);
    expect(screen.getByRole('link', { name: business.email })).toHaveAttribute('href', `mailto:${business.email}`);
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    // Its title named no business ("Something went wrong"), where every page's does.
    await waitFor(() => expect(document.title).toBe(`Something went wrong | ${business.name}`));
  });
});
