import { describe, expect, it } from 'vitest';
import { parseVisitorFlags } from './visitor-flags.ts';

describe('the commands’ visitor flags', () => {
  it('keeps the taps in the order given, and the files and style in theirs', () => {
    expect(parseVisitorFlags(['in.jpg', '--tap', '0.5,0.9,not-floor', 'out.png', '--rugs', 'replace', '--tap=0,1,floor', 'walnut'])).toEqual({
      positional: ['in.jpg', 'out.png', 'walnut'],
      rugs: 'replace',
      taps: [
        { x: 0.5, y: 0.9, floor: false },
        { x: 0, y: 1, floor: true },
      ],
    });
  });

  it('reads fractions as people write them', () => {
    expect(parseVisitorFlags(['--tap', '.5, 1.0 ,floor', '--tap', '5e-1,0,not-floor']).taps).toEqual([
      { x: 0.5, y: 1, floor: true },
      { x: 0.5, y: 0, floor: false },
    ]);
  });

  it('leaves the rug choice to the photo’s default when not given', () => {
    expect(parseVisitorFlags(['in.jpg', 'out.png'])).toEqual({ positional: ['in.jpg', 'out.png'], taps: [] });
  });

  it.each([
    [['--rugs', 'both'], /--rugs must be keep or replace, not "both"/],
    [['--rugs'], /--rugs needs a value/],
    [['--tap', '0.5,0.5'], /--tap takes X,Y,floor or X,Y,not-floor/],
    [['--tap', '0.5,0.5,wood'], /--tap takes X,Y,floor or X,Y,not-floor/],
    [['--tap', ',0.5,floor'], /--tap takes X,Y,floor or X,Y,not-floor/],
    [['--tap', '0x1,0,floor'], /--tap takes X,Y,floor or X,Y,not-floor/],
    [['--tap', '0.5,0b1,floor'], /--tap takes X,Y,floor or X,Y,not-floor/],
    [['--tap', '50,40,floor'], /X and Y are fractions of the photo, from 0 to 1/],
    [['--taps', '0.5,0.5,floor'], /Unknown option --taps/],
  ])('refuses %j with a message that says what is expected', (args, message) => {
    expect(() => parseVisitorFlags(['in.jpg', 'out.png', ...args])).toThrow(message);
  });
});
