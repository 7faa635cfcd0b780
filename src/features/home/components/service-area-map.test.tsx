import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { ServiceAreaMap } from './service-area-map';

/** An IntersectionObserver the test drives: it records what is watched and lets the test say "it is near". */
let observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit; targets: Element[] }[] =
  [];

beforeEach(() => {
  observers = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private record: (typeof observers)[number];
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        this.record = { callback, options, targets: [] };
        observers.push(this.record);
      }
      observe(target: Element) {
        this.record.targets.push(target);
      }
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

function scrollNear(isIntersecting: boolean) {
  const observer = observers.at(-1)!;
  act(() =>
    observer.callback(
      observer.targets.map((target) => ({ isIntersecting, target }) as IntersectionObserverEntry),
      {} as IntersectionObserver,
    ),
  );
}

describe('the service-area map', () => {
  it('makes no map request until the visitor scrolls near it, then embeds a titled 400 px map on Haddonfield', () => {
    renderWithProviders(<ServiceAreaMap />);
    expect(document.querySelector('iframe')).toBeNull();
    expect(observers).toHaveLength(1);
    expect(observers[0]!.options?.rootMargin).toMatch(/px/);

    scrollNear(false);
    expect(document.querySelector('iframe')).toBeNull();

    scrollNear(true);
    const map = screen.getByTitle(/map of our service area, centered on Haddonfield/i);
    expect(map.tagName).toBe('IFRAME');
    expect(map).toHaveAttribute('height', '400');
    const src = new URL(map.getAttribute('src')!);
    expect(src.origin).toBe('https://www.openstreetmap.org');
    expect(src.searchParams.get('marker')).toBe('39.8915,-75.0377');
    const [west, south, east, north] = src.searchParams.get('bbox')!.split(',').map(Number) as [
      number,
      number,
      number,
      number,
    ];
    expect((west + east) / 2).toBeCloseTo(-75.0377, 3);
    expect((south + north) / 2).toBeCloseTo(39.8915, 3);
    expect(map.parentElement).toHaveStyle({ height: '400px' });
  });

  it('loads at once when the visitor presses Show map', async () => {
    const { user } = renderWithProviders(<ServiceAreaMap />);
    expect(document.querySelector('iframe')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show map' }));
    expect(screen.getByTitle(/map of our service area/i)).toHaveFocus();
  });
});
