import { Icon } from '@/components/ui/icon';
import { Download, Info, PencilLine, RotateCcw } from '@/components/ui/icons';
import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { ORIGINAL_RENDITIONS, type PictureRenditions } from '@contracts/image-renditions';
import { LITTLE_FLOOR_SHARE, MAX_CORRECTIONS_PER_REQUEST, RUG_CHOICE_MIN_SHARE } from '@contracts/visualizer-webhook';
import { VISUALIZER_PAGE_PATH, WOOD_PARAM } from '@contracts/visualizer-result-link';
import {
  DEFAULT_WOOD_STYLE,
  WOOD_STYLES,
  WOOD_STYLE_IDS,
  isWoodStyleId,
  type WoodStyleId,
} from '@contracts/wood-styles';
import { Button, buttonClasses } from '@/components/ui/button';
import { pageTexts } from '@/content/spec-texts';
import type { VisualizerRequest } from '../api/get-visualizer-request';
import { useWoodChoiceRecorder } from '../api/record-wood-choice';
import { resultFromRow, type VisualizerResult } from '../utils/result-from-row';
import { BeforeAfterSlider } from './before-after-slider';
import { RESULT_PICTURE_SIZES, ResultPicture, webpSrcSet } from './result-picture';
import { FloorCorrection, type FloorMarker } from './floor-correction';
import { RugChoice, rugChoiceTexts } from './rug-choice';
import { WoodStyleSwitcher, type LaterStylesLost } from './wood-style-switcher';

/**
 * The images live on the storage host, another origin, where the `download` attribute is ignored; fetching
 * the file and saving it from a blob keeps the visitor on the page. If that is refused, the link just opens.
 */
async function saveFromBlob(event: MouseEvent<HTMLAnchorElement>, url: string, fileName: string) {
  event.preventDefault();
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`Download failed with ${response.status}`);
    const blobUrl = URL.createObjectURL(await response.blob());
    const anchor = document.createElement('a');
    anchor.href = blobUrl;
    anchor.download = fileName;
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
    setTimeout(() => URL.revokeObjectURL(blobUrl), 1000);
  } catch {
    window.open(url, '_blank', 'noopener');
  }
}

function downloadName(url: string): string {
  const last = new URL(url, window.location.href).pathname.split('/').pop() ?? '';
  return last.includes('.') ? `hardwood-${last}` : 'hardwood-floor-preview.jpg';
}

/**
 * Fetches every style's picture, at the size the slider shows it, once the shown one has arrived: switching then
 * shows it at once, and on a slow connection the first picture does not share the line with five others.
 */
function usePreloadedImages(pictures: { url: string; renditions?: PictureRenditions }[], enabled: boolean) {
  const key = JSON.stringify(pictures);
  useEffect(() => {
    if (!enabled) return;
    const images = (JSON.parse(key) as typeof pictures).map((picture) => {
      const image = new Image();
      if (picture.renditions) {
        image.sizes = RESULT_PICTURE_SIZES;
        image.srcset = webpSrcSet(picture.renditions);
      } else image.src = picture.url;
      return image;
    });
    return () =>
      images.forEach((image) => {
        image.removeAttribute('srcset');
        image.removeAttribute('src');
      });
  }, [key, enabled]);
}

/**
 * A fix whose render lays wood on a share of the photo within this of the render before it changed (next to)
 * nothing: a "Wood here" marker on a rug the visitor keeps, say (session 19's walk: 0.00876 -> 0.00878). The page
 * then says so instead of saying the markers were used.
 */
export const BARELY_CHANGED_SHARE = 0.001;

export const fixOutcomeTexts = {
  rendered: 'Your floor was re-rendered with your markers.',
  barelyChanged: 'Your floor was re-rendered, but your markers barely changed it.',
  onKeptRug: 'If a “Wood here” marker is on a rug or carpet, choose “Replace carpet and rugs too” to lay wood there.',
};

/**
 * What the page says of a fix that came back: whether it changed the floor, from the share of the photo laid with
 * wood. Markers of both kinds can add as much as they take away, the share then the same with the floor changed: the
 * share says nothing of them.
 */
