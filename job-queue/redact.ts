/**
 * Logs and stored error texts must not carry visitors' addresses: SMTP servers echo the recipient in their
 * refusals ("550 5.1.1 <someone@example.com>: unknown user"), and library errors quote their input.
 */
const EMAIL_ADDRESS = /[^\s<>"'(),;:@]+@[^\s<>"'(),;:@]+\.[^\s<>"'(),;:@]+/g;

export function redactAddresses(text: string): string {
  return text.replace(EMAIL_ADDRESS, '<address>');
}

/** One line of at most `max` characters, addresses removed: safe for a log line or a status column. */
export function describeError(error: unknown, max = 300): string {
  const raw = error instanceof Error ? error.message : String(error);
  const line = redactAddresses(raw).replace(/\s+/g, ' ').trim() || 'Unknown error';
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
}
