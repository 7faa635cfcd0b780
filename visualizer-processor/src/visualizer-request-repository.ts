import { MAX_CORRECTIONS_PER_REQUEST, MAX_RUG_CHOICES_PER_REQUEST, MAX_WOOD_PICKS_PER_REQUEST, type RugChoice, type VisualizerFailureKind } from '../../contracts/visualizer-webhook.ts';
import type { ImageRenditions } from '../../contracts/image-renditions.ts';
import { DEFAULT_WOOD_STYLE, WOOD_STYLE_IDS, type WoodStyleId } from '../../contracts/wood-styles.ts';
import type { RenderJob } from './render-job.ts';

/**
 * Access to `public.floor_visualizer_requests` and its render jobs. The processor reads a row, starts its
 * render (the row turns `processing` and the job is queued in one transaction), and finishes it; keeping that
 * behind this interface lets the processor tests run on the in-memory version while the SQL one is tested
 * against the real stack.
 */
export type VisualizerRequestStatus = 'pending' | 'processing' | 'completed' | 'failed';

export interface VisualizerRequestRow {
  id: string;
  /** When the visitor made the request: the links to its images end `visualizerImagesDays` later. */
  created_at: Date | string;
  customer_name: string;
  email: string;
  status: VisualizerRequestStatus;
  original_image_url: string | null;
  processed_image_url: string | null;
  failure_reason: string | null;
  /** What the visitor can do about the failure (contracts: VISUALIZER_FAILURE_KINDS); null unless failed. */
  failure_kind: VisualizerFailureKind | null;
  /** Style id → signed link, of render `render_number`. */
  style_image_urls: Record<string, string>;
  /** Web-sized copies of the photo (`original`) and of each style of render `render_number`, with signed links. */
  image_renditions: ImageRenditions;
  render_number: number;
  correction_state: 'rendering' | 'failed' | null;
  /** The floor render `render_number` was laid on (PNG, 255 = floor); what the visitor's corrections start from. */
  floor_mask_url: string | null;
  /** How much of the photo render `render_number` laid wood on (0..1); null for rows rendered before it was kept. */
  floor_share: number | null;
  /** Rugs and carpet kept or replaced in render `render_number`; null when the engine offered no choice. */
  rug_choice: RugChoice | null;
  /** The share of the photo that is rug or carpet (0..1), what "replace" adds; null with `rug_choice`. */
  rug_share: number | null;
  /** Set once the retention job deleted the row's photo and renders: nothing is left to render on. */
  images_deleted_at: string | null;
  /** Styles of render `render_number` still being laid after its default wood (the row is completed meanwhile). */
  styles_coming: string[];
  /** Styles of render `render_number` that could not be made after its default wood was shown. */
  styles_not_made: string[];
}

export interface RenderedImages {
  originalImageUrl: string;
  /** The default style's image. */
  processedImageUrl: string;
  styleImageUrls: Record<string, string>;
  imageRenditions: ImageRenditions;
  renderNumber: number;
  floorMaskUrl: string;
  /** The share of the photo's pixels the mask calls floor. */
  floorShare: number;
  /** Which rug choice this render shows, when it stored both choices' floors. */
  rugChoice: RugChoice | null;
  rugShare: number | null;
  /** The styles this render lays after the row is written (a first render's default wood comes first). */
  stylesComing?: string[];
}

/** The styles a render laid after its default wood, to be added to its row. */
export interface LaterStyles {
  renderNumber: number;
  styleImageUrls: Record<string, string>;
  imageRenditions: ImageRenditions;
}

export type CorrectionStart =
  | { kind: 'started'; renderNumber: number }
  /** Unknown id, wrong token, or a request without a finished render: one answer for all. */
  | { kind: 'refused' }
  | { kind: 'used-up' }
  | { kind: 'busy' }
  /** The visitor's own request, but its photo has been deleted (src/config/data-retention.ts). */
  | { kind: 'expired' };

/** How a wood choice went (decision 046). */
export type WoodChoiceRecord =
  | 'recorded'
  /** Unknown id, wrong token, or a request without a finished render: the fixes' one answer. */
  | 'refused'
  /** A wood this render has no picture of (still coming, or not made): the page offers only those it has. */
  | 'not-shown'
  | 'expired'
  /** MAX_WOOD_PICKS_PER_REQUEST recorded already: nothing changes, and `keeps` is the wood the e-mails show. */
  | { usedUp: true; keeps: WoodStyleId };

