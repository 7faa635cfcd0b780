import { describe, expect, it } from 'vitest';
import { hasWholePhoneNumber, PHONE_SHAPE } from './visitor-text';

describe('hasWholePhoneNumber (decision 044)', () => {
  it.each([
    '(856) 555-0100',
    '856-555-0100',
    '856.555.0100',
    '8565550100',
    '1 856 555 0100',
    '+1 856 555 0100',
    '+44 20 7946 0958',
    '+682 12345',
    '856-555-0100 ext. 12',
    '(856) 555-0100 x7',
  ])('takes %s', (phone) => {
    expect(PHONE_SHAPE.test(phone)).toBe(true);
    expect(hasWholePhoneNumber(phone)).toBe(true);
  });

  // Each has the shape of a phone number, and each is cut short: nobody could call it back.
  it.each(['856-55', '555-0100', '856 555 010', '+1 856', '856 x12345678', '856-555 ext 0100'])(
    'refuses %s',
    (phone) => {
      expect(PHONE_SHAPE.test(phone)).toBe(true);
      expect(hasWholePhoneNumber(phone)).toBe(false);
    },
  );
});
