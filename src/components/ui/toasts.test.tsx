import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders } from '@/app/providers';
import { toast } from './toasts';

function Page() {
  return (
    <button type="button" onClick={() => toast.success('Saved', { description: 'We will call you soon.' })}>
      Save
    </button>
  );
}

describe('toasts', () => {
  it('loads no toast region until a toast is asked for, then shows the toast in a live region', async () => {
    render(
      <AppProviders>
        <Page />
      </AppProviders>,
    );
    expect(screen.queryByRole('region', { name: /notifications/i })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(screen.getByText('We will call you soon.')).toBeInTheDocument();
    const region = screen.getByRole('region', { name: /notifications/i });
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toContainElement(screen.getByText('Saved'));
  });
});
