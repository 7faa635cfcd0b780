import { useId } from 'react';

/**
 * The floor the last render found, drawn over the photo: a light tint on the floor and a gold line with a dark
 * edge around it, so it shows on pale and dark floors alike. The mask (grayscale PNG, 255 = floor) is painted
 * through an SVG filter, which needs no pixel access, so the image may come from the storage host without CORS.
 */
export function FloorOutline({ maskUrl }: { maskUrl: string }) {
  // useId's characters are not all valid in a url(#…) reference.
  const filterId = `floor-outline-${useId().replace(/[^\w-]/g, '')}`;
  return (
    <svg aria-hidden="true" className="pointer-events-none absolute inset-0 size-full" data-testid="floor-outline">
      <defs>
        <filter id={filterId} x="0" y="0" width="100%" height="100%" colorInterpolationFilters="sRGB">
          <feColorMatrix type="luminanceToAlpha" in="SourceGraphic" result="floor" />
          <feMorphology operator="dilate" radius="4" in="floor" result="outer" />
          <feMorphology operator="dilate" radius="2" in="floor" result="inner" />
          <feComposite operator="out" in="outer" in2="floor" result="outerRing" />
          <feComposite operator="out" in="inner" in2="floor" result="innerRing" />
          <feFlood floodColor="#1f130b" floodOpacity="0.75" />
          <feComposite operator="in" in2="outerRing" result="edge" />
          <feFlood floodColor="#ffd23f" />
          <feComposite operator="in" in2="innerRing" result="line" />
          <feFlood floodColor="#ffd23f" floodOpacity="0.2" />
          <feComposite operator="in" in2="floor" result="tint" />
          <feMerge>
            <feMergeNode in="tint" />
            <feMergeNode in="edge" />
            <feMergeNode in="line" />
          </feMerge>
        </filter>
      </defs>
      <image href={maskUrl} width="100%" height="100%" preserveAspectRatio="none" filter={`url(#${filterId})`} />
    </svg>
  );
}
