import { Link } from 'react-router';
import { business } from '@/config/business';
import { dataRetention } from '@/config/data-retention';
import { days } from '../content/what-we-collect';
import { LegalPage, LegalSection, legalLinkClasses } from './legal-page';

/** The terms of using the site, in plain words, from the same business facts as every other page. */
export function TermsPage() {
  // The lead and the accessibility statement both end on the business's two ways in.
  const callOrWrite = (
    <>
      call us at {/* Kept on one line: at 360 px the number broke between its area code and the rest. */}
      <a href={business.phoneHref} className={`${legalLinkClasses} whitespace-nowrap`}>
        {business.phone}
      </a>{' '}
      or write to{' '}
      <a href={`mailto:${business.email}`} className={legalLinkClasses}>
        {business.email}
      </a>
    </>
  );
  return (
    <LegalPage
      title="Terms of Service"
      lead={
        <p>
          This website belongs to {business.name} of {business.baseTown}, a New Jersey registered home improvement
          contractor ({business.registrationLine}). By using it you agree to these few terms. If something here is
          unclear, {callOrWrite}.
        </p>
      }
    >
      <LegalSection id="terms-estimates" title="Estimates and offers">
        <p>
          Asking for an estimate, the guide or a partner program is free and commits you to nothing. A price is only
          agreed in writing, once we have seen the job. For home improvement work over $500 that writing is a contract
          we both sign, as New Jersey law requires, and you may cancel it until midnight of the third business day after
          you receive your copy. The contract names the work and its main products, the total price, and the dates or
          period in which the work starts and is finished; a written estimate from us says so if its price leaves out
          any cost, such as delivery, installation or financing. Program perks and discounts are described on their
          pages and confirmed with you when you join.
        </p>
      </LegalSection>

      <LegalSection id="terms-visualizer" title="The floor visualizer">
        <p>
          Snap &amp; See Wood draws a new floor on your photo by computer. It is a preview to help you choose: colours,
          board sizes and how the floor meets walls and furniture will differ from a real installation. Please upload
          only photos you took or may share, and not photos of people. The pictures are kept for{' '}
          {days(dataRetention.visualizerImagesDays)} and then deleted; the{' '}
          <Link to="/privacy" className={legalLinkClasses}>
            Privacy Policy
          </Link>{' '}
          says how we handle them.
        </p>
      </LegalSection>

      <LegalSection id="terms-fair-use" title="Fair use">
        <p>
          Send your own details, and only to reach us. Don't put someone else's e-mail address in a form, send automated
          or bulk submissions, or try to get at data that isn't yours. The site limits how often one address can submit
          and how many e-mails one inbox gets from us a day.
        </p>
      </LegalSection>

      <LegalSection id="terms-content" title="The content of this site">
        <p>
          The text, pictures and the free guide are ours; you are welcome to read, print and share them for your own
          project, but not to republish them as yours. We keep the information here accurate, but prices, products and
          availability change over time, so the price and products for your job are the ones we agree with you in
          writing.
        </p>
      </LegalSection>

      <LegalSection id="terms-accessibility" title="Accessibility">
        <p>
          We want everyone to be able to use this site. We build it to the Web Content Accessibility Guidelines (WCAG)
          2.2, level AA, and automated accessibility tests check every page, with its menus, forms and visualizer steps,
          on phone and desktop screens; such tests cannot catch everything. If any part of the site is hard to use with
          your device or assistive technology, {callOrWrite}: we will help, and take your request or give you the
          information by phone or e-mail instead.
        </p>
      </LegalSection>

      <LegalSection id="terms-changes" title="Changes">
        <p>
          We may update these terms; the date at the top says when they last changed, and a change applies from that
          date on, never to something you did before it. Our work for you is covered by what we agree with you in
          writing (for work over $500, the contract we both sign), which these terms do not change. Nothing on this page
          limits the rights New Jersey or federal law gives you as a consumer.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
