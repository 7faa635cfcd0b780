import { describe, expect, it } from 'vitest';
import { describeError, redactAddresses } from './redact.ts';

describe('keeping addresses out of logs', () => {
  it('removes every address an SMTP refusal or a library error quotes', () => {
    expect(redactAddresses('550 5.1.1 <dana.w+floors@example.co.uk>: Recipient address rejected; from hello@x.io')).toBe(
      '550 5.1.1 <<address>>: Recipient address rejected; from <address>',
    );
  });

  it('makes one short line of any error', () => {
    const line = describeError(new Error(`Can't send mail\n  to bob@example.com:\n${'x'.repeat(400)}`));
    expect(line).not.toContain('\n');
    expect(line).not.toContain('bob@example.com');
    expect(line.length).toBe(300);
  });
});
