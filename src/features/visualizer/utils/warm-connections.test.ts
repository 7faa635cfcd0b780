import { afterEach, describe, expect, it } from 'vitest';
import { warmConnections } from './warm-connections';

const preconnects = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preconnect"]')].map((link) => ({
    href: link.getAttribute('href'),
    crossOrigin: link.crossOrigin,
  }));

afterEach(() => warmConnections([]));

describe('warmConnections', () => {
  it("asks for a connection to each other origin, once, for calls without credentials, and none to the page's own", () => {
    warmConnections([
      'https://abcdefgh.supabase.co',
      'https://visualizer.example-host.app/webhook',
      'https://abcdefgh.supabase.co/rest/v1/floor_visualizer_requests',
      `${window.location.origin}/functions/v1/floor-visualizer`,
    ]);
    expect(preconnects()).toEqual([
      { href: 'https://abcdefgh.supabase.co', crossOrigin: 'anonymous' },
      { href: 'https://visualizer.example-host.app', crossOrigin: 'anonymous' },
    ]);
  });

  it('puts its links in anew when called again, and leaves the other links of the head alone', () => {
    const fonts = document.createElement('link');
    fonts.rel = 'preconnect';
    fonts.href = 'https://fonts.example';
    document.head.append(fonts);
    try {
      warmConnections(['https://abcdefgh.supabase.co']);
      const first = document.head.querySelector('link[href="https://abcdefgh.supabase.co"]');
      warmConnections(['https://abcdefgh.supabase.co']);
      const second = document.head.querySelector('link[href="https://abcdefgh.supabase.co"]');
      expect(second).not.toBe(first);
      expect(first?.isConnected).toBe(false);
      expect(preconnects().map((link) => link.href)).toEqual(['https://fonts.example', 'https://abcdefgh.supabase.co']);
    } finally {
      fonts.remove();
    }
  });
});
