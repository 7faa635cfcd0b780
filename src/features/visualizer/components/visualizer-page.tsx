import { Icon } from '@/components/ui/icon';
import { ArrowLeft, Loader2 } from '@/components/ui/icons';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useNavigationType } from 'react-router';
import { preloadToasts, toast } from '@/components/ui/toasts';
import { MAX_IMAGE_BYTES } from '@contracts/visualizer-webhook';
import { SiteFooter } from '@/components/layout/site-footer';
import { buttonClasses } from '@/components/ui/button';
import { business } from '@/config/business';
import { pageTexts, TOAST_DURATION_MS, toasts } from '@/content/spec-texts';
import { useCreateVisualizerRequest, visualizerContactSchema } from '../api/create-visualizer-request';
import {
  getVisualizerRequest,
  useVisualizerRequestPolling,
  resultHasExpired,
  VisualizerRequestNotFound,
  type VisualizerRequest,
} from '../api/get-visualizer-request';
import { resultIdFromFragment, VISUALIZER_PAGE_PATH } from '@contracts/visualizer-result-link';
import {
  EverySendLost,
  UploadStalled,
  useStartProcessing,
  WebhookUnanswered,
  type UploadProgress,
} from '../api/start-processing';
import { describeProcessingError } from '../utils/describe-processing-error';
import { photoUpload } from '@/config/photo-upload';
import { asImageFile } from '../utils/as-image-file';
import { checkPhotoFile } from '../utils/photo-file-problem';
import { preparePhotoAhead } from '../utils/prepare-photo-ahead';
import { getSupabaseClient } from '@/lib/supabase-client';
import { InsertError } from '@/lib/insert-with-fallback';
import { getSiteEnv } from '@/lib/env';
import { warmConnections } from '../utils/warm-connections';
import { sendWithdrawalsOwed, withdrawVisualizerRequest } from '../api/withdraw-visualizer-request';
import { InfoStep, type InfoErrors } from './info-step';
import { ProcessingStep, type ProcessingPhase } from './processing-step';
import { resultFromRow, sameWoods, type VisualizerResult } from '../utils/result-from-row';
import { ResultStep } from './result-step';
import { preloadResultPictures } from './result-picture';
import { rugChoiceTexts } from './rug-choice';
import { useCorrectionRender } from '../api/wait-for-correction';
import { useLaterStyles, useStylesMadeLate } from '../api/wait-for-later-styles';
import { SavedResultNotice, type SavedResultState } from './saved-result-notice';
import { UploadStep } from './upload-step';
import { VisualizerStepper, type VisualizerStep } from './visualizer-stepper';

/** The "Processing started" toast, taken down when the result or an error replaces what it says. */
const STARTED_TOAST_ID = 'visualizer-started';

/** Whether the visitor's request row is stored: false when the server says there is none, or cannot be asked. */
async function rowIsThere(id: string): Promise<boolean> {
  try {
    await getVisualizerRequest(id);
    return true;
  } catch {
    return false;
  }
}

/** The row's insert waits this long at most for the photo's first bytes to go out (decision 025, session 20). */
const INSERT_AT_THE_LATEST_MS = 1_000;

/** How long a preconnect is taken to last: below Chromium's 10 s for a connection opened and not used. */
const CONNECTIONS_KEPT_WARM_MS = 8_000;

/** Said when Back leaves a render under way (decision 056): not a spec toast, so not in the spec's catalogue. */
export const LEFT_RENDER_TOAST = {
  // Its id lets "Process Image" take it away: done as it asks, it lay over the result's heading at 360 px.
  id: 'visualizer-left-render',
  title: 'Back to your details',
  description:
    'You left your floor before it was laid. Your photo, name and e-mail are kept: press Process Image to lay it again.',
  duration: TOAST_DURATION_MS.success,
} as const;

export const NOT_AN_IMAGE_MESSAGE =
  "That file isn't an image. Please choose a photo of your room (JPG, PNG or WEBP work best).";

export const EMPTY_FILE_MESSAGE =
  'That file is empty (0 bytes): there is no photo in it. Please choose the photo again. If it is kept in iCloud or ' +
  'Google Photos, open it there first so that it is saved on your phone.';

/** The processor's own words for a photo too small to show a floor (decode-photo.ts), said before it is sent. */
export function tooSmallMessage(width: number, height: number): string {
  return (
    `This photo is too small to show a floor: ${width}×${height} pixels. Please choose a photo at least ` +
    `${photoUpload.shortestSidePx} pixels on its shorter side: the photo as your camera took it, not a thumbnail.`
  );
}

/**
 * Said under the upload box as well as in the spec's "File too large" toast: the toast goes after 6 s, and a
 * visitor who looked away (or whose screen reader was still reading) came back to an empty box with no word on why
 * the photo was not taken or how to get under the limit.
 */
export function tooLargeMessage(bytes: number): string {
  const megabytes = Math.ceil((bytes / (1024 * 1024)) * 10) / 10;
  return (
    `That photo is ${megabytes.toFixed(1)} MB, over the 10 MB limit. Please choose a smaller one: a photo taken ` +
    "again with your phone's camera at its usual setting, or a screenshot of this one, is usually well under 10 MB."
  );
}

