import { Icon } from '@/components/ui/icon';
import { MapPin } from '@/components/ui/icons';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';

/** Haddonfield, NJ: the marker, and the centre of a box wide enough to show the three counties. */
const HADDONFIELD = { lat: 39.8915, lon: -75.0377 } as const;
const HALF_SPAN = { lat: 0.2, lon: 0.32 } as const;
export const MAP_HEIGHT_PX = 400;
/** Start loading a little before the map scrolls into view, so it is there when the visitor arrives. */
export const MAP_ROOT_MARGIN = '300px 0px';

export const mapEmbedUrl =
  'https://www.openstreetmap.org/export/embed.html?bbox=' +
  [
    HADDONFIELD.lon - HALF_SPAN.lon,
    HADDONFIELD.lat - HALF_SPAN.lat,
    HADDONFIELD.lon + HALF_SPAN.lon,
    HADDONFIELD.lat + HALF_SPAN.lat,
  ]
    .map((n) => n.toFixed(4))
    .join(',') +
  `&layer=mapnik&marker=${HADDONFIELD.lat},${HADDONFIELD.lon}`;

const largerMapUrl = `https://www.openstreetmap.org/?mlat=${HADDONFIELD.lat}&mlon=${HADDONFIELD.lon}#map=11/${HADDONFIELD.lat}/${HADDONFIELD.lon}`;

/**
 * The service-area map (spec section 2, item 7), centred on Haddonfield and 400 px high. It makes no request
 * to the map host until the visitor scrolls near it or presses 'Show map': a visitor who never gets that far
 * never talks to a third party.
 */
export function ServiceAreaMap() {
  const [shown, setShown] = useState(false);
  const [askedFor, setAskedFor] = useState(false);
  // Focus inside the embedded map does not match :focus on the frame, so the ring is drawn from its events.
  const [mapFocused, setMapFocused] = useState(false);
  const frameRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<HTMLIFrameElement>(null);

  // 'Show map' disappears when pressed; keyboard focus moves to the map it asked for instead of getting lost.
  useEffect(() => {
    if (askedFor) mapRef.current?.focus();
  }, [askedFor]);

  // Focus that moves into the embedded map fires no event on the frame (and :focus does not match it); the
  // page's window loses focus instead. So the page checks where focus is whenever it leaves or comes back.
  useEffect(() => {
    const map = mapRef.current;
    if (!shown || !map) return;
    let pending: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      clearTimeout(pending);
      pending = setTimeout(() => {
        const inMap = document.activeElement === map;
        setMapFocused(inMap);
        // Keep the whole frame clear of the sticky header (the page's scroll padding), whichever way focus came.
        if (inMap) map.scrollIntoView({ block: 'nearest' });
      }, 0);
    };
    window.addEventListener('blur', check);
    window.addEventListener('focus', check);
    document.addEventListener('focusin', check);
    return () => {
      clearTimeout(pending);
      window.removeEventListener('blur', check);
      window.removeEventListener('focus', check);
      document.removeEventListener('focusin', check);
    };
  }, [shown]);

  useEffect(() => {
    const frame = frameRef.current;
    if (shown || !frame || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setShown(true);
      },
      { rootMargin: MAP_ROOT_MARGIN },
    );
    observer.observe(frame);
    return () => observer.disconnect();
  }, [shown]);

  return (
    <div>
      <div
        ref={frameRef}
        style={{ height: MAP_HEIGHT_PX }}
        className={`relative overflow-hidden rounded-2xl bg-oak-100 shadow-lg ring-1 ring-walnut-900/10 ${mapFocused ? 'outline-4 outline-offset-2 outline-oak-500' : ''}`}
      >
        {shown ? (
          <iframe
            ref={mapRef}
            title="Map of our service area, centered on Haddonfield, NJ"
            src={mapEmbedUrl}
            width="100%"
            height={MAP_HEIGHT_PX}
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
            className="block h-full w-full border-0"
          />
        ) : (
          <div className="flex h-full flex-col items-center justify-center gap-4 p-6 text-center [background:repeating-linear-gradient(0deg,transparent_0_39px,rgba(59,36,22,.06)_39px_40px),repeating-linear-gradient(90deg,transparent_0_39px,rgba(59,36,22,.06)_39px_40px)]">
            <Icon icon={MapPin} aria-hidden="true" className="h-10 w-10 text-oak-500" />
            <p className="max-w-xs text-walnut-800">Our service area map, centered on Haddonfield, NJ.</p>
            <Button
              variant="outline"
              onClick={() => {
                setShown(true);
                setAskedFor(true);
              }}
            >
              Show map
            </Button>
          </div>
        )}
      </div>
      <p className="mt-2 text-right text-sm">
        <a
          href={largerMapUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 items-center font-semibold text-walnut-800 underline underline-offset-4 hover:text-walnut-950"
        >
          View a larger map<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </p>
    </div>
  );
}