function fixOutcome(
  before: VisualizerResult,
  after: VisualizerRequest,
  markers: readonly FloorMarker[],
  rugChoiceOffered: boolean,
): string {
  if (before.floorShare === null || after.floor_share === null) return fixOutcomeTexts.rendered;
  if (markers.some((marker) => marker.floor) && markers.some((marker) => !marker.floor))
    return fixOutcomeTexts.rendered;
  if (Math.abs(after.floor_share - before.floorShare) >= BARELY_CHANGED_SHARE) return fixOutcomeTexts.rendered;
  const woodOnKeptRug = rugChoiceOffered && after.rug_choice === 'keep' && markers.some((marker) => marker.floor);
  return woodOnKeptRug
    ? `${fixOutcomeTexts.barelyChanged} ${fixOutcomeTexts.onKeptRug}`
    : fixOutcomeTexts.barelyChanged;
}

/**
 * The heading and the new picture's text. A render that found little or no floor looks like the photo, so "with
 * hardwood floors" would be untrue of it: said as the result e-mail says it (compose-email.ts, session 20).
 */
export const resultWords = {
  heading: 'Your room with hardwood floors',
  headingLittleFloor: 'Your Snap & See Wood result',
  afterAlt: 'Your room with a new hardwood floor',
  afterAltLittleFloor: 'Your room photo from our floor visualizer',
  // "Like what you see?" asks about a new floor the little-floor picture does not show (session 25).
  invite: 'Like what you see? We install hardwood floors across South Jersey.',
  inviteLittleFloor: 'We install hardwood floors across South Jersey.',
  /**
   * When the result e-mail goes and which wood it shows (decision 046): at once as the visitor leaves the result, else
   * 2 minutes after their last pick (3 after the render, 5 after a rug choice's), 15 at most. The info step promised
   * "e-mail it to you" and the result said no more, so a visitor waited in their inbox for a picture that waits for them.
   */
  emailTiming:
    'We e-mail this result (one a day per address) when you leave it, or a few minutes after your last pick if you stay (15 minutes at most), with the wood on screen then.',
  /**
   * In its place once the request's wood picks are used up (MAX_WOOD_PICKS_PER_REQUEST, 100 calls: a visitor who
   * clicks through the woods for long could reach it). The processor keeps the wood it recorded last and says which;
   * the e-mail still goes on its timer. Every wood can still be looked at and downloaded here.
   */
  woodPicksUsedUp: (wood: string) =>
    `You have switched woods more often than we record for one photo, so the e-mail of this result will show ${wood}, the last wood we recorded. You can still look at every wood here.`,
};

/**
 * Said where the Fix button would be, on a result read back from its address (a reload, another tab, the result
 * e-mail's link): the fix's token lived only in the page that sent the photo (decision 009), so the button and the
 * rug choice are gone, and without a word a visitor who had them a moment ago looked for them.
 */
export const reopenedTexts = {
  fix: 'Fixing the floor is offered only on the page that sent the photo, until that page is reloaded or left, so nobody else with a link to this result can change it.',
  fixAndRugs:
    'Fixing the floor and the choice to keep or replace the rugs are offered only on the page that sent the photo, until that page is reloaded or left, so nobody else with a link to this result can change it.',
};

/**
 * The wood the visitor chose is kept in the address (`?wood=walnut`), so a reload shows it again; the result e-mail's
 * link carries the wood its picture shows the same way (decision 046).
 */
function woodInAddress(): WoodStyleId | null {
  const wood = new URLSearchParams(window.location.search).get(WOOD_PARAM);
  return wood !== null && isWoodStyleId(wood) ? wood : null;
}

/**
 * Replaced, not pushed: Back leaves the page rather than walking back through every wood tried. Not kept in local or
 * session storage: the site leaves nothing there but scroll positions (the privacy e2e). A new request's address
 * (visualizer-page's keepRequestInAddress) drops it.
 */
function keepWoodInAddress(styleId: WoodStyleId) {
  const { pathname, search, hash } = window.location;
  if (pathname !== VISUALIZER_PAGE_PATH) return;
  const params = new URLSearchParams(search);
  if (styleId === DEFAULT_WOOD_STYLE) params.delete(WOOD_PARAM);
  else params.set(WOOD_PARAM, styleId);
  const query = params.toString();
  const wanted = `${pathname}${query ? `?${query}` : ''}${hash}`;
  if (wanted !== `${pathname}${search}${hash}`) window.history.replaceState(window.history.state, '', wanted);
}

type ResultStepProps = {
  result: VisualizerResult;
  /**
   * The photo as this page sent it (a blob: URL of its own copy), or null: shown as the "before" picture in place of
   * the processor's copies of the same pixels, which a phone would otherwise download beside the new floor.
   */
  sentPhoto?: string | null;
  /** The secret the webhook gave this page; without it (another device, a reload) there is no fixing. */
  correctionToken: string | null;
  /** The result was read back from the page's address (a reload, another tab, a result link), not made here. */
  reopened?: boolean;
  /** The page stopped following the woods still coming after the first (its reads ran out or failed). */
  laterStylesLost?: LaterStylesLost;
  /** Reads the row again for the woods still coming, once the page stopped following them. */
  onCheckLaterStylesAgain?: () => void;
  onResultChange: (result: VisualizerResult) => void;
  onTryAnother: () => void;
};