/** Whether a render shows this wood: the default always (its picture is `processed_image_url`), the others once laid. */
export function rowShowsWood(row: Pick<VisualizerRequestRow, 'style_image_urls'>, wood: WoodStyleId): boolean {
  return wood === DEFAULT_WOOD_STYLE || Boolean(row.style_image_urls[wood]);
}

export interface VisualizerRequestRepository {
  find(id: string): Promise<VisualizerRequestRow | null>;
  /**
   * pending → processing with the render job queued, atomically, keeping the SHA-256 of the visitor's correction
   * token; false when the row is not (or no longer) pending.
   */
  startRender(id: string, job: RenderJob, correctionTokenSha256: string): Promise<boolean>;
  /** processing → completed with render 1's images; false when the row was no longer processing (failed by the deadline, say). */
  markCompleted(id: string, images: RenderedImages): Promise<boolean>;
  /**
   * Styles laid after the default wood join the row's images, and are no longer listed as coming or not made (they may
   * come after the bound said they were not made: LATER_STYLES_TIMEOUT_MS); the others stay as they are, since each
   * wood joins on its own as it is laid (decision 049). False when the row no longer shows that render (a fix or rug
   * choice replaced it, or the row is gone).
   */
  addLaterStyles(id: string, styles: LaterStyles): Promise<boolean>;
  /** The styles still coming for that render could not be made: said so on the row; its default picture stays. */
  markStylesNotMade(id: string, renderNumber: number): Promise<void>;
  /**
   * A correction: checks the token's hash, the request's state and its allowance, and queues the next render
   * with the taps, in one transaction. The row keeps its images meanwhile.
   */
  startCorrection(id: string, correctionTokenSha256: string, taps: RenderJob['taps']): Promise<CorrectionStart>;
  /**
   * The visitor's other rug choice, checked and queued like a correction (same token, same "one at a time"),
   * with its own allowance. Asking for the choice already shown starts nothing and answers with its render.
   */
  startRugChoice(id: string, correctionTokenSha256: string, rugs: RugChoice): Promise<CorrectionStart>;
  /**
   * The wood the visitor shows, for the holder of the token: `wood_style` on the row, and with `left` the moment they
   * left the result step (`wood_settled_at`, kept from the first time). The database times the e-mails from both.
   */
  recordWoodChoice(id: string, correctionTokenSha256: string, wood: WoodStyleId, left: boolean): Promise<WoodChoiceRecord>;
  /** The correction's images replace the previous render's; false when it was no longer awaited. */
  markCorrectionRendered(id: string, images: RenderedImages): Promise<boolean>;
  markCorrectionFailed(id: string): Promise<void>;
  /** Marks a pending or processing row failed with a reason the visitor may read; a finished row is left alone. */
  markFailed(id: string, reason: string, kind: VisualizerFailureKind): Promise<void>;
  /** Marks a row failed only while it is still pending (no render was ever queued for it); any other row is left alone. */
  markPendingFailed(id: string, reason: string, kind: VisualizerFailureKind): Promise<void>;
  /** Counts one refused webhook call for this id and returns the count for the current hour. */
  recordRefusal(id: string): Promise<number>;
  refusalsThisHour(id: string): Promise<number>;
  /**
   * Counts a webhook call whose row never came within its wait (an id made up, or an insert that never landed) as one
   * write of its caller's allowance in the write throttle (docs/throttle.md: 20 per address per 10 minutes), as the
   * row's insert would have been: the wait held an upload slot and read the row many times.
   */
  recordRowlessCall(clientAddress: string): Promise<void>;
  /**
   * Whether the address has gone past its write allowance this window. Inserts cannot take it past (a refused insert
   * rolls its count back); only rowless calls can, so a visitor at the very end of the allowance is still waited for.
   */
  isBeyondAllowance(clientAddress: string): Promise<boolean>;
}

type RowStyles = Pick<VisualizerRequestRow, 'style_image_urls' | 'styles_coming' | 'styles_not_made'>;

/**
 * Every style the request's render was asked for: those stored, those still coming after the default wood, and
 * those that could not be made. A fix or rug choice asked for while the later woods are still being laid renders
 * them all, so the visitor gets all five in the end.
 */
export function stylesOfTheRequest(row: RowStyles): RenderJob['styles'] {
  const asked = new Set([...Object.keys(row.style_image_urls), ...row.styles_coming, ...row.styles_not_made]);
  return WOOD_STYLE_IDS.filter((style) => asked.has(style));
}

