import { render } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as lucideReact from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { Icon } from './icon';
import * as icons from './icons';

/** The attributes and shapes of an <svg> less lucide-react's class names and `xmlns`, which <Icon> leaves out. */
function drawing(markup: string) {
  const svg = new DOMParser().parseFromString(markup, 'text/html').querySelector('svg')!;
  const attributes = Object.fromEntries([...svg.attributes].map((attribute) => [attribute.name, attribute.value]));
  const { class: _classNames, xmlns: _xmlns, ...rest } = attributes;
  return { attributes: rest, shapes: svg.innerHTML };
}

describe('Icon', () => {
  it.each(Object.keys(icons))('draws %s as lucide-react does, with the same size, stroke and shapes', (name) => {
    const LucideIcon = lucideReact[name as keyof typeof lucideReact] as lucideReact.LucideIcon;
    const icon = icons[name as keyof typeof icons];
    expect(icon.node.length).toBeGreaterThan(0);
    expect(drawing(renderToStaticMarkup(<Icon icon={icon} className="size-5" />))).toEqual(
      drawing(renderToStaticMarkup(<LucideIcon className="size-5" />)),
    );
  });

  it('carries only the classes it is given and no xmlns', () => {
    const markup = renderToStaticMarkup(<Icon icon={icons.Menu} className="h-6 w-6" />);
    expect(markup).toMatch(
      /^<svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" class="h-6 w-6">/,
    );
    expect(markup).not.toContain('lucide');
    expect(markup).not.toContain('xmlns');
  });

  it('is hidden from assistive technology unless it is given a name', () => {
    const { container } = render(
      <>
        <Icon icon={icons.Check} />
        <Icon icon={icons.X} aria-label="Not floor" role="img" />
      </>,
    );
    const [decorative, named] = container.querySelectorAll('svg');
    expect(decorative).toHaveAttribute('aria-hidden', 'true');
    expect(named).not.toHaveAttribute('aria-hidden');
    expect(named).toHaveAccessibleName('Not floor');
  });

  it('takes SVG attributes over its own, as the marker icons thicken their stroke', () => {
    const { container } = render(<Icon icon={icons.Check} strokeWidth={3} />);
    expect(container.querySelector('svg')).toHaveAttribute('stroke-width', '3');
  });
});
