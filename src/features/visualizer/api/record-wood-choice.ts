import { useCallback, useEffect, useRef, useState } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import {
  visualizerWoodChoicePayloadSchema,
  visualizerWoodPicksUsedUpReplySchema,
  type VisualizerWoodChoicePayload,
} from '@contracts/visualizer-webhook';
import type { WoodStyleId } from '@contracts/wood-styles';
import { getSiteEnv } from '@/lib/env';

/**
 * Tells the processor which wood the visitor shows, with the token the webhook gave this page (decision 046), so the
 * e-mails show it; `left` says the visitor left the result step. `keepalive`, so the call still goes as the page does.
 * Answers null once recorded, or the wood the e-mails keep when this request's picks are used up
 * (MAX_WOOD_PICKS_PER_REQUEST).
 */
export async function recordWoodChoice(payload: VisualizerWoodChoicePayload): Promise<WoodStyleId | null> {
  const response = await fetch(getSiteEnv().VITE_VISUALIZER_WEBHOOK_URL, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(visualizerWoodChoicePayloadSchema.parse(payload)),
    keepalive: true,
  });
  if (response.status === 429) {
    const usedUp = visualizerWoodPicksUsedUpReplySchema.safeParse(await response.json().catch(() => null));
    if (usedUp.success) return usedUp.data.wood;
  }
  if (!response.ok) throw new Error(`The wood choice was not recorded (${response.status})`);
  return null;
}

/**
 * Records each wood the visitor picks, and, when they leave the result step, the one shown then: the page goes
 * (`pagehide`), the site goes to another of its pages ("Get Free Quote", "Back to Home", the browser's Back), or the
 * step does through the returned `leave` ("Try Another Photo"). Only the page that sent the photo holds the token;
 * without it nothing is sent. A call that fails is not retried and not said: the e-mails then show the wood recorded
 * before (the default at worst), and wait their time before they go. Picks used up are said (`keeps`: the wood the
 * e-mails show): the screen then no longer tells the e-mails anything, and the visitor would read "with the wood on
 * screen then" of a wood the e-mail will not show.
 */
export function useWoodChoiceRecorder(
  requestId: string,
  correctionToken: string | null,
  wood: WoodStyleId,
): { leave: () => void; keeps: WoodStyleId | null } {
  const [keeps, setKeeps] = useState<WoodStyleId | null>(null);
  const latest = useRef(wood);
  latest.current = wood;
  // The wood the step opens on needs no call: the default, or (a reload, from the address) a page without the token.
  const recorded = useRef(wood);
  useEffect(() => {
    if (!correctionToken || wood === recorded.current) return;
    recorded.current = wood;
    recordWoodChoice({ requestId, correctionToken, wood })
      .then((kept) => {
        if (kept) setKeeps(kept);
      })
      .catch(() => undefined);
  }, [requestId, correctionToken, wood]);

  const leave = useCallback(() => {
    if (!correctionToken) return;
    recordWoodChoice({ requestId, correctionToken, wood: latest.current, left: true }).catch(() => undefined);
  }, [requestId, correctionToken]);
  useEffect(() => {
    window.addEventListener('pagehide', leave);
    return () => window.removeEventListener('pagehide', leave);
  }, [leave]);
  // Another page of the site: told as the router is asked to go, not as the step unmounts, which every test's
  // cleanup does too (decision 046). It never blocks; a change within the page (the wood, the fragment) is no leaving.
  const leavesPage = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => {
      if (nextLocation.pathname !== currentLocation.pathname) leave();
      return false;
    },
    [leave],
  );
  useBlocker(leavesPage);
  return { leave, keeps };
}
