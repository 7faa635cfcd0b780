import { RUG_CHOICES, type RugChoice } from '../../contracts/visualizer-webhook.ts';
import type { FloorTap } from '../engine/floor-engine.ts';

/** What the visitor did on the result step, as the commands take it: `--rugs keep|replace`, `--tap X,Y,floor|not-floor`. */
export interface VisitorFlags {
  /** The arguments that are not flags, in order (the input, the output, the style). */
  positional: string[];
  /** Absent: the photo's default rug choice, as the page's first render shows it. */
  rugs?: RugChoice;
  /** In the order given, as the visitor placed them. */
  taps: FloorTap[];
}

export const VISITOR_FLAGS_USAGE =
  '[--rugs keep|replace] [--tap X,Y,floor|not-floor ...]  (X, Y: fractions 0..1 of the upright photo\'s width and height; taps apply in order)';

const TAP_KINDS: Record<string, boolean> = { floor: true, 'not-floor': false };

/**
 * A fraction as a person writes it (0.5, .5, 1, 5e-1). Number() alone also reads hexadecimal and binary, so
 * `--tap 0x1,0,floor` was a tap at the photo's right edge where its writer meant something else.
 */
const DECIMAL = /^\s*[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i;
const decimal = (text: string) => (DECIMAL.test(text) ? Number(text) : Number.NaN);

/** Parses the commands' arguments; a malformed flag is an error whose message says what is expected. */
export function parseVisitorFlags(args: readonly string[]): VisitorFlags {
  const positional: string[] = [];
  const taps: FloorTap[] = [];
  let rugs: RugChoice | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (flag !== '--rugs' && flag !== '--tap') {
      if (arg.startsWith('--')) throw new Error(`Unknown option ${arg}. Options: ${VISITOR_FLAGS_USAGE}`);
      positional.push(arg);
      continue;
    }
    const value = inline ?? args[++i];
    if (value === undefined) throw new Error(`${flag} needs a value: ${VISITOR_FLAGS_USAGE}`);
    if (flag === '--rugs') {
      if (!(RUG_CHOICES as readonly string[]).includes(value)) throw new Error(`--rugs must be keep or replace, not "${value}"`);
      rugs = value as RugChoice;
      continue;
    }
    const parts = value.split(',');
    const [x, y] = parts.slice(0, 2).map(decimal);
    const kind = parts[2]?.trim();
    if (parts.length !== 3 || !Number.isFinite(x) || !Number.isFinite(y) || kind === undefined || !(kind in TAP_KINDS)) {
      throw new Error(`--tap takes X,Y,floor or X,Y,not-floor (X, Y fractions of the upright photo), not "${value}"`);
    }
    if (x! < 0 || x! > 1 || y! < 0 || y! > 1) throw new Error(`--tap ${value}: X and Y are fractions of the photo, from 0 to 1`);
    taps.push({ x: x!, y: y!, floor: TAP_KINDS[kind]! });
  }
  return { positional, rugs, taps };
}
