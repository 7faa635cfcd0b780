import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { data } from 'react-router';
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
});
