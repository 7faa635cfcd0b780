import type { CaughtMessage } from '../../local-stack/mail-catcher';

export type { CaughtMessage };

/** The local mail catcher's inbox, read through its JSON API as a test would read a mailbox. */
export function mailInbox(webUrl: string) {
  const base = webUrl.replace(/\/+$/, '');
  const messages = async (): Promise<CaughtMessage[]> => {
    const response = await fetch(`${base}/api/messages`);
    if (!response.ok) throw new Error(`The mail catcher answered ${response.status}`);
    return (await response.json()) as CaughtMessage[];
  };
  return {
    messages,
    /** The messages addressed to `address` (envelope recipients). */
    async to(address: string): Promise<CaughtMessage[]> {
      return (await messages()).filter((message) => message.envelope.to.some((to) => to.toLowerCase() === address.toLowerCase()));
    },
    /**
     * Waits until at least `count` messages match, polling the inbox (e-mail arrives asynchronously, through the
     * queue); fails with what did arrive after `timeoutMs`.
     */
    async waitFor(match: (message: CaughtMessage) => boolean, count = 1, timeoutMs = 30_000): Promise<CaughtMessage[]> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = (await messages()).filter(match);
        if (found.length >= count) return found;
        if (Date.now() > deadline) {
          throw new Error(`Expected ${count} matching e-mail(s), found ${found.length} after ${timeoutMs} ms`);
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    async attachment(message: CaughtMessage, index: number): Promise<Buffer> {
      const response = await fetch(`${base}/messages/${message.id}/attachments/${index}`);
      if (!response.ok) throw new Error(`Attachment ${index} of ${message.id}: ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    },
  };
}