/**
 * Step 4: before and after, the slider, the download, and the two ways on; with issue 8's wood styles to switch
 * between and, for the visitor who made the request, "Not quite right? Fix the floor" and (issue 23) "Keep my
 * rugs" or "Replace carpet and rugs too" when the photo has rugs or carpet.
 */
export function ResultStep({
  result,
  sentPhoto = null,
  correctionToken,
  reopened = false,
  laterStylesLost = false,
  onCheckLaterStylesAgain,
  onResultChange,
  onTryAnother,
}: ResultStepProps) {
  const { originalImageUrl, processedImageUrl, styleImageUrls, renditions } = result;
  const before = sentPhoto
    ? { url: sentPhoto, renditions: undefined }
    : { url: originalImageUrl, renditions: renditions[ORIGINAL_RENDITIONS] };
  const [shownArrived, setShownArrived] = useState(false);
  // The wood in the address (a reload), if this render has it; the woods still coming after a reload start at the default.
  const [styleId, setStyleId] = useState<WoodStyleId>(() => {
    const wood = woodInAddress();
    return wood !== null && styleImageUrls[wood] ? wood : DEFAULT_WOOD_STYLE;
  });
  useEffect(() => keepWoodInAddress(styleId), [styleId]);
  // The e-mails show the wood the visitor last showed here (decision 046).
  const { leave: leaveResult, keeps: woodKept } = useWoodChoiceRecorder(result.id, correctionToken, styleId);
  const woodKeptName = WOOD_STYLES.find((style) => style.id === woodKept)?.label;
  const [fixing, setFixing] = useState(false);
  const [markers, setMarkers] = useState<FloorMarker[]>([]);
  const [correctionsUsed, setCorrectionsUsed] = useState(0);
  const [message, setMessage] = useState('');
  const [rugRendering, setRugRendering] = useState(false);
  const fixButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const picture = useRef<HTMLInputElement>(null);
  const showNewPicture = useRef(false);
  const pictureAndLine = useRef<HTMLDivElement>(null);
  // The photo's shape, the same for every render of it: the slider shown again after the Fix panel, and the panel,
  // have their size at once. Without it the slider came back at the full width (a portrait photo ~1,330 px tall at
  // 1280 px) and, focused so, was not scrolled to; its picture's load then shrank it to 70 % of the window, and only
  // its foot stayed on screen.
  const [photoAspect, setPhotoAspect] = useState<number | null>(null);

  const styles = WOOD_STYLE_IDS.filter((style) => styleImageUrls[style]);
  usePreloadedImages(
    styles.map((style) => ({ url: styleImageUrls[style]!, renditions: renditions[style] })),
    shownArrived,
  );
  const shownUrl = styleImageUrls[styleId] ?? processedImageUrl;
  const shownStyle = WOOD_STYLES.find((style) => style.id === styleId && styleImageUrls[style.id]);
  const correctionsLeft = MAX_CORRECTIONS_PER_REQUEST - correctionsUsed;

  useEffect(() => {
    if (fixing || !returnFocus.current) return;
    returnFocus.current = false;
    fixButton.current?.focus();
  }, [fixing]);

  // A fix or a rug choice that came back is shown: its picture is focused, which scrolls it into view. On a phone the
  // Fix button (where the focus went back to) lies a screen below the picture, so the visitor read that the floor was
  // re-rendered and saw the wood choices; and the rug choice, disabled while it rendered, had let the focus fall to
  // the page's start. From the picture the next Tab reaches the woods, the rug choice and the Fix button.
  useEffect(() => {
    if (fixing || !showNewPicture.current) return;
    showNewPicture.current = false;
    // Not the focus's own scroll: it brings the picture into view, not the line under it (under a portrait photo at
    // 360 x 740 the two captions left the line below the screen: session 20's e2e, failing in the fresh-clone check),
    // and it is smooth, so a scroll for the line made after it was undone. The least scroll that shows the picture
    // with its line; when both are taller than the window, its foot (the floor) with the line. (jsdom: no scrolling.)
    picture.current?.focus({ preventScroll: true });
    const block = pictureAndLine.current;
    if (block?.scrollIntoView)
      block.scrollIntoView({ block: block.getBoundingClientRect().height > window.innerHeight ? 'end' : 'nearest' });
  }, [fixing, result]);

  const closeFixing = () => {
    returnFocus.current = true;
    setFixing(false);
  };

  const hasRugChoice = result.rugChoice !== null && (result.rugShare ?? 0) >= RUG_CHOICE_MIN_SHARE;
  const offersRugChoice = correctionToken !== null && hasRugChoice;
  const littleFloor = result.floorShare !== null && result.floorShare < LITTLE_FLOOR_SHARE;
  // Read when a fix comes back, without making the panel's onRendered new on every change.
  const beforeFix = useRef({ result, markers, offersRugChoice });
  beforeFix.current = { result, markers, offersRugChoice };

  const onRendered = useCallback(
    (row: VisualizerRequest) => {
      if (!row.original_image_url || !row.processed_image_url) return;
      const before = beforeFix.current;
      onResultChange(
        resultFromRow({
          ...row,
          original_image_url: row.original_image_url,
          processed_image_url: row.processed_image_url,
        }),
      );
      setMessage(fixOutcome(before.result, row, before.markers, before.offersRugChoice));
      showNewPicture.current = true;
      setFixing(false);
    },
    [onResultChange],
  );

  const onRugRendered = useCallback(
    (row: VisualizerRequest) => {
      if (!row.original_image_url || !row.processed_image_url) return;
      onResultChange(
        resultFromRow({
          ...row,
          original_image_url: row.original_image_url,
          processed_image_url: row.processed_image_url,
        }),
      );
      setMessage(row.rug_choice ? rugChoiceTexts.rendered[row.rug_choice] : '');
      showNewPicture.current = true;
    },
    [onResultChange],
  );

  return (
    <section aria-labelledby="visualizer-result-title" className="space-y-8">
      <div className="space-y-2 text-center">
        <h2 id="visualizer-result-title" className="font-display text-2xl font-bold text-walnut-950 sm:text-3xl">
          {littleFloor ? resultWords.headingLittleFloor : resultWords.heading}
        </h2>
        {/* No time to install: only the owner could promise one, and a contract must name its dates (decision 040). */}
        <p className="text-walnut-800">{littleFloor ? resultWords.inviteLittleFloor : resultWords.invite}</p>
      </div>

      {littleFloor && (
        <p className="mx-auto flex max-w-2xl items-start gap-2 rounded-lg border border-oak-400 bg-oak-100 p-4 text-left text-walnut-900">
          <Icon icon={Info} aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-walnut-700" />
          <span>
            We found little or no floor in this photo, so it barely changed.{' '}
            {correctionToken && correctionsLeft > 0
              ? 'Use “Not quite right? Fix the floor” to show us where the floor is, or try a photo that shows more of it.'
              : 'Try a photo that shows more of the floor, taken from standing height.'}
          </span>
        </p>
      )}

      {/* The picture and, right under it, the line that says how a fix or a rug choice went: the new picture is
          focused when it comes (so scrolled to), and at 360 px the line under the woods and the rug choice was a
          screen below it (sessions 20-21; the effect above scrolls the line into view with the picture). */}
      <div ref={pictureAndLine} className="space-y-2">
        {fixing && correctionToken ? (
          <FloorCorrection
            requestId={result.id}
            correctionToken={correctionToken}
            originalImageUrl={before.url}
            originalRenditions={before.renditions}
            floorMaskUrl={result.floorMaskUrl}
            photoAspect={photoAspect}
            renderNumber={result.renderNumber}
            markers={markers}
            onMarkersChange={setMarkers}
            onStarted={() => setCorrectionsUsed((used) => used + 1)}
            onRendered={onRendered}
            onCancel={closeFixing}
          />
        ) : (
          <figure className="space-y-2">
            <BeforeAfterSlider
              before={before}
              after={{
                url: shownUrl,
                renditions: styleImageUrls[styleId] ? renditions[styleId] : renditions[DEFAULT_WOOD_STYLE],
              }}
              onAfterLoad={() => setShownArrived(true)}
              inputRef={picture}
              aspect={photoAspect}
              onAspect={setPhotoAspect}
            />
            {/* What the picture is, as the Terms say it ("The floor visualizer"): the visitor chooses a real floor by it.
                Under the picture, as its caption: above it, its two lines at 360 px pushed the new floor below the
                first screen (e2e 'the first result at 360 x 740'). */}
            <figcaption className="text-center text-sm text-walnut-700">
              A computer's preview: a real floor's colours, boards and edges will differ.
            </figcaption>
          </figure>
        )}
        {/* Kept in the accessibility tree while empty (no display: none), so the words put in it later are announced. */}
        <p role="status" className="text-center font-semibold text-walnut-900">
          {message}
        </p>
      </div>

      {/* The choices come under the picture: at 360 × 740 the five woods above it pushed the whole picture below the
          first screen, so a visitor who had waited for it saw buttons. */}
      {styles.length + result.stylesComing.length + result.stylesNotMade.length > 1 && (
        <WoodStyleSwitcher
          styles={styles}
          coming={result.stylesComing}
          notMade={result.stylesNotMade}
          comingLate={laterStylesLost}
          onCheckAgain={onCheckLaterStylesAgain}
          value={styleId}
          onChange={setStyleId}
          disabled={fixing || rugRendering}
        />
      )}

      {offersRugChoice && correctionToken && result.rugChoice && (
        <RugChoice
          requestId={result.id}
          correctionToken={correctionToken}
          value={result.rugChoice}
          renderNumber={result.renderNumber}
          disabled={fixing}
          onRenderingChange={setRugRendering}
          onRendered={onRugRendered}
        />
      )}

      {/* Only the page that sent the photo: its token is what tells the processor the visitor left (decision 046). */}
      {/* A status, so the change to the used-up words is announced as the visitor picks (the pick itself shows). */}
      {correctionToken && (
        <p role="status" className="mx-auto max-w-2xl text-center text-sm text-walnut-700">
          {woodKeptName ? resultWords.woodPicksUsedUp(woodKeptName) : resultWords.emailTiming}
        </p>
      )}

      <div className="space-y-2 text-center">
        {correctionToken && !fixing && !rugRendering && correctionsLeft > 0 && (
          <>
            <Button
              ref={fixButton}
              variant="outline"
              className="min-h-11"
              onClick={() => {
                setMessage('');
                setFixing(true);
              }}
            >
              <Icon icon={PencilLine} aria-hidden="true" className="size-4" />
              Not quite right? Fix the floor
            </Button>
            <p className="text-sm text-walnut-700">
              {correctionsLeft === 1
                ? 'You can fix this photo 1 more time.'
                : `You can fix this photo ${correctionsLeft} more times.`}
            </p>
          </>
        )}
        {correctionToken && correctionsLeft <= 0 && !fixing && (
          <p className="text-sm text-walnut-700">This photo has had all its fixes. To fix more, try another photo.</p>
        )}
        {reopened && !correctionToken && (
          <p className="mx-auto max-w-2xl text-sm text-walnut-700">
            {hasRugChoice ? reopenedTexts.fixAndRugs : reopenedTexts.fix}
          </p>
        )}
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <figure className="space-y-2">
          <ResultPicture
            fullUrl={before.url}
            renditions={before.renditions}
            alt="Your original photo"
            className="aspect-[4/3] h-auto w-full rounded-lg bg-oak-100 object-contain shadow-sm"
          />
          <figcaption className="text-sm font-semibold text-walnut-800">Before</figcaption>
        </figure>
        <figure className="space-y-2">
          <ResultPicture
            fullUrl={shownUrl}
            renditions={styleImageUrls[styleId] ? renditions[styleId] : renditions[DEFAULT_WOOD_STYLE]}
            alt={littleFloor ? resultWords.afterAltLittleFloor : resultWords.afterAlt}
            className="aspect-[4/3] h-auto w-full rounded-lg bg-oak-100 object-contain shadow-sm"
          />
          <figcaption className="text-sm font-semibold text-walnut-800">
            {shownStyle && styles.length > 1 ? `After: ${shownStyle.label}` : 'After'}
          </figcaption>
        </figure>
      </div>

      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:justify-center">
        <Link to="/#contact" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
          {pageTexts.visualizer.quoteLink}
        </Link>
        <a
          href={shownUrl}
          download={downloadName(shownUrl)}
          onClick={(event) => void saveFromBlob(event, shownUrl, downloadName(shownUrl))}
          className={buttonClasses({ variant: 'outline', size: 'lg' })}
        >
          <Icon icon={Download} aria-hidden="true" className="size-5" />
          Download result
        </a>
        <Button
          variant="ghost"
          size="lg"
          onClick={() => {
            leaveResult();
            onTryAnother();
          }}
        >
          <Icon icon={RotateCcw} aria-hidden="true" className="size-5" />
          {pageTexts.visualizer.tryAnother}
        </Button>
      </div>
    </section>
  );
}
