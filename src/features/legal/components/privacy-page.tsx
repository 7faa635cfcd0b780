import { Link } from 'react-router';
import { business } from '@/config/business';
import { dataRetention } from '@/config/data-retention';
import { photoUpload } from '@/config/photo-upload';
import { privacyRequests } from '@/config/privacy-requests';
import { floorEngineProvider, serviceProviders, type ServiceProvider } from '@/config/service-providers';
import {
  days,
  listInWords,
  marketingEmailsInWords,
  retentionSchedule,
  valueInWords,
  whatEachFormCollects,
  type CollectedValue,
} from '../content/what-we-collect';
import { LegalPage, LegalSection, legalLinkClasses } from './legal-page';

/** 'image/jpeg' -> 'JPEG', 'image/webp' -> 'WebP': as the formats are written. */
const formatName = (mimeType: string) => {
  const name = mimeType.replace(/^image\//, '');
  return name === 'webp' ? 'WebP' : name.toUpperCase();
};

/** The forms that send `value`, named as a sentence names them ('free estimate form'). */
const formsSending = (value: CollectedValue) =>
  whatEachFormCollects
    .filter(({ sends }) => (sends as readonly CollectedValue[]).includes(value))
    .map(({ form }) => form.replace(/ \(.*\)$/, '').toLowerCase());

/** The forms whose payload carries the phone consent: the ones that show its words beside the phone field. */
const formsAskingForAPhone = formsSending('phone_consent_version');
const formsOfferingMarketingTexts = formsSending('marketing_texts_consent');

/**
 * The privacy notice. Every fact in it comes from the code that makes it true: the business facts
 * (src/config/business.ts), the retention settings (src/config/data-retention.ts), what the visualizer page sends
 * (src/config/photo-upload.ts), the companies that run the site (src/config/service-providers.ts), what each form
 * sends (content/what-we-collect.ts, held to the forms' schemas) and what staff do by hand after a deletion (the
 * checklist `npm run data:forget` prints). privacy-notice-claims.test.tsx pins each claim to that code. It covers
 * what the New Jersey Data Privacy Act (N.J.S.A. 56:8-166.6) asks a notice to say, in plain words (decision 021).
 */
export function PrivacyPage({
  providers = serviceProviders,
  floorEngine = floorEngineProvider,
}: {
  providers?: readonly ServiceProvider[];
  /** The company whose service draws the floor (VITE_VISUALIZER_ENGINE_PROVIDER_NAME); none: the processor's own engine. */
  floorEngine?: string | undefined;
}) {
  const mail = (
    <a href={`mailto:${business.email}`} className={legalLinkClasses}>
      {business.email}
    </a>
  );
  const phone = (
    // Kept on one line, as on the Terms: a number broken after its area code reads as two.
    <a href={business.phoneHref} className={`${legalLinkClasses} whitespace-nowrap`}>
      {business.phone}
    </a>
  );
  return (
    <LegalPage
      title="Privacy Policy"
      lead={
        <p>
          {business.name} is a flooring contractor based in {business.baseTown}. This page says what this website
          collects about you, why, who handles it for us, how long we keep it, and what you can ask us to do with it.
        </p>
      }
    >
      <LegalSection id="privacy-collect" title="What we collect and why">
        <p>What you type into our forms and the photo you give our floor visualizer. Each form keeps:</p>
        <ul aria-label="What each form keeps" className="list-disc space-y-2 pl-6">
          {whatEachFormCollects.map(({ form, sends, why }) => (
            <li key={form}>
              <strong className="font-semibold">{form}:</strong>{' '}
              {listInWords(sends.map((value) => valueInWords[value]))}, {why}
            </li>
          ))}
        </ul>
        {/* queue_email's limits (visitor_email_limits; tests/integration/privacy-notice.test.ts): "We e-mail you a
            confirmation" and the other e-mails the list names hold for the first form of the day (session 22). */}
        {/* And none to an address a mail server refused as unknown, while that e-mail's record keeps the address
            (back_office.address_refused_at, migration 20261210300000; decision 032, session 35). */}
        <p>
          We send an address at most one e-mail of each kind a day (one confirmation, one guide, one visualizer result)
          and only a few in all, so a second form sent the same day may get no e-mail of its own; our office still gets
          its copy. If a mail server tells us an address does not exist, we send it nothing more for{' '}
          {days(dataRetention.emailRecipientDays)}.
        </p>
        <p>
          On the visualizer&apos;s result, where you can pick a wood, fix the floor and choose what happens to your
          rugs, we also keep the wood you last picked and when you left the result, whether you chose to keep or replace
          your rugs and how many times you changed the picture, so the result and its e-mails show your choices and we
          can limit how often it is redrawn. The spots you tap to fix the floor are used only to redraw it.
        </p>
        <p>
          Like every website, this one also gets your internet address (IP address) from your browser. We count the
          forms sent from each address for {days(dataRetention.throttleAddressDays)}, to stop floods of automated
          submissions, and the companies that host the site see it too (below).
        </p>
        <p>
          So the kinds of data we hold are: contact details (name, e-mail address, phone number); business details, if
          you apply as a partner (brokerage or company, Instagram handle, investment focus); what you write to us;
          photos of your rooms and your wood and rug choices on the visualizer; your internet address; what you agreed
          to about calls and texts; and records of the e-mails we sent you.
        </p>
        <p>
          {/* "We don't collect your location" said more than the page does (decision 032, session 25); a photo the
              browser cannot open goes as it is but for its GPS position, blanked in the file (decision 025, session 25,
              file-without-position.ts). */}
          We don&apos;t ask where you are, and the page takes the place a photo was taken out of it before sending it.
          We don&apos;t ask for sensitive information such as health, money or family matters. The site sets no cookies
          and uses no analytics or advertising trackers. The one thing it keeps in your browser is how far down you had
          scrolled on each page you opened, so that Back takes you to the same place; your browser keeps that for the
          tab only (session storage) and forgets it when you close the tab. The map on the home page is loaded from
          OpenStreetMap only when you scroll to it or ask for it; like any website, OpenStreetMap then sees your
          internet address.
        </p>
        <p>
          This site is for adults planning work on a home. It is not meant for children under 13, and we don&apos;t
          knowingly collect their information; if you think a child has sent us something, tell us and we delete it.
        </p>
      </LegalSection>

      <LegalSection id="privacy-photos" title="Your room photos">
        <p>
          Phone photos carry hidden details: often the exact place where they were taken (GPS), the time, and the
          camera. Before your photo leaves your phone or computer, this page makes its own copy of it: what it sends us
          is a {formatName(photoUpload.format)} picture of at most {photoUpload.longestSidePx} pixels on its longest
          side, or of {photoUpload.shortestSidePx} pixels on its shorter side for a very wide panorama (or, for a{' '}
          {listInWords(photoUpload.sentAsStored.map(formatName), 'or')} photo that is already at most{' '}
          {photoUpload.storedLongestSidePx} pixels on its longest side and the right way up, the photo&apos;s own
          picture),
          {photoUpload.sendsMetadata ? ' with' : ' without any of'} those hidden details, together with your name, your
          e-mail address and the photo&apos;s file name. Your location stays on your device.
        </p>
        {photoUpload.undecodableSentAsChosen && (
          <p>
            One exception: if your browser cannot open the photo itself (an iPhone photo in HEIC format in a browser
            other than Safari, for example), the page sends the file as it is, with the place it was taken blanked out
            but its other hidden details (such as the time and the camera) included. We then keep that file where no
            link reaches it, only until the picture of your new floor is made, and everything we show or send you is
            redrawn from the picture alone, without those details.
          </p>
        )}
        <p>
          We use your photo only to show you the new floor and, if you ask, to give you an estimate. We don&apos;t
          publish it or use it for anything else.
        </p>
        {/* What the processor's own engine does (visualizer-processor/engine/segmentation/scene-classes.ts), or, when
            the build names the company an http engine sends the photos to, what the processor does then
            (engine/http/http-floor-engine.ts); held by privacy-notice-claims.test.tsx. The processor refuses to start
            in production when its engine and this setting disagree (decision 040). */}
        {floorEngine ? (
          <p>
            Your photo is sent to {floorEngine}, whose service finds the floor in it and draws the new floor for us. It
            gets the photo and the spots you tap to fix the floor, not your name or e-mail address, and we get back only
            the picture with the new floor: no information about anyone in the photo. Our own software does not look for
            faces, recognise anyone or measure anyone&apos;s face or body. Anyone in your photo stays in the pictures we
            show and e-mail you, as they were in the photo: a photo of the room without people is best.
          </p>
        ) : (
          <p>
            Our software looks at your photo only to find the floor. It sorts each part of the picture into one of about
            thirty kinds of things, such as floor, wall, rug, chair or person, so that the new floor goes under the
            furniture and around anyone standing in the room. Where it keeps that map of the room, the map is stored
            with your pictures and deleted with them. It does not look for faces, recognise anyone or measure
            anyone&apos;s face or body, so we hold no biometric information about you. Anyone in your photo stays in the
            pictures we show and e-mail you, as they were in the photo: a photo of the room without people is best.
          </p>
        )}
      </LegalSection>

      <LegalSection id="privacy-providers" title="Who handles it for us">
        <p>
          We never sell your information, never share it for advertising, and never give it to anyone for their own use.
          We would only hand it over if the law required us to. To run this website we use these companies, which handle
          your information for us and only to do these jobs:
        </p>
        <ul aria-label="Companies that handle your information for us" className="list-disc space-y-2 pl-6">
          {providers.map(({ kind, name, does }) => (
            <li key={kind}>
              <strong className="font-semibold">
                {kind}
                {name ? ` (${name})` : ''}:
              </strong>{' '}
              {does}
            </li>
          ))}
        </ul>
        <p>A copy of each form also comes to our office e-mail inbox, so we can answer it.</p>
      </LegalSection>

      <LegalSection id="privacy-who" title="Who can see it">
        <p>
          Our staff. The site can add to our records but cannot read back what anyone typed into them: nobody can look
          up what someone else sent through it. The pictures of your room are kept in private storage. They open only
          through the links on your result page, in our e-mail to you and in our office&apos;s copy of the result, which
          contain a long random code nobody can guess and stop working when the pictures are deleted,{' '}
          {days(dataRetention.visualizerImagesDays)} after you sent the photo. Until then, anyone you give such a link
          to (or who sees the e-mail with it) can open the pictures.
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
              {retentionSchedule(dataRetention, floorEngine).map(({ what, kept }) => (
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
          Two kinds of copies are out of the system&apos;s reach. The e-mails about your request in our office inbox are
          kept as our correspondence with you; when you ask us to delete your data, we delete them by hand. The e-mail
          delivery company and our hosting companies keep their own delivery records and logs (with e-mail and internet
          addresses) for their own periods, usually days to weeks. Deleted data can also stay in our database
          host&apos;s backups until those are replaced, usually within a few weeks; backups are only used to recover
          from a failure.
        </p>
      </LegalSection>

      <LegalSection id="privacy-calls" title="Calls and texts">
        <p>
          The {listInWords(formsAskingForAPhone)} forms ask for your phone number. The words under the phone field say
          that we may call or text you at that number about your request; we keep which words you saw and when you sent
          the form. Agreeing is not a condition of buying anything from us: you can always reach us at {phone} instead.
        </p>
        <p>
          This website sends no texts itself: any text from us is sent by our staff. We send marketing texts (deal
          alerts) only if you ticked the box for them on the {listInWords(formsOfferingMarketingTexts)} form. It starts
          unticked. To stop texts, reply STOP to any of them or tell us in any other way (a reply in your own words, an
          e-mail, a call), and we stop, within {privacyRequests.textOptOutWithinBusinessDays} business days at the
          latest.
        </p>
      </LegalSection>

      <LegalSection id="privacy-your-rights" title="Your rights, and how to use them">
        <p>You can ask us, free of charge:</p>
        <ul className="list-disc space-y-2 pl-6">
          <li>whether we have information about you, and to see it;</li>
          <li>to correct it;</li>
          <li>to delete it;</li>
          <li>for a copy of it, in files you can keep or give to another business;</li>
          <li>to stop sending you marketing texts or e-mails.</li>
        </ul>
        <p>
          Our marketing e-mails ({listInWords(marketingEmailsInWords)}) each have an unsubscribe link, which opens a
          page with one button to press (many mail programs also show an Unsubscribe button of their own): that stops
          them for that address for good, even if it asks for the guide again later, and our answers to your estimate
          and visualizer requests still reach you.
        </p>
        <p>
          We don&apos;t sell information, show targeted advertising or make automated decisions about people, so there
          is nothing of that kind to opt out of. Nor do we follow you over time or across other websites, so a
          browser&apos;s &quot;Do Not Track&quot; or Global Privacy Control signal has nothing here to switch off: the
          site works the same with it or without it.
        </p>
        <p>
          To ask, write to {mail} or call {phone}. To be sure we are dealing with you, we reply to the e-mail address
          you used on our forms. We answer within {days(privacyRequests.answerWithinDays)}. If we need longer, we tell
          you why within those {days(privacyRequests.answerWithinDays)}, and take at most{' '}
          {days(privacyRequests.extensionDays)} more. Deleting removes your form entries, your visualizer requests with
          their pictures, and the record of the e-mails we sent you; the copies in our office inbox we delete by hand.
        </p>
        <p>
          If we turn down your request, we tell you why. You can appeal by replying to our answer with
          &quot;Appeal&quot; in the subject, or by calling us; the owner looks at it again and answers within{' '}
          {days(privacyRequests.appealAnswerWithinDays)}. If you are still not satisfied, you can complain to the{' '}
          <a href={privacyRequests.regulator.url} className={legalLinkClasses}>
            {privacyRequests.regulator.name}
          </a>
          .
        </p>
      </LegalSection>

      <LegalSection id="privacy-contact" title="Who we are">
        <p>
          {business.name}, {business.postalAddress}. E-mail {mail}, phone {phone}.
        </p>
      </LegalSection>

      <LegalSection id="privacy-changes" title="Changes to this page">
        <p>
          This policy is in effect from the date at the top. When we change what we collect or what we do with it, we
          change this page and that date before the change applies, and we send earlier versions on request. See also
          our{' '}
          <Link to="/terms" className={legalLinkClasses}>
            Terms of Service
          </Link>
          .
        </p>
      </LegalSection>
    </LegalPage>
  );
}
