import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { business } from '@/config/business';
import { SiteFooter } from './site-footer';
import { LAZY_ARRIVAL_TIMEOUT_MS } from '@/testing/waits';

const footer = (
  <MemoryRouter>
    <SiteFooter />
  </MemoryRouter>
);

let root: Root | undefined;
afterEach(() => {
  root?.unmount();
  root = undefined;
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('the footer copyright', () => {
  it('shows the current year when the page was prerendered last year, taking the page over without a mismatch', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-31T12:00:00') });
    const container = document.createElement('div');
    container.innerHTML = renderToString(footer);
    document.body.append(container);
    expect(screen.getByText(/All rights reserved/)).toHaveTextContent(/^© 2026 /);

    vi.setSystemTime(new Date('2027-01-02T12:00:00'));
    const recoverableErrors: unknown[] = [];
    root = hydrateRoot(container, footer, { onRecoverableError: (error) => recoverableErrors.push(error) });

    await vi.waitFor(() => expect(screen.getByText(/All rights reserved/)).toHaveTextContent(/^© 2027 /), {
      timeout: LAZY_ARRIVAL_TIMEOUT_MS,
    });
    // A mismatch would have made React throw the prerendered footer away and render it again.
    expect(recoverableErrors).toEqual([]);
  });
});

describe('the footer on every page', () => {
  it("shows the business's New Jersey home improvement contractor registration number (N.J.A.C. 13:45A-17.11(d)2)", () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(footer);
    document.body.append(container);
    expect(screen.getByText(`NJ Home Improvement Contractor Reg. No. ${business.registrationNumber}`)).toBeVisible();
  });
});

describe('the social links', () => {
  // They leave the site in a new tab, which a screen-reader visitor was not told (the forms' Privacy Policy link and
  // the map's larger-map link say so).
  it('say that Facebook and Instagram open in a new tab', () => {
    render(footer);
    const social = within(screen.getByRole('list', { name: 'Social media' }));
    for (const name of ['Facebook', 'Instagram']) {
      const link = social.getByRole('link', { name });
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAccessibleDescription('Opens in a new tab');
    }
  });

  // The spec's placeholder was a link to "#": it looked like a way to reviews and, pressed, jumped to the top of the
  // page. Until there is a reviews page it says what it is, in words anyone can read, and is no link.
  it('show the placeholder as words, not as a link that goes nowhere', () => {
    render(footer);
    const social = within(screen.getByRole('list', { name: 'Social media' }));
    expect(social.getAllByRole('listitem')).toHaveLength(3);
    expect(social.getByText('Reviews (coming soon)')).toBeVisible();
    expect(social.queryByRole('link', { name: /Reviews/ })).toBeNull();
    expect(social.getAllByRole('link').map((link) => link.getAttribute('href'))).not.toContain('#');
  });
});
