import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './test';

/** WCAG 2.2 level AA, as axe-core tags it (every level A and AA rule up to 2.2). */
export const WCAG_22_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The two widths every state is checked at: a small phone and a laptop. */
export const VIEWPORTS = [
  { name: '360 px', width: 360, height: 780 },
  { name: '1280 px', width: 1280, height: 800 },
] as const;

/**
 * Runs axe-core on the page as it is now and fails with a readable list (rule, impact, the elements and what to
 * fix) when anything in WCAG 2.2 AA is violated. `state` names what is on screen, for the failure message.
 * One call covers a new state: put the page in it, then `await expectAccessible(page, 'result: fix panel open')`.
 */
export async function expectAccessible(page: Page, state: string): Promise<void> {
  // A toast sliding in (or one fading behind it) is half-transparent for a moment; judge the state it settles in.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
  );
  // Nor is a smooth scroll (the page's scroll-behavior, as when focus goes to the first field to fix) one of the
  // animations above: judged mid-scroll, the sticky header half covers what scrolls under it. Wait until the page
  // has stood still for three frames.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = Number.NaN;
        let stillFrames = 0;
        const frame = () => {
          stillFrames = window.scrollY === last ? stillFrames + 1 : 0;
          last = window.scrollY;
          if (stillFrames >= 3) resolve();
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_22_AA_TAGS).analyze();
  const readable = violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    elements: violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
  }));
  expect(readable, `axe found WCAG 2.2 AA violations in "${state}"`).toEqual([]);
}

/**
 * The pages are prerendered and the app takes over on the visitor's first interaction. Moving the pointer is
 * such an interaction; this waits until React has hydrated the page.
 */
export async function startApp(page: Page): Promise<void> {
  await page.mouse.move(5, 5);
  await page.mouse.move(12, 14);
  await page.waitForFunction(() => {
    const first = document.getElementById('root')?.firstElementChild;
    return first !== null && first !== undefined && Object.keys(first).some((key) => key.startsWith('__react'));
  });
}
