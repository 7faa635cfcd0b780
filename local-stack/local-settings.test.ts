import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultPorts } from './local-settings';

/** Where Linux picks the local ports of outgoing connections and of port-0 listeners (net.ipv4.ip_local_port_range). */
const EPHEMERAL_PORTS = { first: 32768, last: 60999 };

const PORT_SETTINGS = [
  'GATEWAY_PORT',
  'POSTGRES_PORT',
  'POSTGREST_PORT',
  'POSTGREST_ADMIN_PORT',
  'PROCESSOR_PORT',
  'MAIL_SMTP_PORT',
  'MAIL_WEB_PORT',
  'SITE_PORT',
];

describe("npm start's ports", () => {
  afterEach(() => vi.unstubAllEnvs());

  it('lie outside the range the OS hands out by itself, so a connection left from a test run cannot hold one', () => {
    for (const name of PORT_SETTINGS) vi.stubEnv(name, '');
    const ports = Object.values(defaultPorts());
    expect(new Set(ports).size).toBe(ports.length);
    for (const port of ports) {
      expect(port < EPHEMERAL_PORTS.first || port > EPHEMERAL_PORTS.last, `port ${port}`).toBe(true);
    }
  });

  it('can each be moved with its setting', () => {
    vi.stubEnv('PROCESSOR_PORT', '61234');
    expect(defaultPorts().processor).toBe(61234);
    vi.stubEnv('PROCESSOR_PORT', 'not-a-port');
    expect(() => defaultPorts()).toThrow('PROCESSOR_PORT must be a port number, not "not-a-port"');
  });
});
