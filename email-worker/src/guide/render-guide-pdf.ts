import PDFDocument from 'pdfkit';
import type { Business } from '../../../src/config/business.ts';
import { GUIDE_INTRO, GUIDE_TIPS, GUIDE_TITLE } from './guide-content.ts';

/** The site's palette (src/index.css), so the guide looks like the site it came from. */
const WALNUT_950 = '#1f130b';
const WALNUT_900 = '#3b2416';
const WALNUT_700 = '#6f4527';
const OAK_500 = '#c08a4f';
const OAK_200 = '#f0d9b5';
const CREAM_50 = '#fcf9f4';

const PAGE = { width: 612, height: 792 }; // US Letter, in points
const MARGIN = 54;
const TEXT_WIDTH = PAGE.width - MARGIN * 2;

export interface GuideBranding {
  business: Business;
  /** The site's address, for the "free estimate" link. */
  siteUrl: string;
}

/**
 * The guide as a PDF, drawn with PDFKit's built-in Helvetica (nothing to download or embed): a branded
 * header, the introduction, the five tips with their checklists, and the business's contact details.
 *
 * Tagged, so a screen reader reads it as a document rather than loose text (decision 032, session 27): its language,
 * its title shown instead of the file name, a structure tree of a heading for the guide and one per tip, paragraphs,
 * and each checklist as a list; the bands, circles and boxes drawn around the text are marked as decoration
 * (artifacts), which readers skip. The tip's number, drawn in its circle, is read as part of its heading.
 */
export function renderGuidePdf({ business, siteUrl }: GuideBranding): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    info: { Title: GUIDE_TITLE, Author: business.name, Subject: 'A free flooring guide', Creator: business.name },
    pdfVersion: '1.7',
    tagged: true,
    lang: 'en-US',
    displayTitle: true,
  });
  const guide = doc.struct('Document');
  doc.addStructure(guide);
  /** Shapes drawn for looks only: marked so that assistive technology skips them. */
  const decoration = (draw: () => void) => {
    doc.markContent('Artifact', { type: 'Layout' });
    draw();
    doc.endMarkedContent();
  };
  /** Text read as one structure element of `type`, drawn by `draw`. */
  const tagged = (parent: ReturnType<typeof doc.struct>, type: string, draw: () => void) => {
    parent.add(doc.struct(type, {}, draw));
  };
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const estimateUrl = `${siteUrl.replace(/\/+$/, '')}/#contact`;

  // Header band: the business, its tagline, what this is.
  decoration(() => {
    doc.rect(0, 0, PAGE.width, 150).fill(WALNUT_900);
    doc.rect(0, 150, PAGE.width, 4).fill(OAK_500);
  });
  tagged(guide, 'P', () => {
    doc.fillColor(OAK_200).font('Helvetica-Bold').fontSize(11).text(business.name.toUpperCase(), MARGIN, 40, {
      characterSpacing: 1.5,
    });
    doc.fillColor(CREAM_50).font('Helvetica').fontSize(10).text(`${business.tagline}  ·  ${business.baseTown}`);
  });
  doc.moveDown(0.8);
  tagged(guide, 'H1', () => {
    doc.fillColor(CREAM_50).font('Helvetica-Bold').fontSize(22).text(GUIDE_TITLE, { width: TEXT_WIDTH, lineGap: 2 });
  });

  doc.y = 178;
  tagged(guide, 'P', () => {
    doc.fillColor(WALNUT_700).font('Helvetica').fontSize(11.5).text(GUIDE_INTRO, MARGIN, doc.y, {
      width: TEXT_WIDTH,
      lineGap: 3,
    });
  });
  doc.moveDown(1);

  GUIDE_TIPS.forEach((tip, index) => {
    // Keep a tip's heading with at least the start of its text.
    if (doc.y > PAGE.height - MARGIN - 150) doc.addPage();
    const top = doc.y;
    decoration(() => doc.circle(MARGIN + 13, top + 12, 13).fill(OAK_500));
    tagged(guide, 'H2', () => {
      doc
        .fillColor(WALNUT_950)
        .font('Helvetica-Bold')
        .fontSize(13)
        .text(String(index + 1), MARGIN, top + 5, {
          width: 26,
          align: 'center',
        });
      doc
        .fillColor(WALNUT_950)
        .font('Helvetica-Bold')
        .fontSize(14)
        .text(tip.title, MARGIN + 38, top + 4, {
          width: TEXT_WIDTH - 38,
        });
    });
    doc.moveDown(0.4);
    tagged(guide, 'P', () => {
      doc
        .fillColor(WALNUT_900)
        .font('Helvetica')
        .fontSize(10.5)
        .text(tip.body, MARGIN + 38, doc.y, {
          width: TEXT_WIDTH - 38,
          lineGap: 2.5,
        });
    });
    doc.moveDown(0.4);
    const checklist = doc.struct('L');
    guide.add(checklist);
    for (const item of tip.checklist) {
      const itemTop = doc.y;
      decoration(() =>
        doc
          .rect(MARGIN + 40, itemTop + 3, 6, 6)
          .lineWidth(1)
          .stroke(OAK_500),
      );
      const listItem = doc.struct('LI');
      checklist.add(listItem);
      tagged(listItem, 'LBody', () => {
        doc
          .fillColor(WALNUT_700)
          .font('Helvetica')
          .fontSize(10)
          .text(item, MARGIN + 54, itemTop, {
            width: TEXT_WIDTH - 54,
            lineGap: 1.5,
          });
      });
      listItem.end();
      doc.moveDown(0.2);
    }
    checklist.end();
    doc.moveDown(1);
  });

  // Closing panel: how to reach the business.
  if (doc.y > PAGE.height - MARGIN - 136) doc.addPage();
  const panelTop = doc.y + 4;
  decoration(() => doc.roundedRect(MARGIN, panelTop, TEXT_WIDTH, 120, 8).fill(OAK_200));
  tagged(guide, 'H2', () => {
    doc
      .fillColor(WALNUT_950)
      .font('Helvetica-Bold')
      .fontSize(13)
      .text('Want a second opinion on your floors?', MARGIN + 18, panelTop + 16, {
        width: TEXT_WIDTH - 36,
      });
  });
  tagged(guide, 'P', () => {
    doc
      .fillColor(WALNUT_900)
      .font('Helvetica')
      .fontSize(10.5)
      .text(
        `Call ${business.phone} or e-mail ${business.email} for a free estimate. We serve Camden, Burlington and ` +
          `Gloucester counties from ${business.baseTown}, and we respond ${business.responsePromise}. ` +
          `Hours: ${business.hours.join(', ')}.`,
        { width: TEXT_WIDTH - 36, lineGap: 2 },
      );
  });
  doc.moveDown(0.3);
  tagged(guide, 'P', () => {
    doc
      .fillColor(WALNUT_700)
      .font('Helvetica-Bold')
      .fontSize(10.5)
      .text(estimateUrl, { link: estimateUrl, underline: true });
  });
  // The guide advertises in New Jersey, so it shows the contractor registration number (N.J.A.C. 13:45A-17.11(d)2).
  doc.moveDown(0.3);
  tagged(guide, 'P', () => {
    doc
      .fillColor(WALNUT_900)
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(business.registrationLine, { link: null, underline: false });
  });

  guide.end();
  doc.end();
  return finished;
}
