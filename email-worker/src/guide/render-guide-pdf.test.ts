import {
  PDFArray,
  PDFBool,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRef,
  PDFString,
  type PDFObject,
} from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { readBusinessFacts } from '../../../src/config/business.ts';
import { GUIDE_TIPS, GUIDE_TITLE } from './guide-content.ts';
import { renderGuidePdf } from './render-guide-pdf.ts';

/** The structure tree as a screen reader walks it: each element's type, with its children, in reading order. */
type Element = { type: string; children: Element[]; marksContent: boolean };

function structureOf(pdf: PDFDocument): Element[] {
  const resolve = (object: PDFObject | undefined) => (object instanceof PDFRef ? pdf.context.lookup(object) : object);
  const walk = (object: PDFObject | undefined): Element[] => {
    const value = resolve(object);
    if (value instanceof PDFArray) return value.asArray().flatMap(walk);
    if (!(value instanceof PDFDict)) return [];
    const type = value.get(PDFName.of('S'));
    if (!(type instanceof PDFName)) return [];
    const kids = resolve(value.get(PDFName.of('K')));
    const kidList = kids instanceof PDFArray ? kids.asArray().map(resolve) : [kids];
    return [
      {
        type: type.decodeText(),
        children: walk(value.get(PDFName.of('K'))),
        // Marked content on a page (an MCID), so the element has text a reader speaks.
        marksContent: kidList.some(
          (kid) => kid instanceof PDFNumber || (kid instanceof PDFDict && kid.has(PDFName.of('MCID'))),
        ),
      },
    ];
  };
  const root = pdf.catalog.lookup(PDFName.of('StructTreeRoot'), PDFDict);
  return walk(root.get(PDFName.of('K')));
}

const text = (value: PDFObject | undefined) =>
  value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : undefined;

describe('the free guide as a PDF', () => {
  // An untagged PDF gives a screen reader loose text in drawing order, and names itself by its file name.
  it('is tagged: its language, its title shown, headings for the guide and each tip, its checklists as lists', async () => {
    const pdf = await PDFDocument.load(
      await renderGuidePdf({ business: readBusinessFacts({}), siteUrl: 'https://floors.example' }),
    );
    expect(pdf.getTitle()).toBe(GUIDE_TITLE);
    expect(text(pdf.catalog.get(PDFName.of('Lang')))).toBe('en-US');
    expect(pdf.catalog.lookup(PDFName.of('MarkInfo'), PDFDict).get(PDFName.of('Marked'))).toBe(PDFBool.True);
    expect(pdf.catalog.lookup(PDFName.of('ViewerPreferences'), PDFDict).get(PDFName.of('DisplayDocTitle'))).toBe(
      PDFBool.True,
    );

    const [document, ...others] = structureOf(pdf);
    expect(others).toEqual([]);
    expect(document!.type).toBe('Document');
    const expected = [
      'P', // the business and its tagline
      'H1',
      'P', // the introduction
      ...GUIDE_TIPS.flatMap(() => ['H2', 'P', 'L']),
      'H2', // "Want a second opinion on your floors?"
      'P',
      'P', // the estimate link
      'P', // the registration number
    ];
    expect(document!.children.map(({ type }) => type)).toEqual(expected);
    const lists = document!.children.filter(({ type }) => type === 'L');
    expect(lists.map((list) => list.children.length)).toEqual(GUIDE_TIPS.map((tip) => tip.checklist.length));
    for (const item of lists.flatMap((list) => list.children)) {
      expect(item.type).toBe('LI');
      expect(item.children.map(({ type }) => type)).toEqual(['LBody']);
      expect(item.children[0]!.marksContent).toBe(true);
    }
    for (const element of document!.children.filter(({ type }) => type !== 'L'))
      expect(element.marksContent, element.type).toBe(true);
  });
});
