import { describe, expect, it } from 'vitest';
import { siteImages } from '../../src/content/site-images.ts';
import { siteImageDefinitions } from './site-image-definitions.ts';

const manifestKey = (name: string) => name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

describe('the site images, as a visitor who cannot see them hears them', () => {
  // Every picture is drawn by code (each definition's render); none is a photo of the business's work, and an alt
  // text that read "Bright living room with a newly installed ... floor" let a screen-reader visitor take it for one.
  it('calls every picture an illustration', () => {
    for (const { name, alt } of siteImageDefinitions) expect(alt, name).toMatch(/^Illustration of /);
  });

  // The manifest is the generator's output; the alt texts were edited in both without running it (its images would
  // be encoded again): the page must say what the definitions say.
  it('shows on the page the alt text each definition gives', () => {
    const manifest = siteImages as Record<string, { alt: string }>;
    expect(Object.keys(manifest).sort()).toEqual(siteImageDefinitions.map(({ name }) => manifestKey(name)).sort());
    for (const { name, alt } of siteImageDefinitions) expect(manifest[manifestKey(name)]?.alt, name).toBe(alt);
  });
});
