import { describe, expect, it } from 'vitest';
import { DEPLOYED_PAGES } from '../../scripts/check-deployment/pages';
import { sitePaths } from './router';

describe('npm run check:deployment', () => {
  it('checks every prerendered page of the site', () => {
    expect([...DEPLOYED_PAGES]).toEqual([...sitePaths]);
  });
});