/** The render that shows the other rug choice: the same styles on the floor the previous render stored. */
export function rugChoiceJob(row: Pick<VisualizerRequestRow, 'id' | 'render_number'> & RowStyles, rugs: RugChoice): RenderJob {
  return {
    requestId: row.id,
    renderNumber: row.render_number + 1,
    styles: stylesOfTheRequest(row),
    taps: [],
    rugs,
    reuseFloor: true,
  };
}

/** The column's CHECK allows 500 characters. */
export const MAX_FAILURE_REASON_LENGTH = 500;

export function shortenFailureReason(reason: string): string {
  const oneLine = reason.replace(/\s+/g, ' ').trim() || 'Processing failed.';
  return oneLine.length <= MAX_FAILURE_REASON_LENGTH ? oneLine : `${oneLine.slice(0, MAX_FAILURE_REASON_LENGTH - 1)}…`;
}

/** For tests: rows in a map; a started render is handed to `onRenderQueued` (the tests' stand-in for the queue). */
export function createInMemoryVisualizerRequestRepository(
  initialRows: VisualizerRequestRow[] = [],
  options: { onRenderQueued?: (job: RenderJob) => void; writeAllowance?: number } = {},
): VisualizerRequestRepository & {
  rows: Map<string, VisualizerRequestRow>;
  queuedJobs: RenderJob[];
  rowlessCalls: Map<string, number>;
  woodChoices: Map<string, { wood: WoodStyleId; left: boolean }>;
} {
  const rows = new Map(initialRows.map((row) => [row.id, { ...row }]));
  const tokens = new Map<string, { sha256: string; used: number }>();
  const refusals = new Map<string, number>();
  const rugChoices = new Map<string, number>();
  const woodChoices = new Map<string, { wood: WoodStyleId; left: boolean }>();
  const woodPicks = new Map<string, number>();
  const queuedJobs: RenderJob[] = [];
  /** Rowless webhook calls per client address; no inserts and no windows here (the SQL repository has both). */
  const rowlessCalls = new Map<string, number>();
  const writeAllowance = options.writeAllowance ?? 20;
  return {
    rows,
    queuedJobs,
    rowlessCalls,
    woodChoices,
    async find(id) {
      const row = rows.get(id);
      return row ? { ...row } : null;
    },
    async startRender(id, job, correctionTokenSha256) {
      const row = rows.get(id);
      if (!row || row.status !== 'pending') return false;
      row.status = 'processing';
      tokens.set(id, { sha256: correctionTokenSha256, used: 0 });
      queuedJobs.push(job);
      options.onRenderQueued?.(job);
      return true;
    },
    async markCompleted(id, images) {
      const row = rows.get(id);
      if (!row || row.status !== 'processing') return false;
      Object.assign(row, {
        status: 'completed',
        original_image_url: images.originalImageUrl,
        processed_image_url: images.processedImageUrl,
        style_image_urls: images.styleImageUrls,
        image_renditions: images.imageRenditions,
        render_number: images.renderNumber,
        floor_mask_url: images.floorMaskUrl,
        floor_share: images.floorShare,
        rug_choice: images.rugChoice,
        rug_share: images.rugShare,
        styles_coming: images.stylesComing ?? [],
        styles_not_made: [],
        failure_reason: null,
      });
      return true;
    },
    async addLaterStyles(id, styles) {
      const row = rows.get(id);
      if (!row || row.status !== 'completed' || row.render_number !== styles.renderNumber) return false;
      row.style_image_urls = { ...row.style_image_urls, ...styles.styleImageUrls };
      row.image_renditions = { ...row.image_renditions, ...styles.imageRenditions };
      const joined = (style: string) => style in styles.styleImageUrls;
      row.styles_coming = row.styles_coming.filter((style) => !joined(style));
      row.styles_not_made = row.styles_not_made.filter((style) => !joined(style));
      return true;
    },
    async markStylesNotMade(id, renderNumber) {
      const row = rows.get(id);
      if (!row || row.render_number !== renderNumber || row.styles_coming.length === 0) return;
      row.styles_not_made = row.styles_coming;
      row.styles_coming = [];
    },
    async startCorrection(id, correctionTokenSha256, taps) {
      const row = rows.get(id);
      const token = tokens.get(id);
      if (!row || !token || token.sha256 !== correctionTokenSha256 || row.status !== 'completed') return { kind: 'refused' };
      if (row.images_deleted_at !== null) return { kind: 'expired' };
      if (row.correction_state === 'rendering') return { kind: 'busy' };
      if (token.used >= MAX_CORRECTIONS_PER_REQUEST) return { kind: 'used-up' };
      token.used += 1;
      row.correction_state = 'rendering';
      const job: RenderJob = {
        requestId: id,
        renderNumber: row.render_number + 1,
        styles: stylesOfTheRequest(row),
        taps,
        ...(row.rug_choice ? { rugs: row.rug_choice } : {}),
      };
      queuedJobs.push(job);
      options.onRenderQueued?.(job);
      return { kind: 'started', renderNumber: job.renderNumber };
    },
    async startRugChoice(id, correctionTokenSha256, rugs) {
      const row = rows.get(id);
      const token = tokens.get(id);
      if (!row || !token || token.sha256 !== correctionTokenSha256 || row.status !== 'completed' || row.rug_choice === null) return { kind: 'refused' };
      if (row.images_deleted_at !== null) return { kind: 'expired' };
      if (row.correction_state === 'rendering') return { kind: 'busy' };
      if (row.rug_choice === rugs) return { kind: 'started', renderNumber: row.render_number };
      const used = rugChoices.get(id) ?? 0;
      if (used >= MAX_RUG_CHOICES_PER_REQUEST) return { kind: 'used-up' };
      rugChoices.set(id, used + 1);
      row.correction_state = 'rendering';
      const job: RenderJob = rugChoiceJob(row, rugs);
      queuedJobs.push(job);
      options.onRenderQueued?.(job);
      return { kind: 'started', renderNumber: job.renderNumber };
    },
    async recordWoodChoice(id, correctionTokenSha256, wood, left) {
      const row = rows.get(id);
      const token = tokens.get(id);
      if (!row || !token || token.sha256 !== correctionTokenSha256 || row.status !== 'completed') return 'refused';
      if (row.images_deleted_at !== null) return 'expired';
      if (!rowShowsWood(row, wood)) return 'not-shown';
      const before = woodChoices.get(id);
      const picks = woodPicks.get(id) ?? 0;
      if (picks >= MAX_WOOD_PICKS_PER_REQUEST) return { usedUp: true, keeps: before?.wood ?? DEFAULT_WOOD_STYLE };
      woodPicks.set(id, picks + 1);
      woodChoices.set(id, { wood, left: left || (before?.left ?? false) });
      return 'recorded';
    },
    async markCorrectionRendered(id, images) {
      const row = rows.get(id);
      if (!row || row.correction_state !== 'rendering' || row.render_number >= images.renderNumber) return false;
      Object.assign(row, {
        processed_image_url: images.processedImageUrl,
        style_image_urls: images.styleImageUrls,
        image_renditions: images.imageRenditions,
        render_number: images.renderNumber,
        floor_mask_url: images.floorMaskUrl,
        floor_share: images.floorShare,
        rug_choice: images.rugChoice,
        rug_share: images.rugShare,
        styles_coming: images.stylesComing ?? [],
        styles_not_made: [],
        correction_state: null,
      });
      return true;
    },
    async markCorrectionFailed(id) {
      const row = rows.get(id);
      if (row?.correction_state === 'rendering') row.correction_state = 'failed';
    },
    async markFailed(id, reason, kind) {
      const row = rows.get(id);
      if (!row || (row.status !== 'pending' && row.status !== 'processing')) return;
      row.status = 'failed';
      row.failure_reason = shortenFailureReason(reason);
      row.failure_kind = kind;
    },
    async markPendingFailed(id, reason, kind) {
      const row = rows.get(id);
      if (row?.status !== 'pending') return;
      row.status = 'failed';
      row.failure_reason = shortenFailureReason(reason);
      row.failure_kind = kind;
    },
    async recordRefusal(id) {
      const count = (refusals.get(id) ?? 0) + 1;
      refusals.set(id, count);
      return count;
    },
    async refusalsThisHour(id) {
      return refusals.get(id) ?? 0;
    },
    async recordRowlessCall(clientAddress) {
      rowlessCalls.set(clientAddress, (rowlessCalls.get(clientAddress) ?? 0) + 1);
    },
    async isBeyondAllowance(clientAddress) {
      return (rowlessCalls.get(clientAddress) ?? 0) > writeAllowance;
    },
  };
}
