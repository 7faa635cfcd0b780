import { describe, expect, it } from 'vitest';
import { DEPLOYED_PAGES, PAGE_HEADINGS } from '../../scripts/check-deployment/pages';
import { headingOf } from '../../scripts/check-deployment/site';
import { renderPage } from './render-page';
import { sitePaths } from './router';

describe('npm run check:deployment', () => {
  it('checks every prerendered page of the site', () => {
    expect([...DEPLOYED_PAGES]).toEqual([...sitePaths]);
  });

  it.each(DEPLOYED_PAGES.map((page) => [page]))(
    'expects %s to carry the heading its prerendered page has',
    async (page) => {
      const { html } = await renderPage(page);
      expect(headingOf(html)).toBe(PAGE_HEADINGS[page]);
    },
  );
});
