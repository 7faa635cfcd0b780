import { Icon } from '@/components/ui/icon';
import { MoveHorizontal } from '@/components/ui/icons';
import { useId, useState, type Ref } from 'react';
import type { PictureRenditions } from '@contracts/image-renditions';
import { ResultPicture } from './result-picture';

type Picture = { url: string; renditions?: PictureRenditions };
type BeforeAfterSliderProps = {
  before: Picture;
  after: Picture;
  label?: string;
  /** The result picture has arrived (what the page waits for before fetching the other styles). */
  onAfterLoad?: () => void;
  /** The control laid over the pictures: focusing it brings the whole picture into view. */
  inputRef?: Ref<HTMLInputElement>;
  /**
   * The photo's width / height when already known (the page keeps it from the first load): a slider shown again
   * after the Fix panel then has its size at once, instead of the full width until its picture loads.
   */
  aspect?: number | null;
  onAspect?: (aspect: number) => void;
};

/**
 * The original photo over the hardwood result, split where the visitor drags. The control is a real range
 * input laid over the images, so it works with a pointer, a finger, and the arrow/Home/End/Page keys.
 */
export function BeforeAfterSlider({
  before,
  after,
  label = 'Before and after comparison',
  onAfterLoad,
  inputRef,
  aspect: knownAspect = null,
  onAspect,
}: BeforeAfterSliderProps) {
  const [position, setPosition] = useState(50);
  const [loadedAspect, setLoadedAspect] = useState<number | null>(null);
  const aspect = loadedAspect ?? knownAspect;
  const hintId = useId();

  return (
    <figure className="space-y-2">
      <div
        className="relative mx-auto overflow-hidden rounded-xl bg-walnut-950 shadow-lg has-[input:focus-visible]:outline-4 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-oak-500"
        // At most 70 % of the window's height, so a portrait photo's floor and the handle are on screen with its
        // top: the width follows from the photo's own shape, and both images keep lining up.
        style={aspect ? { maxWidth: `calc(70vh * ${aspect.toFixed(4)})` } : undefined}
      >
        <ResultPicture
          fullUrl={after.url}
          renditions={after.renditions}
          alt=""
          fetchPriority="high"
          className="block h-auto w-full select-none"
          draggable={false}
          onLoad={(event) => {
            const { naturalWidth, naturalHeight } = event.currentTarget;
            if (naturalWidth > 0 && naturalHeight > 0) {
              setLoadedAspect(naturalWidth / naturalHeight);
              onAspect?.(naturalWidth / naturalHeight);
            }
            onAfterLoad?.();
          }}
        />
        <ResultPicture
          fullUrl={before.url}
          renditions={before.renditions}
          alt=""
          className="absolute inset-0 block h-full w-full select-none object-cover"
          style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}
          draggable={false}
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 w-0.5 -translate-x-1/2 bg-white shadow-[0_0_6px_rgba(0,0,0,0.6)]"
          style={{ left: `${position}%` }}
        >
          <span className="absolute top-1/2 left-1/2 flex size-10 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-white text-walnut-900 shadow-md">
            <Icon icon={MoveHorizontal} className="size-5" />
          </span>
        </span>
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-3 left-3 rounded bg-walnut-950/70 px-2 py-1 text-xs font-semibold text-white"
        >
          Before
        </span>
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-3 right-3 rounded bg-walnut-950/70 px-2 py-1 text-xs font-semibold text-white"
        >
          After
        </span>
        <input
          ref={inputRef}
          type="range"
          min={0}
          max={100}
          step={1}
          value={position}
          onChange={(event) => setPosition(Number(event.target.value))}
          aria-label={label}
          aria-describedby={hintId}
          aria-valuetext={`${position}% original photo, ${100 - position}% new hardwood floor`}
          className="absolute inset-0 h-full w-full cursor-ew-resize opacity-0"
        />
      </div>
      <figcaption id={hintId} className="text-center text-sm text-walnut-700">
        Drag the handle (or use the arrow keys) to compare your room before and after.
      </figcaption>
    </figure>
  );
}
