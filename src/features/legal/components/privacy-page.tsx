import { Link } from 'react-router';
import { business } from '@/config/business';
import { retentionSchedule, whatEachFormCollects } from '../content/what-we-collect';
import { LegalPage, LegalSection, legalLinkClasses } from './legal-page';

/**
 * The privacy notice. It is written from the business facts (src/config/business.ts), the retention settings
 * (src/config/data-retention.ts) and what the forms, the visualizer processor and the e-mail worker really do,
 * so changing one of those changes the page with it.
 */
export function PrivacyPage() {
  const mail = (
    <a href={`mailto:${business.email}`} className={legalLinkClasses}>
      {business.email}
    </a>
  );
  const phone = (
    <a href={business.phoneHref} className={legalLinkClasses}>
      {business.phone}
    </a>
  );
  return (
    <LegalPage
      title="Privacy Policy"
      lead={
        <p>
          {business.name} is a flooring contractor based in {business.baseTown}. This page says what this website
          keeps about you when you fill in one of its forms or use the floor visualizer, why, who can see it, how long
          we keep it, and how to get a copy or have it deleted.
        </p>
      }
    >
      <LegalSection id="privacy-collect" title="What we collect and why">
        <p>We only have what you type into a form or upload. Each form keeps:</p>
        <ul className="list-disc space-y-2 pl-6">
          {whatEachFormCollects.map(({ form, fields, why }) => (
            <li key={form}>
              <strong className="font-semibold">{form}:</strong> {fields}, {why}
            </li>
          ))}
        </ul>
        <p>
          The site sets no cookies and uses no analytics or advertising trackers. The map on the home page is loaded
          from OpenStreetMap only when you scroll to it or ask for it; like any website, OpenStreetMap then sees your
          internet address.
        </p>
      </LegalSection>

      <LegalSection id="privacy-photos" title="Your room photos">
        <p>
          Phone photos carry hidden details: often the exact place where they were taken (GPS), the time, and the
          camera. When your photo arrives we keep it, as you sent it, in private storage that no link reaches, only
          until the picture of your new floor is made. The copy of your photo we show you is redrawn from its pixels
          alone, so the location, camera and other hidden details are not in it, nor in the pictures we make from it.
        </p>
        <p>
          We use your photo only to show you the new floor and, if you ask, to give you an estimate. We don't publish
          it or use it for anything else.
        </p>
      </LegalSection>

      <LegalSection id="privacy-where" title="Where it is kept">
        <p>
          Everything you send is stored in our database and file storage at Supabase, a hosting company that runs them
          for us. We send our e-mails through an e-mail delivery provider, who passes each message on to your inbox
          and keeps its own delivery records. A copy of each form also comes to our office inbox. We don't sell your
          details or give them to anyone else.
        </p>
      </LegalSection>

      <LegalSection id="privacy-who" title="Who can see it">
        <p>
          Only our staff. The site can add to our records but cannot read them back: nobody can look up what someone
          else sent through it. The pictures of your room are at web addresses that contain a long random code, so
          nobody can guess or find them, but anyone you give the link to (or who sees the e-mail with it) can open
          them.
        </p>
      </LegalSection>

      <LegalSection id="privacy-how-long" title="How long we keep it">
        <p>The system deletes each kind of data on its own once its time is up:</p>
        <div className="overflow-x-auto rounded-lg border border-walnut-900/15 bg-white">
          <table className="w-full text-left text-base">
            <caption className="sr-only">How long each kind of data is kept</caption>
            <thead className="bg-oak-100 text-walnut-950">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  What
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  How long we keep it
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-walnut-900/10">
              {retentionSchedule().map(({ what, kept }) => (
                <tr key={what} className="align-top">
                  <th scope="row" className="px-4 py-3 font-normal">
                    {what}
                  </th>
                  <td className="px-4 py-3">{kept}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>
          The e-mails in our office inbox about your request are kept as our correspondence with you, and deleted with
          the rest when you ask. Deleted data can stay in our hosting company's backups until those are replaced, usually
          within a few weeks; backups are only used to recover from a failure.
        </p>
      </LegalSection>

      <LegalSection id="privacy-your-choice" title="A copy, a correction, or deletion">
        <p>
          Write to {mail} or call {phone} and tell us what you would like: a copy of what we have about you, a
          correction, or to have it all deleted. We respond {business.responsePromise}. To be sure we are dealing with
          you, we reply to the e-mail address you used on our forms. Deleting removes your form entries, your
          visualizer requests with their pictures, and the record of the e-mails we sent you.
        </p>
      </LegalSection>

      <LegalSection id="privacy-changes" title="Changes to this page">
        <p>
          When what we keep or how long we keep it changes, we change this page and the date at the top. See also our{' '}
          <Link to="/terms" className={legalLinkClasses}>
            Terms of Service
          </Link>
          .
        </p>
      </LegalSection>
    </LegalPage>
  );
}
