import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders } from '@/app/providers';
import { toast } from './toasts';

// The visitor went offline after the page loaded: the toasts' chunk cannot be fetched.
vi.mock('sonner', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

describe('toasts when their code cannot load', () => {
  it("still says the toast's words, in a status message the visitor can close", async () => {
    render(
      <AppProviders>
        <button type="button" onClick={() => toast.error('Submission failed', { description: 'Please call us.' })}>
          Send
        </button>
      </AppProviders>,
    );

    // Its words go into a live region that is in the page before them: screen readers announce a change there.
    const liveRegions = [...document.querySelectorAll('[aria-live]')];
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    const status = await screen.findByRole('status');
    expect(liveRegions).toContain(status.closest('[aria-live]'));
    expect(status).toHaveTextContent('Submission failed');
    expect(status).toHaveTextContent('Please call us.');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