/** The picture in a base64 data URL (the page's own copy of the photo), or null if it is not one. */
function pictureOfDataUrl(dataUrl: string): Blob | null {
  const match = /^data:(image\/[a-z+.-]+);base64,/.exec(dataUrl);
  if (!match) return null;
  try {
    const text = atob(dataUrl.slice(match[0].length));
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    return new Blob([bytes], { type: match[1] });
  } catch {
    return null;
  }
}

/**
 * The step a history entry of this page stands for (the router's navigation state; none is the upload step), and the
 * step of the entry behind it when the page pushed it: the phone's Back then does what the page's own back does.
 */
/**
 * `depth`: how many of this page's entries are behind it (its first entry, the upload step, has none): the page goes
 * back that far when it returns to the upload step by itself, so no entry is left behind that Back shows nothing for.
 */
type StepEntry = { visualizerStep: VisualizerStep; behind?: VisualizerStep; depth?: number };
const stepOfEntry = (state: unknown): StepEntry =>
  (state as Partial<StepEntry> | null)?.visualizerStep ? (state as StepEntry) : { visualizerStep: 'upload' };

/** A request this page sent, with the photo, name and e-mail it was sent with (decision 056: Back, then Process Image). */
type SentRequest = { id: string; file: File; name: string; email: string };

/** The row of a request, or null when there is none (`missing`) or it cannot be read (`unknown`). */
async function readRowStatus(id: string): Promise<VisualizerRequest['status'] | 'missing' | 'unknown'> {
  try {
    return (await getVisualizerRequest(id)).status;
  } catch (error) {
    return error instanceof VisualizerRequestNotFound ? 'missing' : 'unknown';
  }
}

