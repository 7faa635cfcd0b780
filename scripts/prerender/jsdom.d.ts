/** jsdom ships no types of its own; the build uses this much of it (browser-window.ts). */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string, options?: { pretendToBeVisual?: boolean });
    readonly window: Window & typeof globalThis & { close(): void };
  }
}
