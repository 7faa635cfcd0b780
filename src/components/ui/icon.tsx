import { createElement, type SVGProps } from 'react';
import type { LucideIconData } from 'lucide-react';

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & {
  icon: LucideIconData;
  /** The global `hidden` attribute (React's SVG types leave it out; the site's stylesheet hides any [hidden]). */
  hidden?: boolean;
};

/**
 * A lucide icon drawn inline as lucide-react draws it, less what nothing here reads: lucide-react always adds the
 * class names `lucide lucide-<name> lucide-<alias>` (it has no switch for them; no CSS or test of ours uses them)
 * and `xmlns`, which an `<svg>` inside HTML does not need. On the home page's 56 icons that is about 330 bytes of
 * brotli, which its HTML needs to fit the first TCP window (decision 011). `width` and `height` stay: they keep an
 * icon icon-sized where its classes' rules are missing (a page drawn on its inline rules alone). `aria-hidden`
 * comes before the classes, so brotli finds the same long run of attributes before each icon's own (about 60 bytes
 * on the home page). Decorative unless given an aria attribute, a role or a title, as lucide-react's.
 */
export function Icon({ icon, className, ...props }: IconProps) {
  const width = icon.size ?? icon.width ?? 24;
  const height = icon.size ?? icon.height ?? 24;
  const speaks = Object.entries(props).some(
    ([name, value]) => (name.startsWith('aria-') || name === 'role' || name === 'title') && value != null,
  );
  return (
    <svg
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={speaks ? undefined : 'true'}
      className={className}
      {...props}
    >
      {icon.node.map(([tag, attributes]) => createElement(tag, attributes))}
    </svg>
  );
}