/** Snap & See Wood (spec section 2): upload -> info -> processing -> result. */
export function VisualizerPage() {
  const [step, setStep] = useState<VisualizerStep>('upload');
  const [file, setFile] = useState<File | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  // Counts the files refused: a second file refused with the same words is a new alert, read out again (see UploadStep).
  const [refusals, setRefusals] = useState(0);
  const refuseFile = (message: string) => {
    setUploadError(message);
    setRefusals((count) => count + 1);
  };
  const fileChoice = useRef(0);
  // The chosen photo's header did not say its size (a format the page cannot read it from, or a header past the bytes
  // read): the processor checks it, and the details step says so rather than nothing until a refusal after the upload.
  const [sizeUnread, setSizeUnread] = useState(false);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [fieldErrors, setFieldErrors] = useState<InfoErrors>({});
  const [requestId, setRequestId] = useState<string | null>(null);
  const [pollRound, setPollRound] = useState(0);
  const [startedAt, setStartedAt] = useState(0);
  const [result, setResult] = useState<VisualizerResult | null>(null);
  // "Fix the floor" is for the visitor who made the request: the webhook's token lives only in this page's memory.
  const [correctionToken, setCorrectionToken] = useState<string | null>(null);
  // The request was read back from the address (a reload, another tab, a result link): this page never had its token.
  const [reopened, setReopened] = useState(false);
  // Opened from a result link (`#result=<id>`, the result e-mail): that result, or why it cannot be shown.
  const [savedResult, setSavedResult] = useState<SavedResultState | null>(null);
  // Read while a fix or a rug choice was re-rendering it (the visitor reloaded just after asking): the row still holds
  // the earlier pictures, so the page follows it to the new ones rather than show the old ones as the answer.
  const [pendingRender, setPendingRender] = useState<{ id: string; renderNumber: number } | null>(null);
  const pendingWait = useCorrectionRender(pendingRender?.id ?? '', pendingRender?.renderNumber ?? null);
  // How much of the photo has gone out to the webhook (null before the upload starts), and whether it stalled.
  const [upload, setUpload] = useState<UploadProgress | null>(null);
  // The row's status as a result link's read found it, for the processing step it then follows: until the follow's
  // own first read, the step said "Waiting for our visualizer to answer." of a render already under way, then the
  // stage: two announcements, the first untrue. (And when the follow read the render completed, for the moment before
  // the result step, it said it again: the step is given 'completed' then.)
  const [linkedStatus, setLinkedStatus] = useState<VisualizerRequest['status'] | null>(null);
  const [uploadStalled, setUploadStalled] = useState(false);
  // The page's own copy of the photo it sent for this request (the very picture that went out, as a blob: URL), shown
  // as the result's "before" picture: the processor's copies of the same pixels were 60 % of the first pictures'
  // bytes on a phone (38 of 63 KB at 360 px and 2x, 94 of 152 KB at 3x), downloaded beside the new floor on slow 4G
  // (decision 025, session 25). Only a copy the page made itself (it decoded the photo, so it can show it); a result
  // read back from the address has none.
  const [sentPhoto, setSentPhoto] = useState<{ requestId: string; url: string } | null>(null);
  useEffect(() => (sentPhoto ? () => URL.revokeObjectURL(sentPhoto.url) : undefined), [sentPhoto]);

  // Aborted when the visitor leaves the page (made in the effect, so a development remount gets a live one).
  const pageLeft = useRef<AbortController | null>(null);
  useEffect(() => {
    pageLeft.current = new AbortController();
    return () => pageLeft.current?.abort();
  }, []);

  // The request "Process Image" sent last, and the one the visitor left by Back while its floor was laid or from its
  // result (decision 056): the next "Process Image" resumes it when nothing changed, and withdraws it when the name,
  // e-mail or photo did, so a visitor who went Back to fix a typo gets one request, one render and one e-mail.
  const lastSent = useRef<SentRequest | null>(null);
  const leftRequest = useRef<SentRequest | null>(null);
  // The correction token the answer gave, by its request: a result resumed after Back keeps "Fix the floor".
  const tokenOf = useRef<{ id: string; token: string | null } | null>(null);

  const createRequest = useCreateVisualizerRequest();
  const startProcessing = useStartProcessing();
  const poll = useVisualizerRequestPolling(step === 'processing' ? requestId : null, pollRound);
  // The default wood is shown as soon as it is there; the other woods follow it, and the row is followed for them.
  const laterStyles = useLaterStyles(
    result?.id ?? null,
    result?.renderNumber ?? 0,
    step === 'result' && !savedResult && result !== null && result.stylesComing.length > 0,
  );

  // Past the processor's bound the row says the other woods were not made, while their work may still end and add
  // them: the row is then read quietly, slower, for a while (useStylesMadeLate), and they are shown if they come.
  const stylesMadeLate = useStylesMadeLate(
    result?.id ?? null,
    result?.renderNumber ?? 0,
    step === 'result' &&
      !savedResult &&
      result !== null &&
      result.stylesComing.length === 0 &&
      result.stylesNotMade.length > 0,
  );

  // Each later wood joins the row as it is laid (decision 049): a read that finds some, while others are still coming,
  // shows those at once.
  const laterStylesRow =
    laterStyles.phase === 'arrived' || laterStyles.phase === 'coming' ? (laterStyles.row ?? null) : stylesMadeLate;
  // What the last row applied said of the woods: the same again (every half second while they come) sets nothing, so
  // a burst of reads (a phone waking up) is not a burst of renders.
  const laterStylesApplied = useRef<string | null>(null);
  useEffect(() => {
    if (laterStylesRow === null) return;
    const row = laterStylesRow;
    // Only the render shown: a fix or a rug choice that replaced it brings its own pictures, whole.
    if (row.status !== 'completed' || !row.original_image_url || !row.processed_image_url) return;
    const woods = JSON.stringify([
      row.id,
      row.render_number,
      Object.keys(row.style_image_urls).sort(),
      row.styles_coming,
      row.styles_not_made,
    ]);
    if (woods === laterStylesApplied.current) return;
    laterStylesApplied.current = woods;
    const { original_image_url, processed_image_url } = row;
    setResult((shown) => {
      if (!shown || shown.renderNumber !== row.render_number) return shown;
      const read = resultFromRow({ ...row, original_image_url, processed_image_url });
      // A read that brings no wood, and says nothing new of those missing, leaves the result as it is (every half
      // second while they come): nothing on the result step is drawn again for it.
      return sameWoods(shown, read) ? shown : read;
    });
  }, [laterStylesRow]);

  useEffect(() => {
    if (pendingWait.phase === 'rendered') {
      const { original_image_url, processed_image_url } = pendingWait.row;
      if (original_image_url && processed_image_url)
        setResult(resultFromRow({ ...pendingWait.row, original_image_url, processed_image_url }));
      setPendingRender(null);
    } else if (pendingWait.phase === 'failed' || pendingWait.phase === 'lost') {
      // The earlier pictures stay the result, as after a fix that failed.
      setPendingRender(null);
    }
  }, [pendingWait]);

  // Once the details could be sent, the connections the click needs (the row's insert, then the photo) are opened:
  // in production two hosts, each some three round trips on a phone before its first byte. Again at an edit after a
  // pause, as Chromium closes an unused connection after about 10 s. Nothing is sent on them before the click.
  const detailsReady = step === 'info' && file !== null && visualizerContactSchema.safeParse({ name, email }).success;
  const connectionsWarmedAt = useRef(Number.NEGATIVE_INFINITY);
  useEffect(() => {
    if (!detailsReady || Date.now() - connectionsWarmedAt.current < CONNECTIONS_KEPT_WARM_MS) return;
    connectionsWarmedAt.current = Date.now();
    const { VITE_SUPABASE_URL, VITE_VISUALIZER_WEBHOOK_URL } = getSiteEnv();
    warmConnections([VITE_SUPABASE_URL, VITE_VISUALIZER_WEBHOOK_URL]);
  }, [detailsReady, name, email]);

  // Every step of the page can end in a toast: load them with the page, not at the first one.
  useEffect(preloadToasts, []);
  useEffect(() => {
    if (poll.phase === 'completed' && poll.row.original_image_url) {
      setResult(resultFromRow({ ...poll.row, original_image_url: poll.row.original_image_url }));
      setStep('result');
      // "Your image is being processed" is no longer true, and it would cover the result's heading.
      toast.dismiss(STARTED_TOAST_ID);
    }
  }, [poll]);

  // A render that failed is not worth coming back to on a reload: Retry and Start over are the ways on. Nor is
  // "Your image is being processed" still true: it covered the step's "We couldn't process this photo".
  useEffect(() => {
    if (poll.phase !== 'failed') return;
    keepRequestInAddress(null);
    toast.dismiss(STARTED_TOAST_ID);
  }, [poll.phase]);

  useEffect(() => {
    if (poll.phase !== 'timeout') return;
    const { title, description, duration } = toasts.visualizerTimeout;
    toast.error(title, { description, duration });
  }, [poll.phase, requestId, pollRound]);

  const failToStart = (error: unknown) => {
    keepRequestInAddress(null);
    const { title, duration } = toasts.visualizerError;
    toast.dismiss(STARTED_TOAST_ID);
    toast.error(title, { description: describeProcessingError(error), duration });
    setStep('info');
  };

  // Read after hydration: the prerendered page is the upload step, whatever the fragment.
  const savedResultRead = useRef(0);
  const loadSavedResult = (id: string) => {
    const read = ++savedResultRead.current;
    const current = () => read === savedResultRead.current;
    setReopened(true);
    setSavedResult('loading');
    setStep('result');
    getVisualizerRequest(id).then(
      (row) => {
        if (!current()) return;
        if (resultHasExpired(row)) return setSavedResult('expired');
        if (row.status === 'pending' || row.status === 'processing' || row.status === 'failed') {
          // Reloaded while the floor was being laid (the address names the request): follow it again. A render that
          // failed meanwhile shows why, as it would have without the reload, not that the link names nothing.
          setSavedResult(null);
          setLinkedStatus(row.status);
          setStartedAt(requestStart(row.created_at));
          setPollRound((round) => round + 1);
          setRequestId(id);
          return setStep('processing');
        }
        if (row.status === 'completed' && row.original_image_url && row.processed_image_url) {
          setPendingRender(row.correction_state === 'rendering' ? { id, renderNumber: row.render_number + 1 } : null);
          setResult(
            resultFromRow({
              ...row,
              original_image_url: row.original_image_url,
              processed_image_url: row.processed_image_url,
            }),
          );
          return setSavedResult(null);
        }
        setSavedResult('missing');
      },
      // Only the server's "no such row" means the link names nothing; a failed read says nothing about it.
      (error: unknown) =>
        current() && setSavedResult(error instanceof VisualizerRequestNotFound ? 'missing' : 'unreachable'),
    );
  };
  useEffect(() => {
    const id = resultIdFromFragment(window.location.hash);
    if (id) loadSavedResult(id);
    return () => {
      savedResultRead.current++;
    };
  }, []);

  // A result link's read answered is a new view within the result step: the result, or why it is not shown.
  const stepContainer = useStepFocus(step, step === 'result' && savedResult ? `result:${savedResult}` : step);

  const chooseFile = async (picked: File) => {
    const choice = ++fileChoice.current;
    const chosen = asImageFile(picked);
    if (!chosen) {
      refuseFile(NOT_AN_IMAGE_MESSAGE);
      return;
    }
    if (chosen.size > MAX_IMAGE_BYTES) {
      refuseFile(tooLargeMessage(chosen.size));
      const { title, description, duration } = toasts.visualizerFileTooLarge;
      toast.error(title, { description, duration });
      return;
    }
    const { problem, size } = await checkPhotoFile(chosen);
    // Another file was chosen while this one's first bytes were read: that one counts.
    if (choice !== fileChoice.current) return;
    if (problem) {
      refuseFile(
        problem.kind === 'empty'
          ? EMPTY_FILE_MESSAGE
          : problem.kind === 'too-small'
            ? tooSmallMessage(problem.width, problem.height)
            : NOT_AN_IMAGE_MESSAGE,
      );
      return;
    }
    setUploadError(null);
    setFile(chosen);
    setSizeUnread(size === null);
    moveTo('info');
    // Ready by the time the details are typed; a failure here is met again, and told, when the photo is sent.
    preparePhotoAhead(chosen).catch(() => undefined);
    // The data client (supabase-js, about 50 KiB) is fetched while the visitor types, not at "Process Image": on a
    // phone's slow 4G its download and start held the row's insert, and so the photo's upload, about a second
    // (`npm run bench -- visualizer-phone`). Only the site's own script is fetched; nothing is sent. A failed load is
    // tried again at the click.
    getSupabaseClient().catch(() => undefined);
  };

  const process = async () => {
    if (!file) return;
    const parsed = visualizerContactSchema.safeParse({ name, email });
    if (!parsed.success) {
      const errors: InfoErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'name' || field === 'email') && !errors[field]) errors[field] = issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    toast.dismiss(LEFT_RENDER_TOAST.id);
    // A withdrawal that got no answer before (offline, the processor down) goes again with this request.
    sendWithdrawalsOwed();
    const earlier = leftRequest.current;
    leftRequest.current = null;
    setRequestId(null);
    setCorrectionToken(null);
    setReopened(false);
    setUpload(null);
    setLinkedStatus(null);
    setUploadStalled(false);
    setStartedAt(Date.now());
    moveTo('processing');
    // The visitor who leaves the visualizer meanwhile has their photo's upload stopped and hears no more of it, as
    // after closing the tab: no toast on the page they went to, no reads of the row every 10 s behind it.
    const left = pageLeft.current?.signal;
    // A request left by Back (decision 056). The same photo, name and e-mail: its row says what is left to do. Laid
    // or being laid, it is followed (no second render, row or e-mail); still pending (its photo stopped on the way,
    // or still in the processor's line), the photo is sent again under its id, as after a lost call (decision 016,
    // item 23); failed or not stored, a new request is made, as "Try again" does. Anything changed: the earlier one is
    // withdrawn (its render would e-mail a result under the old details) and a new one made.
    let resumed: string | null = null;
    if (earlier) {
      const same =
        earlier.file === file && earlier.name === parsed.data.name && earlier.email === parsed.data.email;
      const status = same ? await readRowStatus(earlier.id) : 'unknown';
      if (left?.aborted) return;
      if (status === 'processing' || status === 'completed') {
        lastSent.current = earlier;
        if (tokenOf.current?.id === earlier.id) setCorrectionToken(tokenOf.current.token);
        setPollRound((round) => round + 1);
        setRequestId(earlier.id);
        keepRequestInAddress(earlier.id);
        return;
      }
      if (status === 'pending') resumed = earlier.id;
      // A row that cannot be read may still be laid: withdrawn, as one whose details changed (no answer: sent again
      // with the next request, once a photo's call is answered, or when the connection is back).
      else if (status === 'unknown')
        void withdrawVisualizerRequest(earlier.id, earlier.name, earlier.email).catch(() => undefined);
    }
    // The photo goes out first and the row's insert beside it, not the photo after the insert's answer (decision 025,
    // sessions 20 and 21): on a phone the insert is two round trips and the data client's work, 0.2-0.9 s of slow 4G at
    // CPU x4 before the photo's first byte (`npm run bench -- visualizer-phone`). The insert starts once the photo's
    // first bytes are out: begun together, the two held each other up (the photo's first byte no sooner, the insert
    // twice as long). So the page makes the id, and the processor waits briefly for a row not there yet. A fresh id at
    // every click: an insert unanswered is settled by a read of its row below, so no error is said of a row stored
    // unheard; after an error the photo sent with its id, stopped, may have had its row failed by the processor.
    const id = resumed ?? crypto.randomUUID();
    lastSent.current = { id, file, name: parsed.data.name, email: parsed.data.email };
    // Prepared when the photo was chosen (the same promise the upload sends from): settled long before the answer.
    // A blob, not the data URL itself: a 0.3 MB data URL in three <img>s was decoded from its text on the page's
    // thread as the result came (the first picture 0.1-0.6 s later at CPU x4, not sooner).
    let ownCopy = false;
    setSentPhoto(null);
    // Without it (no blob URLs here, or a photo sent as chosen) the processor's copies are shown, as on a reload.
    preparePhotoAhead(file)
      .then((prepared) => {
        const picture = prepared.reencoded ? pictureOfDataUrl(prepared.dataUrl) : null;
        if (!picture || left?.aborted || typeof URL.createObjectURL !== 'function') return;
        setSentPhoto({ requestId: id, url: URL.createObjectURL(picture) });
        ownCopy = true;
      })
      .catch(() => undefined);
    // Stopped when the insert fails (no row: the processor could only refuse the photo) or the visitor leaves.
    const upload = new AbortController();
    const stopUpload = () => upload.abort(left?.reason);
    left?.addEventListener('abort', stopUpload, { once: true });
    if (left?.aborted) stopUpload();
    // A request in the address is one a reload can follow: its row is stored and its photo all out.
    let rowStored = false;
    let photoOut = false;
    const keepOnceStoredAndSent = () => {
      if (rowStored && photoOut) keepRequestInAddress(id);
    };
    // The photo's progress is shown once the insert has been answered, as when the photo waited for it: until then
    // the page says it is getting the photo ready. A connection lost while the bar shows is then one lost with the
    // row stored, which the page follows once back online (e2e "a phone that loses its connection while its photo
    // goes out"); lost before, the insert fails and says so, as it did.
    let insertSettled = false;
    let lastProgress: UploadProgress | null = null;
    // The photo's first bytes are out, or its call has ended (sent in full, refused, or never sent), or a second has
    // passed: a browser that reports no upload progress (Chromium under Playwright's interception does not) must not
    // leave the photo at the processor waiting for a row that is never made.
    let photoMoves = () => {};
    const photoMoving = new Promise<void>((resolve) => (photoMoves = resolve));
    const insertAtTheLatest = setTimeout(photoMoves, INSERT_AT_THE_LATEST_MS);
    void photoMoving.then(() => clearTimeout(insertAtTheLatest));
    const sent = startProcessing.mutateAsync({
      requestId: id,
      ...parsed.data,
      file,
      // A request resumed: its earlier photo may yet be taken first (it was in the processor's line), and this one
      // refused; the row, moved on, is followed then.
      resent: resumed !== null,
      signal: upload.signal,
      onUploadProgress: (progress) => {
        lastProgress = progress;
        if (insertSettled) setUpload(progress);
        if (progress.sentBytes > 0) photoMoves();
        // Every byte is out: the processor renders the photo while it holds its answer (up to 20 s), the wait
        // in which a visitor on a phone looks at another app, and a tab the phone discarded meanwhile reloads.
        if (progress.sentBytes >= progress.totalBytes) {
          photoOut = true;
          keepOnceStoredAndSent();
        }
      },
    });
    // Its outcome is taken below, once the row is stored; an insert that failed leaves it unheard.
    let stalledBeforeTheRow = false;
    sent.then(photoMoves, (error: unknown) => {
      stalledBeforeTheRow = error instanceof UploadStalled && !photoOut;
      photoMoves();
    });
    try {
      try {
        await photoMoving;
        // The visitor who left meanwhile has no row made for a photo stopped on its way.
        if (left?.aborted) return;
        // None of the photo can reach the processor (its host refused it, or it stopped on the way): no row is made
        // for it, and the visitor is told at once, as below.
        if (!stalledBeforeTheRow && resumed === null) {
          await createRequest.mutateAsync({ ...parsed.data, id }).catch(async (error: unknown) => {
            // No answer (offline, the deadline): the insert may have been stored all the same, its answer lost, with
            // the photo already on its way to it. A read of the row by its id says (section 9's read): there, the
            // request goes on as if the insert had answered, so no second click makes a second row for it.
            if (!(error instanceof InsertError && error.status === undefined) || left?.aborted) throw error;
            if (!(await rowIsThere(id))) throw error;
          });
        }
      } catch (error) {
        stopUpload();
        throw error;
      } finally {
        insertSettled = true;
        if (lastProgress) setUpload(lastProgress);
      }
      // Gone meanwhile: the address they left is not written to.
      if (left?.aborted) return;
      rowStored = !stalledBeforeTheRow;
      keepOnceStoredAndSent();
      if (rowStored) {
        const started = toasts.visualizerStarted;
        toast.info(started.title, {
          id: STARTED_TOAST_ID,
          description: started.description,
          duration: started.duration,
        });
      }
      try {
        const { correctionToken: token, firstPictures } = await sent;
        // The processor answered: a withdrawal it did not get before can reach it now.
        sendWithdrawalsOwed();
        setCorrectionToken(token);
        tokenOf.current = { id, token };
        const { processed, original } = firstPictures;
        preloadResultPictures([processed, ownCopy ? undefined : original].filter((copies) => !!copies));
      } catch (error) {
        if (left?.aborted) return;
        // The photo never got all the way out, so no render can come of this row: say so and offer to send again.
        if (error instanceof UploadStalled) {
          toast.dismiss(STARTED_TOAST_ID);
          keepRequestInAddress(null);
          setUploadStalled(true);
          return;
        }
        // Every send lost (a processor down for more than about 17 s): the row stays pending, which the page may not
        // write (decision 016, item 26). Kept as a request left by Back is, so the next "Process Image" with the same
        // photo and details sends the photo again under its id (one row, one render, one e-mail for staff), and
        // changed details withdraw it; it made a second row beside it, the first pending for the hour's sweep.
        if (error instanceof EverySendLost) leftRequest.current = lastSent.current;
        // The render may be under way all the same: the row will tell (spec polling), not this answer. A row
        // still pending says nothing either (the upload may be waiting in the processor's line), so the page
        // follows it for the spec's 30 reads like any other and never says the photo failed while it may not have.
        if (!(error instanceof WebhookUnanswered)) throw error;
      }
      setPollRound((round) => round + 1);
      setRequestId(id);
      keepRequestInAddress(id);
    } catch (error) {
      if (!left?.aborted) failToStart(error);
    } finally {
      left?.removeEventListener('abort', stopUpload);
    }
  };

  const backToInfo = () => {
    setRequestId(null);
    keepRequestInAddress(null);
    // After a reload the photo is gone: choosing one again is the way back.
    setStep(file ? 'info' : 'upload');
  };

  /**
   * Back to an empty upload step. 'Try Another Photo' on the result clears the visitor's details too (spec section
   * 2); after a photo the processor could not use, or one that stopped sending, "Choose another photo" keeps them:
   * the same visitor, who typed them a minute ago, is choosing another photo.
   */
  const startOver = ({ keepDetails = false } = {}) => {
    setFile(null);
    if (!keepDetails) {
      setName('');
      setEmail('');
    }
    setFieldErrors({});
    setUploadError(null);
    setResult(null);
    setCorrectionToken(null);
    setReopened(false);
    setRequestId(null);
    setSavedResult(null);
    setPendingRender(null);
    savedResultRead.current++;
    // A result link's fragment would bring that result back on a reload.
    keepRequestInAddress(null);
    setStep('upload');
  };

  // Each step the visitor moves to is an entry in the browser's history (the router's state, so the prerendered page
  // and a reload start on the upload step as before), and the phone's Back and Forward move between the steps with
  // the photo and the details kept (session 33, journeys). Steps the page moves to itself (the result, an error back
  // to the details) replace the entry; a move to the step of the entry behind goes back to it.
  const navigate = useNavigate();
  const location = useLocation();
  const navigationType = useNavigationType();
  const entry = useRef(location);
  entry.current = location;
  // The step the visitor asked for, until the entry is made for it: a photo chosen before the app had the page is
  // handed to it in the hydrating commit, before the effect of that commit's render (still upload) has run.
  const pushFor = useRef<VisualizerStep | null>(null);
  const moveTo = (next: VisualizerStep) => {
    // "Send again" on the processing step stays on it: no entry.
    if (next !== step) pushFor.current = next;
    setStep(next);
  };
  const entrySynced = useRef(false);
  useEffect(() => {
    const first = !entrySynced.current;
    entrySynced.current = true;
    const push = pushFor.current === step;
    if (push) pushFor.current = null;
    const shown = stepOfEntry(entry.current.state);
    if (shown.visualizerStep === step) return;
    // The result is the processing entry's answer, and that entry stands for it: no navigation as it comes, when the
    // woods' reads begin (a render of the page then moved their half-second timer).
    if (step === 'result' && shown.visualizerStep === 'processing') return;
    // Back to the upload step by the page itself ("Try Another Photo", "Choose another photo", a reload on a step the
    // page cannot show without the photo): back to the page's first entry, which is that step. Replacing the entry
    // left one upload entry over another (or over a details entry with no photo to show), and a Back on which nothing
    // changed on screen (session 33's Left). A reload that reopens a request from the address stays where it is.
    const depth = shown.depth ?? 0;
    const reopens = first && resultIdFromFragment(window.location.hash) !== null;
    if (!push && step === 'upload' && depth > 0 && !reopens) return void navigate(-depth);
    if (!first && !push && shown.behind === step) return void navigate(-1);
    // Only the processing and result steps are kept in the address (keepRequestInAddress).
    const hash = step === 'upload' || step === 'info' ? '' : window.location.hash;
    void navigate(
      { pathname: entry.current.pathname, search: entry.current.search, hash },
      {
        replace: !push,
        preventScrollReset: true,
        state: {
          visualizerStep: step,
          behind: push ? shown.visualizerStep : shown.behind,
          depth: push ? depth + 1 : depth,
        } satisfies StepEntry,
      },
    );
  }, [step, navigate]);

  // Back or Forward to another of this page's entries (not the page's first render: a reload starts at upload).
  const poppedTo = useRef(location.key);
  useEffect(() => {
    if (poppedTo.current === location.key) return;
    poppedTo.current = location.key;
    if (navigationType !== 'POP') return;
    const wanted = stepOfEntry(location.state).visualizerStep;
    if (wanted === step) return;
    // The request the visitor leaves: "Process Image" resumes it, or withdraws it if they change anything.
    if ((step === 'processing' || (step === 'result' && !savedResult)) && wanted !== 'result') leftRequest.current = lastSent.current;
    if (step === 'processing') {
      // Decision 056: Back while the floor is laid goes to the details, everything kept, and says the render stopped;
      // the page stops it as it does when the visitor leaves (the photo's upload, the reads, the address).
      if (processingPhase === 'starting' || processingPhase === 'polling') {
        pageLeft.current?.abort();
        pageLeft.current = new AbortController();
        toast.info(LEFT_RENDER_TOAST.title, LEFT_RENDER_TOAST);
      }
      toast.dismiss(STARTED_TOAST_ID);
      setUploadStalled(false);
      setRequestId(null);
      keepRequestInAddress(null);
    }
    // A result still held comes back on Forward; a step that needs what the page no longer holds (a photo after a
    // reload, a result after "Try Another Photo") shows the step before it.
    if ((wanted === 'result' || wanted === 'processing') && result !== null && !savedResult) setStep('result');
    else if (wanted !== 'upload' && file !== null) setStep('info');
    else setStep('upload');
  }, [location.key]);

  const processingPhase: ProcessingPhase = uploadStalled
    ? 'stalled'
    : requestId === null
      ? 'starting'
      : poll.phase === 'timeout' || poll.phase === 'failed'
        ? poll.phase
        : 'polling';
  const busy = createRequest.isPending || startProcessing.isPending;
  // A result read while a fix or rug choice was re-rendering it: said above the result until the new picture is in.
  const showsPendingRender = step === 'result' && result !== null && !savedResult && pendingRender !== null;

  return (
    <>
      <main id="main" className="min-h-screen bg-cream-50">
        <header className="border-b border-walnut-700/10 bg-white">
          <div className="mx-auto flex max-w-5xl items-center justify-between gap-4 px-4 py-3">
            <Link to="/" className={buttonClasses({ variant: 'ghost', className: '-ml-2 min-h-11' })}>
              <Icon icon={ArrowLeft} aria-hidden="true" className="size-4" />
              Back to Home
            </Link>
            <a
              href={business.phoneHref}
              className="inline-flex min-h-11 items-center text-sm font-semibold text-walnut-800 hover:text-walnut-950"
            >
              {business.phone}
            </a>
          </div>
        </header>

        <div className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
          <div className="mb-8 space-y-3 text-center">
            <p className="text-sm font-semibold tracking-widest text-walnut-600 uppercase">Free floor visualizer</p>
            <h1 className="font-display text-4xl font-bold text-walnut-950 sm:text-5xl">
              {pageTexts.visualizer.title}
            </h1>
            <p className="mx-auto max-w-2xl text-lg text-walnut-800">
              Snap a photo of your room and see it with a new hardwood floor before you commit.
            </p>
          </div>

          <div className="mx-auto mb-8 max-w-2xl">
            {/* A result link shows "Result" as the step once it has a result to show, or had one (expired). While
                it is read, when it names none and when the read fails, steps 1 to 3 were not known to be done:
                the stepper said "(done)" of each on a broken link (session 31). */}
            <VisualizerStepper current={step === 'result' && savedResult && savedResult !== 'expired' ? null : step} />
          </div>

          <div ref={stepContainer} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-walnut-700/10 sm:p-8">
            {/* On the result step from its start (a result link shows "Loading your result..." first), empty until a
                re-render is pending: a status inserted with its words is not announced by every screen reader. */}
            {step === 'result' && (
              <p
                role="status"
                className={
                  showsPendingRender
                    ? 'mb-4 flex items-center justify-center gap-2 font-semibold text-walnut-900'
                    : undefined
                }
              >
                {showsPendingRender && (
                  <>
                    <Icon
                      icon={Loader2}
                      aria-hidden="true"
                      className="size-5 animate-spin motion-reduce:animate-none"
                    />
                    {rugChoiceTexts.rendering}
                  </>
                )}
              </p>
            )}
            {step === 'upload' && (
              <UploadStep
                onFile={chooseFile}
                error={uploadError}
                refusal={refusals}
                chosen={file}
                onContinue={() => moveTo('info')}
              />
            )}
            {step === 'info' && file && (
              <InfoStep
                file={file}
                sizeUnread={sizeUnread}
                name={name}
                email={email}
                errors={fieldErrors}
                processing={busy}
                onNameChange={setName}
                onEmailChange={setEmail}
                onBack={() => moveTo('upload')}
                onSubmit={() => void process()}
              />
            )}
            {step === 'processing' && (
              <ProcessingStep
                phase={processingPhase}
                upload={upload}
                rowStatus={
                  poll.phase === 'polling'
                    ? (poll.status ?? linkedStatus)
                    : poll.phase === 'completed'
                      ? 'completed'
                      : null
                }
                startedAt={startedAt}
                failureReason={poll.phase === 'failed' ? poll.reason : null}
                failureKind={poll.phase === 'failed' ? poll.kind : null}
                readFailed={poll.phase === 'timeout' && poll.readFailed === true}
                onCheckAgain={() => setPollRound((round) => round + 1)}
                onRetry={backToInfo}
                onSendAgain={() => void process()}
                onStartOver={() => startOver({ keepDetails: true })}
              />
            )}
            {step === 'result' && savedResult && (
              <SavedResultNotice
                state={savedResult}
                onTryAnother={() => startOver()}
                onTryAgain={() => {
                  const id = resultIdFromFragment(window.location.hash);
                  if (id) loadSavedResult(id);
                }}
              />
            )}
            {step === 'result' && result && !savedResult && (
              <ResultStep
                result={result}
                sentPhoto={sentPhoto?.requestId === result.id ? sentPhoto.url : null}
                correctionToken={correctionToken}
                reopened={reopened}
                laterStylesLost={laterStyles.phase === 'lost' ? laterStyles.reason : false}
                onCheckLaterStylesAgain={laterStyles.phase === 'lost' ? laterStyles.checkAgain : undefined}
                onResultChange={setResult}
                onTryAnother={() => startOver()}
              />
            )}
          </div>
        </div>
      </main>
      <SiteFooter />
    </>
  );
}

