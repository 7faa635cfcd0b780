import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { siteImages } from '@/content/site-images';
import { ResponsiveImage } from './responsive-image';

const image = siteImages.serviceHardwood;

describe('ResponsiveImage', () => {
  it('lazy-loads and decodes off the main thread by default', () => {
    render(<ResponsiveImage image={image} sizes="(min-width: 768px) 25vw, 100vw" />);
    const img = screen.getByRole('img', { name: image.alt });
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
    expect(img).not.toHaveAttribute('fetchpriority');
    expect(img).toHaveAttribute('width', String(image.width));
    expect(img).toHaveAttribute('height', String(image.height));
    expect(img).toHaveAttribute('src', image.fallback);
  });

  it('loads eagerly with high fetch priority when it is the priority image', () => {
    render(<ResponsiveImage image={siteImages.heroRoom} sizes="100vw" priority />);
    const img = screen.getByRole('img', { name: siteImages.heroRoom.alt });
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
  });

  it('offers AVIF at every width with the given sizes, and the 800 px WebP to browsers without AVIF', () => {
    render(<ResponsiveImage image={image} sizes="50vw" />);
    const img = screen.getByRole('img', { name: image.alt });
    // <source> has no role, so the picture's children are the only way to reach it.
    const sources = Array.from(img.closest('picture')?.querySelectorAll('source') ?? []);
    expect(sources.map((source) => source.getAttribute('type'))).toEqual(['image/avif']);
    expect(sources[0]).toHaveAttribute('srcset', image.sources.avif);
    expect(sources[0]).toHaveAttribute('sizes', '50vw');
    expect(image.sources.avif).toMatch(/\.avif 400w/);
    expect(img).toHaveAttribute('src', image.fallback);
    expect(image.fallback).toMatch(/-800\.webp$/);
  });

  it('lets a caller mark the image decorative', () => {
    render(<ResponsiveImage image={image} sizes="100vw" alt="" />);
    expect(screen.queryByRole('img', { name: image.alt })).not.toBeInTheDocument();
  });
});
