import { expect, test } from './support/test';
import { openAsVisitor } from './support/visitor';

/**
 * At a 360 px phone's width, every example written in a form's empty field is read whole: the investors' "e.g.
 * fix-and-flips, rentals, multifamily" was cut after "multi" (session 27, journeys). Measured with the field's own
 * font, against the room inside its padding.
 */
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

for (const path of ['/', '/realtors', '/investors', '/floor-visualizer']) {
  test(`${path}: no field's placeholder is cut at 360 px`, async ({ page }) => {
    await openAsVisitor(page, path);
    const cut: string[] = [];
    for (const field of await page.getByRole('textbox').all()) {
      const fits = await field.evaluate((element: HTMLInputElement | HTMLTextAreaElement) => {
        // A textarea wraps its placeholder; only a one-line field cuts it.
        if (element.tagName !== 'INPUT' || !element.placeholder) return true;
        const style = getComputedStyle(element);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = style.font;
        const room = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return context.measureText(element.placeholder).width <= room;
      });
      if (!fits) cut.push((await field.getAttribute('placeholder')) ?? '');
    }
    expect(cut).toEqual([]);
  });
}