/**
 * The request being processed or shown is kept in the address, as the result e-mail's link has it
 * (`#result=<id>`), so a reload, or a phone reopening a tab it had discarded while the visitor was in another app,
 * comes back to it rather than to an empty upload step. Replaced, not pushed: Back still leaves the page.
 */
function keepRequestInAddress(requestId: string | null) {
  const { pathname, hash } = window.location;
  // A request answered after the visitor went to another page must not write into that page's address.
  if (pathname !== VISUALIZER_PAGE_PATH) return;
  const wanted = requestId === null ? '' : `#result=${requestId}`;
  if (hash !== wanted) window.history.replaceState(window.history.state, '', `${pathname}${wanted}`);
}

/**
 * When the request was made, for the elapsed time of a request followed again after a reload: the row's own
 * created_at (a moment before its upload began), so the count goes on from where it was instead of 0:00. Now, if
 * the row does not say, or says a time ahead of this device's clock.
 */
function requestStart(createdAt: string | null, now = Date.now()): number {
  const made = createdAt === null ? Number.NaN : Date.parse(createdAt);
  return Number.isFinite(made) ? Math.min(made, now) : now;
}

/**
 * After a step change, focus moves to the new step's heading so keyboard and screen reader users follow. A view
 * that changes within a step (a result link's 'Loading your result...' answered by the result, or by why it is not
 * shown) takes the focus only from where the loading heading, gone with its view, let it fall: the page's start.
 * Without that a screen reader heard 'Loading your result...' and then nothing.
 */
