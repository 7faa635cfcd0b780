/**
 * Preloaded into a process a test starts (`NODE_OPTIONS=--import=<this file>`): the names in TEST_HOST_ADDRESSES
 * (`name=address,name=address`) resolve to those addresses, as DNS gives a deployment's names to its hosts; every
 * other name goes to DNS as before. Lets a test ask check:deployment about `www.` and bare names served by real
 * servers on this machine, which 127.0.0.1 has no name for. Plain JavaScript: it loads before tsx does.
 */
import dns from 'node:dns';
import { isIP } from 'node:net';

const addresses = new Map(
  (process.env.TEST_HOST_ADDRESSES ?? '')
    .split(',')
    .map((pair) => pair.split('=').map((part) => part.trim().toLowerCase()))
    .filter(([name, address]) => name && isIP(address ?? '')),
);
const lookup = dns.lookup;
dns.lookup = function lookupTestNames(hostname, options, callback) {
  const address = addresses.get(String(hostname).toLowerCase().replace(/\.$/, ''));
  if (!address) return lookup.call(this, hostname, options, callback);
  const done = typeof options === 'function' ? options : callback;
  const all = typeof options === 'object' && options !== null && options.all;
  const family = isIP(address);
  process.nextTick(() => (all ? done(null, [{ address, family }]) : done(null, address, family)));
  return {};
};
