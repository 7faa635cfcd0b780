import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_SUPABASE_URL } from '@/testing/test-env';
import { chooseFile, openPage } from '../testing/visualizer-journey';
import { warmConnections } from '../utils/warm-connections';

/** The links the page put in the head for the click's calls (nothing a visitor sees; the head holds them). */
const preconnects = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preconnect"]')].map((link) =>
    link.getAttribute('href'),
  );

afterEach(() => warmConnections([]));

describe('Snap & See Wood: connections for "Process Image"', () => {
  it('are asked for once the name and e-mail could be sent, not before', async () => {
    const { user } = await openPage();
    await chooseFile(user);
    await user.type(screen.getByLabelText('Name'), 'Dana Whitman');
    await user.type(screen.getByLabelText('Email'), 'dana@');
    expect(preconnects()).toEqual([]);

    await user.type(screen.getByLabelText('Email'), 'example.com');
    // The test settings put the API and the webhook on one origin (production has two: warm-connections.test.ts).
    expect(preconnects()).toEqual([TEST_SUPABASE_URL]);
  });
});