function useStepFocus(step: VisualizerStep, view: string) {
  const container = useRef<HTMLDivElement>(null);
  const shown = useRef<{ step: VisualizerStep; view: string } | null>(null);
  useEffect(() => {
    const before = shown.current;
    shown.current = { step, view };
    if (before === null || (before.step === step && before.view === view)) return;
    const focused = document.activeElement;
    if (before.step === step && focused !== null && focused !== document.body) return;
    const heading = container.current?.querySelector('h2');
    if (!heading) return;
    heading.setAttribute('tabindex', '-1');
    // No box drawn round it: Chrome outlines focus moved before the visitor's first tap, so a result link opened from
    // the e-mail showed the result's title in a black box (the page's other focus targets do without one too). Not a
    // rule in the stylesheet: the home page's inlined share of it has no bytes to spare (decision 011).
    heading.classList.add('focus:outline-none');
    // The result's heading goes to the top of the window, so the comparison (at most 70 % of the window's height) is on
    // screen whole under it. Focused where it stood, below the page's title and the steps, it needed no scroll, and the
    // picture's lower part, the floor the visitor waited for, lay below the screen (1280 x 800, and a portrait photo
    // at 360 x 740).
    if (step === 'result') heading.scrollIntoView({ block: 'start' });
    heading.focus({ preventScroll: step === 'result' });
  }, [step, view]);
  return container;
}
