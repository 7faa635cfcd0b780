import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { loadTooltipHints, Tooltip } from './tooltip';
import { TOOLTIP_SKIP_DELAY_MS } from './tooltip-hint';

function renderTooltips() {
  return renderWithProviders(
    <div>
      <Tooltip content="Call us during business hours">
        <button type="button">Phone</button>
      </Tooltip>
      <Tooltip content="Follow us on Facebook">
        <button type="button">Facebook</button>
      </Tooltip>
    </div>,
    { userEventOptions: { advanceTimers: vi.advanceTimersByTime } },
  );
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const hint = (text: string) => screen.queryByRole('tooltip', { name: text });

describe('tooltips', () => {
  beforeEach(async () => {
    // The hints' code loads once the page is up; here, before each test.
    await loadTooltipHints();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    // Closes what is open and lets the skip window run out, so no test starts inside the last one's.
    cleanup();
    vi.advanceTimersByTime(TOOLTIP_SKIP_DELAY_MS);
    vi.useRealTimers();
  });

  it('opens on hover after 700 ms, not before, and closes when the pointer leaves', async () => {
    renderTooltips();
    const trigger = screen.getByRole('button', { name: 'Phone' });
    fireEvent.pointerMove(trigger, { pointerType: 'mouse' });
    advance(699);
    expect(hint('Call us during business hours')).toBeNull();
    advance(1);
    expect(hint('Call us during business hours')).not.toBeNull();

    fireEvent.pointerLeave(trigger, { pointerType: 'mouse' });
    expect(hint('Call us during business hours')).toBeNull();
  });

  it('skips the delay for the next tooltip within 300 ms', () => {
    renderTooltips();
    const phone = screen.getByRole('button', { name: 'Phone' });
    const facebook = screen.getByRole('button', { name: 'Facebook' });
    fireEvent.pointerMove(phone, { pointerType: 'mouse' });
    advance(700);
    fireEvent.pointerLeave(phone, { pointerType: 'mouse' });
    advance(200);
    fireEvent.pointerMove(facebook, { pointerType: 'mouse' });
    expect(hint('Follow us on Facebook')).not.toBeNull();
  });

  it('needs the full delay again after the 300 ms window', () => {
    renderTooltips();
    const phone = screen.getByRole('button', { name: 'Phone' });
    const facebook = screen.getByRole('button', { name: 'Facebook' });
    fireEvent.pointerMove(phone, { pointerType: 'mouse' });
    advance(700);
    fireEvent.pointerLeave(phone, { pointerType: 'mouse' });
    advance(301);
    fireEvent.pointerMove(facebook, { pointerType: 'mouse' });
    expect(hint('Follow us on Facebook')).toBeNull();
    advance(700);
    expect(hint('Follow us on Facebook')).not.toBeNull();
  });

  it('opens on keyboard focus and closes on blur', () => {
    renderTooltips();
    const trigger = screen.getByRole('button', { name: 'Phone' });
    act(() => trigger.focus());
    expect(hint('Call us during business hours')).not.toBeNull();
    act(() => trigger.blur());
    expect(hint('Call us during business hours')).toBeNull();
  });

  it('closes on Escape', () => {
    renderTooltips();
    const trigger = screen.getByRole('button', { name: 'Phone' });
    act(() => trigger.focus());
    expect(hint('Call us during business hours')).not.toBeNull();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(hint('Call us during business hours')).toBeNull();
  });

  it('closes on click', () => {
    renderTooltips();
    const trigger = screen.getByRole('button', { name: 'Phone' });
    fireEvent.pointerMove(trigger, { pointerType: 'mouse' });
    advance(700);
    expect(hint('Call us during business hours')).not.toBeNull();
    fireEvent.pointerDown(trigger, { pointerType: 'mouse' });
    expect(hint('Call us during business hours')).toBeNull();
  });

  it('closes when the page scrolls', () => {
    renderTooltips();
    const trigger = screen.getByRole('button', { name: 'Phone' });
    fireEvent.pointerMove(trigger, { pointerType: 'mouse' });
    advance(700);
    expect(hint('Call us during business hours')).not.toBeNull();
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    expect(hint('Call us during business hours')).toBeNull();
  });
});

describe('a tooltip whose code comes in after the page is up', () => {
  it('is its trigger alone until then, and keeps the focus when the hint takes over', async () => {
    vi.resetModules();
    const { Tooltip: FreshTooltip, loadTooltipHints: loadFresh } = await import('./tooltip');
    let finishLoading: () => void = () => {};
    const loaded = new Promise<void>((resolve) => (finishLoading = resolve));
    vi.doMock('./tooltip-hint', async () => {
      await loaded;
      return vi.importActual('./tooltip-hint');
    });
    renderWithProviders(
      <FreshTooltip content="Call us during business hours">
        <button type="button">Phone</button>
      </FreshTooltip>,
    );
    const before = screen.getByRole('button', { name: 'Phone' });
    act(() => before.focus());
    expect(hint('Call us during business hours')).toBeNull();

    finishLoading();
    await act(() => loadFresh());
    const after = screen.getByRole('button', { name: 'Phone' });
    expect(after).toHaveFocus();
    // Focused after the code came in: the hint opens on focus like any other.
    act(() => after.blur());
    act(() => after.focus());
    expect(hint('Call us during business hours')).not.toBeNull();
    vi.doUnmock('./tooltip-hint');
  });
});
