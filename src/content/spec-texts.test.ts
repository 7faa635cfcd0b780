import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { business } from '@/config/business';
import { pageTexts, toasts, TOAST_DURATION_MS } from './spec-texts';

// The product spec as the project holds it (docs/spec/), so the tests need nothing outside the repository.
const spec = readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/spec/product-spec.md'), 'utf8');

/** The catalogue's text written back the way the spec writes it, with {phone} and {email} placeholders. */
const asSpecWrites = (text: string) => text.replaceAll(business.phone, '{phone}').replaceAll(business.email, '{email}');

function allStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(allStrings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(allStrings);
  return [];
}

describe('the text catalogue', () => {
  const errorTable = spec.slice(spec.indexOf('## 8. The error catalogue'), spec.indexOf('## 9.'));

  it.each(Object.entries(toasts))('%s is quoted verbatim in the spec error catalogue', (_key, toast) => {
    for (const text of allStrings({
      title: toast.title,
      ...('description' in toast ? { d: toast.description } : {}),
      ...('descriptions' in toast ? toast.descriptions : {}),
    })) {
      expect(errorTable).toContain(`'${asSpecWrites(text)}'`);
    }
  });

  it('covers every quoted message of the spec error catalogue', () => {
    const catalogued = allStrings([toasts, pageTexts]).map(asSpecWrites);
    const rows = errorTable.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| Situation'));
    const quotedInSpec = rows.flatMap((row) => {
      const message = row.split(' | ')[1] ?? '';
      return catalogued.filter((text) => message.includes(`'${text}'`));
    });
    // Rows that only point elsewhere ("404 page as in section 2") carry no quoted toast text.
    const rowsWithQuotes = rows.filter((row) => /'[A-Z]/.test(row.split(' | ')[1] ?? ''));
    for (const row of rowsWithQuotes) {
      expect(
        catalogued.some((text) => row.includes(`'${text}'`)),
        row,
      ).toBe(true);
    }
    expect(quotedInSpec.length).toBeGreaterThanOrEqual(rowsWithQuotes.length);
  });

  it('puts the business phone and e-mail where the spec has {phone} and {email}', () => {
    expect(toasts.contactFailure.description).toContain(business.phone);
    expect(toasts.leadFailure.description).toContain(business.phone);
    expect(toasts.partnerFailure.description).toContain(business.email);
  });

  it('uses the spec durations: loading 2 s, success 5 s, failure 6 s', () => {
    expect(TOAST_DURATION_MS).toEqual({ loading: 2000, success: 5000, failure: 6000 });
    expect(toasts.contactLoading.duration).toBe(2000);
    expect(toasts.contactSuccess.duration).toBe(5000);
    expect(toasts.leadSuccess.duration).toBe(5000);
    expect(toasts.contactFailure.duration).toBe(6000);
    expect(toasts.leadFailure.duration).toBe(6000);
  });

  it.each(allStrings(pageTexts).filter((text) => text !== 'Thank You'))(
    'page text "%s" appears in the spec',
    (text) => {
      expect(spec).toContain(text);
    },
  );
});
