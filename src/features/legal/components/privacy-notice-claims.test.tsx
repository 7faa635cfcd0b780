import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  visualizerCorrectionPayloadSchema,
  visualizerRugChoicePayloadSchema,
  visualizerWebhookPayloadSchema,
  visualizerWoodChoicePayloadSchema,
} from '@contracts/visualizer-webhook';
import { business } from '@/config/business';
import { dataRetention, LEGAL_PAGES_LAST_CHANGED, visualizerImagesExpireAt } from '@/config/data-retention';
import { photoUpload } from '@/config/photo-upload';
import { deletionStepsByHand, privacyRequests } from '@/config/privacy-requests';
import {
  floorEngineProvider,
  floorEngineProviderFrom,
  serviceProviders,
  serviceProvidersFrom,
} from '@/config/service-providers';
import { phoneConsent } from '@/content/phone-consent';
import { contactRequestSchema } from '@/features/contact/api/create-contact-request';
import { guideLeadSchema } from '@/features/lead-magnet/api/create-guide-lead';
import { investorApplicationSchema } from '@/features/partners/api/create-investor-application';
import { realtorApplicationSchema } from '@/features/partners/api/create-realtor-application';
import { createVisualizerRequest } from '@/features/visualizer/api/create-visualizer-request';
import { mapEmbedUrl } from '@/features/home/components/service-area-map';
import { server } from '@/testing/msw-server';
import { renderRoute } from '@/testing/render';
import { restUrl } from '@/testing/test-env';
import {
  days,
  listInWords,
  marketingEmailsInWords,
  valueInWords,
  whatEachFormCollects,
} from '../content/what-we-collect';
import { composeEmail } from '../../../../email-worker/src/messages/compose-email';
import { MARKETING_EMAIL_KINDS, type LeadRecord } from '../../../../email-worker/src/messages/lead-records';
import { SCENE_CLASS_NAMES } from '../../../../visualizer-processor/engine/segmentation/scene-classes';
import { sceneClassesPath } from '../../../../visualizer-processor/src/render-job';
import { floorEngineOutcome, OWN_ENGINE_WORDS, pageWords } from '../../../../scripts/check-deployment/floor-engine';
import { fileWithoutPosition } from '@/features/visualizer/utils/file-without-position';
import { FIXTURE_DIR } from '../../../../visualizer-processor/fixtures/make-fixtures';
import { HEIC_FIXTURE, heicWithExif } from '../../../../visualizer-processor/fixtures/make-heic-fixture';
import { PrivacyPage } from './privacy-page';

/**
 * Each factual claim of the privacy notice, held to the code that makes it true (issue 36). When the code changes
 * under the words (a form sends another value, a period or a provider changes, the page sends the photo another
 * way), a test here fails, and the notice must be changed with it (and its date: decision 021).
 * Claims only the database can show (what the anon key may insert and read back) are in
 * tests/integration/privacy-notice.test.ts.
 */

/** The repository's folder, from this file's own place (src/features/legal/components). */
const REPOSITORY_ROOT = resolve(import.meta.dirname, '../../../..');
/** Every package of the repository: the site, the services, the scripts they share. */
const PACKAGE_MANIFESTS = [
  'package.json',
  ...['contracts', 'email-worker', 'job-queue', 'visitor-data', 'visualizer-processor'].map(
    (dir) => `${dir}/package.json`,
  ),
];

const section = (title: string) => screen.getByRole('heading', { level: 2, name: title }).parentElement!;

/** What each form really sends, as its own code builds it. */
async function payloadKeys(): Promise<Record<string, string[]>> {
  const visualizerBodies: Record<string, unknown>[] = [];
  server.use(
    http.post(restUrl('floor_visualizer_requests'), async ({ request }) => {
      visualizerBodies.push(...((await request.json()) as Record<string, unknown>[]));
      return HttpResponse.json([{ id: 'x' }], { status: 201 });
    }),
  );
  await createVisualizerRequest({ name: 'Jo', email: 'jo@example.com' });
  const person = { name: 'Jo', email: 'jo@example.com', phone: '856 555 0100' };
  // The guide's fixed lead_source and guide_sent say nothing about the visitor; the row's id neither.
  const aboutTheVisitor = (keys: string[]) =>
    keys.filter((key) => !['id', 'lead_source', 'guide_sent'].includes(key)).sort();
  return {
    'Free estimate form': aboutTheVisitor(Object.keys(contactRequestSchema.parse({ ...person, message: 'Oak' }))),
    'Free flooring guide': aboutTheVisitor(Object.keys(guideLeadSchema.parse({ email: person.email }))),
    'Realtor referral program': aboutTheVisitor(
      Object.keys(realtorApplicationSchema.parse({ ...person, brokerage: 'B', instagram: 'jo' })),
    ),
    'Investor partner program': aboutTheVisitor(
      Object.keys(investorApplicationSchema.parse({ ...person, company: 'C', investment_focus: 'Flips' })),
    ),
    // The photo goes to the webhook (imageBase64), with the name and e-mail the row already has.
    'Snap & See Wood': aboutTheVisitor([...Object.keys(visualizerBodies[0]!), 'photo']),
  };
}

describe('the privacy notice, claim by claim', () => {
  it('"Each form keeps": every value each form sends, and nothing it does not', async () => {
    const sent = await payloadKeys();
    expect(whatEachFormCollects.map(({ form }) => form.replace(/ \(.*\)$/, ''))).toEqual(Object.keys(sent));
    renderRoute('/privacy');
    const list = within(await screen.findByRole('list', { name: 'What each form keeps' }));
    for (const { form, sends } of whatEachFormCollects) {
      expect([...sends].sort(), form).toEqual(sent[form.replace(/ \(.*\)$/, '')]);
      const item = list.getByText(`${form}:`).parentElement!;
      for (const value of sends) expect(item).toHaveTextContent(valueInWords[value]);
    }
  });

  it("says what the visualizer's result page sends and keeps: the wood, the rug choice and how often the picture changed", async () => {
    renderRoute('/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    // What the result page sends after the first render (request-floor-correction.ts): a field added here needs words.
    expect(Object.keys(visualizerRugChoicePayloadSchema.shape)).toEqual(['requestId', 'correctionToken', 'rugs']);
    expect(Object.keys(visualizerCorrectionPayloadSchema.shape)).toEqual(['requestId', 'correctionToken', 'taps']);
    expect(Object.keys(visualizerWoodChoicePayloadSchema.shape)).toEqual([
      'requestId',
      'correctionToken',
      'wood',
      'left',
    ]);
    expect(section('What we collect and why')).toHaveTextContent(
      "On the visualizer's result, where you can pick a wood, fix the floor and choose what happens to your rugs, we also keep the wood you last picked and when you left the result, whether you chose to keep or replace your rugs and how many times you changed the picture, so the result and its e-mails show your choices and we can limit how often it is redrawn. The spots you tap to fix the floor are used only to redraw it.",
    );
    expect(section('What we collect and why')).toHaveTextContent(
      'photos of your rooms and your wood and rug choices on the visualizer;',
    );
  });

  it('names the internet address, counted for the throttle setting the retention job uses', async () => {
    renderRoute('/privacy');
    expect(await screen.findByText(/also gets your internet address/)).toHaveTextContent(
      `We count the forms sent from each address for ${days(dataRetention.throttleAddressDays)}`,
    );
  });

  it('says exactly what the visualizer page sends of a photo, from its upload settings', async () => {
    renderRoute('/privacy');
    const photos = await screen.findByRole('heading', { level: 2, name: 'Your room photos' });
    const text = photos.parentElement!.textContent!;
    const format = photoUpload.format.replace('image/', '').toUpperCase();
    expect(text).toContain(
      `a ${format} picture of at most ${photoUpload.longestSidePx} pixels on its longest side, or of ${photoUpload.shortestSidePx} pixels on its shorter side for a very wide panorama`,
    );
    // The panorama's copy is as tall as the processor's shortest side (read from its source: importing it would load
    // sharp into this page test).
    expect(readFileSync(resolve(REPOSITORY_ROOT, 'visualizer-processor/src/decode-photo.ts'), 'utf8')).toContain(
      `export const MIN_PHOTO_SHORT_SIDE = ${photoUpload.shortestSidePx};`,
    );
    // The lossless path (photo-without-metadata.ts): the notice names each format sent as stored.
    expect(photoUpload.sentAsStored).toEqual(['image/jpeg', 'image/webp']);
    expect(text).toContain(
      `for a JPEG or WebP photo that is already at most ${photoUpload.storedLongestSidePx} pixels on its longest side and the right way up, the photo's own picture`,
    );
    expect(photoUpload.sendsMetadata).toBe(false);
    expect(text).toContain('without any of those hidden details');
    expect(text).toContain('Your location stays on your device.');
    // Besides the picture, the webhook carries the request's id, the name, the e-mail and the file name: the
    // notice names the three that are the visitor's.
    expect(Object.keys(visualizerWebhookPayloadSchema.shape).sort()).toEqual([
      'email',
      'fileName',
      'imageBase64',
      'name',
      'requestId',
    ]);
    expect(text).toContain("together with your name, your e-mail address and the photo's file name");
    // A photo the browser cannot open goes as it is but for its position: the notice says so as long as the page does it.
    expect(
      text.includes(
        'the page sends the file as it is, with the place it was taken blanked out but its other hidden details (such as the time and the camera) included',
      ),
    ).toBe(photoUpload.undecodableSentAsChosen);
  });

  // Decision 040: a room photo may show people, and the laws on biometrics (Illinois's BIPA, the New Jersey Data
  // Privacy Act's "biometric data") turn on whether a face or a body is measured. The engine does neither.
  it('says what the floor software does with people in a photo, as the processor does it: no faces, nothing biometric', async () => {
    renderRoute('/privacy');
    const photos = (await screen.findByRole('heading', { level: 2, name: 'Your room photos' })).parentElement!;
    expect(photos).toHaveTextContent(
      'Our software looks at your photo only to find the floor. It sorts each part of the picture into one of about thirty kinds of things, such as floor, wall, rug, chair or person, so that the new floor goes under the furniture and around anyone standing in the room. Where it keeps that map of the room, the map is stored with your pictures and deleted with them.',
    );
    expect(photos).toHaveTextContent(
      "It does not look for faces, recognise anyone or measure anyone's face or body, so we hold no biometric information about you. Anyone in your photo stays in the pictures we show and e-mail you, as they were in the photo: a photo of the room without people is best.",
    );
    // The kinds named are the network's own classes (0 is "anything else"), and there are about thirty of them.
    const kinds = SCENE_CLASS_NAMES.filter((name) => name !== 'other');
    expect(kinds.length).toBeGreaterThanOrEqual(25);
    expect(kinds.length).toBeLessThanOrEqual(35);
    for (const kind of ['floor', 'wall', 'rug', 'chair', 'person']) expect(kinds).toContain(kind);
    // The map is kept (when the photo offers a rug choice: render-floor-task.ts) as a file in the request's own
    // folder, which the retention job and data:forget delete whole.
    expect(sceneClassesPath('request-id', 1).startsWith('request-id/')).toBe(true);
    // "Our software": the processor's own engine, which this build names no company for; an engine sending the photos
    // out is held to the next test. (Read from its settings' source: importing them would load the whole engine into
    // this page test.)
    expect(floorEngineProvider).toBeUndefined();
    const processorSettings = readFileSync(
      resolve(REPOSITORY_ROOT, 'visualizer-processor/src/processor-config.ts'),
      'utf8',
    );
    expect(processorSettings).toContain("VISUALIZER_ENGINE: z.enum(FLOOR_ENGINE_KINDS).default('offline'),");
    // No package of ours can find, match or measure a face.
    const faceLibraries = /face|biometr|rekognition|vision|mediapipe|opencv|dlib|landmark/i;
    for (const manifest of PACKAGE_MANIFESTS) {
      const { dependencies = {}, devDependencies = {} } = JSON.parse(
        readFileSync(resolve(REPOSITORY_ROOT, manifest), 'utf8'),
      ) as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
      const found = Object.keys({ ...dependencies, ...devDependencies }).filter((name) => faceLibraries.test(name));
      expect(found, manifest).toEqual([]);
    }
  });

  // Decision 040 (session 19): with VISUALIZER_ENGINE=http every photo goes to another company's service, and the
  // paragraph above would be untrue. The site's build and the processor read one setting for it; the processor refuses
  // to start in production when its engine and that setting disagree (processor-config.test.ts), and
  // check:deployment holds the served page to what the processor's /healthz says (floor-engine.ts), with these words.
  it('says who gets the photo when the build names the company an external floor engine sends it to, as check:deployment reads it', () => {
    const settings = {
      VITE_SITE_HOST_NAME: undefined,
      VITE_SERVICES_HOST_NAME: undefined,
      VITE_EMAIL_PROVIDER_NAME: undefined,
    };
    const engineCompany = 'Floors & Pixels AI';
    const remote = { ...settings, VITE_VISUALIZER_ENGINE_PROVIDER_NAME: ` ${engineCompany} ` };
    expect(floorEngineProviderFrom(remote)).toBe(engineCompany);
    expect(floorEngineProviderFrom({ ...settings, VITE_VISUALIZER_ENGINE_PROVIDER_NAME: '' })).toBeUndefined();
    const page = (providers: ReturnType<typeof serviceProvidersFrom>, floorEngine: string | undefined) =>
      renderToString(
        <MemoryRouter>
          <PrivacyPage providers={providers} floorEngine={floorEngine} />
        </MemoryRouter>,
      );
    const ownPage = page(serviceProvidersFrom(settings), undefined);
    const remotePage = page(serviceProvidersFrom(remote), floorEngineProviderFrom(remote));

    const remoteWords = pageWords(remotePage);
    expect(remoteWords).toContain(
      `Your photo is sent to ${engineCompany}, whose service finds the floor in it and draws the new floor for us. It gets the photo and the spots you tap to fix the floor, not your name or e-mail address, and we get back only the picture with the new floor: no information about anyone in the photo. Our own software does not look for faces, recognise anyone or measure anyone's face or body.`,
    );
    expect(remoteWords).not.toContain(OWN_ENGINE_WORDS);
    expect(remoteWords).not.toContain('so we hold no biometric information about you');
    expect(remoteWords).toContain(
      `Floor drawing (${engineCompany}): receives each room photo, with the spots you tap to fix the floor, finds the floor in it and draws the new floor on it for us. It gets the photo, those spots, the wood to draw and whether to keep your rugs, not your name or e-mail address.`,
    );
    // What the http engine sends: the photo, with the style, a seed, the taps and the rug choice; no name, no e-mail.
    const httpEngine = readFileSync(
      resolve(REPOSITORY_ROOT, 'visualizer-processor/engine/http/http-floor-engine.ts'),
      'utf8',
    );
    expect([...httpEngine.matchAll(/searchParams\.set\('(\w+)'/g)].map(([, name]) => name)).toEqual([
      'style',
      'seed',
      'taps',
      'keepRugs',
    ]);
    expect(httpEngine).toContain('const body = await encodeJpeg(photo, 92);');
    expect(pageWords(ownPage)).toContain(OWN_ENGINE_WORDS);
    expect(pageWords(ownPage)).not.toMatch(/Floor drawing|Your photo is sent to/);

    // The retention table's row on the request's files (session 20): the service makes no map of the room, and the
    // one map kept is the floor the processor works out from the pixels the service changed (changedPixels).
    expect(remoteWords).toContain(
      `Your room photo as we show it, each floor ${engineCompany} drew on it, and the map of the floor our software worked out from it`,
    );
    expect(remoteWords).not.toMatch(/map[^.]* of the room|maps of the floor and room/);
    expect(httpEngine).toContain('floor ??= changedPixels(photo, pixels);');
    expect(pageWords(ownPage)).toContain(
      'Your room photo as we show it, each floor we drew on it, and the maps of the floor and room our software made',
    );

    // check:deployment's line, on each page against each processor.
    expect(floorEngineOutcome({ engine: 'offline' }, ownPage).ok).toBe(true);
    expect(floorEngineOutcome({ engine: 'http', engineProvider: engineCompany }, remotePage).ok).toBe(true);
    expect(floorEngineOutcome({ engine: 'http', engineProvider: engineCompany }, ownPage)).toEqual({
      ok: false,
      detail: `the processor sends every photo to ${engineCompany}, but the privacy page says the site's own software finds the floor: rebuild the site with VITE_VISUALIZER_ENGINE_PROVIDER_NAME=${engineCompany}`,
    });
    expect(floorEngineOutcome({ engine: 'http', engineProvider: 'Another AI' }, remotePage).ok).toBe(false);
    expect(floorEngineOutcome({ engine: 'offline' }, remotePage).ok).toBe(false);
    expect(floorEngineOutcome({ engine: 'http' }, remotePage).ok).toBe(false);
    expect(floorEngineOutcome({}, ownPage).ok).toBe(false);
    expect(floorEngineOutcome({ engine: 'offline' }, undefined).ok).toBe(false);
  });

  it('lists every service provider by what it does, named as the configuration names it', async () => {
    renderRoute('/privacy');
    const providers = within(
      await screen.findByRole('list', { name: 'Companies that handle your information for us' }),
    );
    expect(providers.getAllByRole('listitem')).toHaveLength(serviceProviders.length);
    expect(providers.getByText('Database and file storage (Supabase):')).toBeInTheDocument();

    const named = serviceProvidersFrom({
      VITE_SITE_HOST_NAME: 'Netlify',
      VITE_SERVICES_HOST_NAME: 'Render',
      VITE_EMAIL_PROVIDER_NAME: 'Postmark',
      VITE_OFFICE_EMAIL_PROVIDER_NAME: 'Google Workspace',
    });
    render(
      <MemoryRouter>
        <PrivacyPage providers={named} />
      </MemoryRouter>,
    );
    const list = within(screen.getAllByRole('list', { name: 'Companies that handle your information for us' })[1]!);
    expect(list.getAllByRole('listitem').map((item) => item.querySelector('strong')!.textContent)).toEqual([
      'Database and file storage (Supabase):',
      'Web hosting (Netlify):',
      'Application hosting (Render):',
      'E-mail delivery (Postmark):',
      'Office e-mail (Google Workspace):',
    ]);
  });

  // The New Jersey Data Privacy Act's notice names the categories of those the data goes to (N.J.S.A.
  // 56:8-166.6(a)(3)); the office's mailbox holds the staff copy of every form, every value typed, for as long as the
  // office keeps its correspondence, and its host was in no list (decision 032, session 25).
  it("names the company that hosts the office's mailbox, where the worker sends the office's copy of every form", async () => {
    renderRoute('/privacy');
    const providers = within(
      await screen.findByRole('list', { name: 'Companies that handle your information for us' }),
    );
    expect(providers.getByText('Office e-mail:').parentElement).toHaveTextContent(
      "Office e-mail: hosts our office's mailbox, where our copy of each form and each visualizer result arrives, and so does any e-mail you write to us. It keeps them for as long as we keep them as our correspondence with you.",
    );
    // The worker sends every staff copy to STAFF_INBOX, a mailbox someone hosts.
    expect(readFileSync(resolve(REPOSITORY_ROOT, 'email-worker/src/email-worker-config.ts'), 'utf8')).toContain(
      'STAFF_INBOX: z.email()',
    );
    const named = serviceProvidersFrom({ VITE_OFFICE_EMAIL_PROVIDER_NAME: ' Fastmail ' });
    expect(named.find(({ kind }) => kind === 'Office e-mail')?.name).toBe('Fastmail');
    expect(
      serviceProvidersFrom({ VITE_OFFICE_EMAIL_PROVIDER_NAME: '' }).find(({ kind }) => kind === 'Office e-mail')?.name,
    ).toBeUndefined();
  });

  // "We don't collect your location" said more than the page does (decision 032, session 25). A photo the browser
  // cannot open is sent as it is but for its GPS position, which the page blanks in the file (decision 025, session
  // 25): the place is taken out of every photo, so the sentence has no exception; the camera and time still go.
  it('says where the place a photo was taken goes, and what still goes with a photo the browser cannot open', async () => {
    renderRoute('/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    const collect = section('What we collect and why');
    expect(collect).not.toHaveTextContent(/We don.t collect your location/);
    expect(photoUpload.sendsMetadata).toBe(false);
    expect(collect).toHaveTextContent(
      "We don't ask where you are, and the page takes the place a photo was taken out of it before sending it. We don't",
    );
    expect(collect).not.toHaveTextContent(/exception/);
    const photos = section('Your room photos').textContent!;
    expect(photos.includes('hidden details included')).toBe(false);
    expect(photos.includes('with the place it was taken blanked out but its other hidden details')).toBe(
      photoUpload.undecodableSentAsChosen,
    );

    // What the page does with such a file (prepare-photo.ts): an iPhone HEIC with a position goes without it, its
    // camera kept.
    const exif = (await sharp(resolve(FIXTURE_DIR, 'room-gps.jpg')).metadata()).exif!;
    const heic = heicWithExif(readFileSync(resolve(FIXTURE_DIR, HEIC_FIXTURE)), exif);
    const latitude = Buffer.alloc(24);
    [39, 1, 48, 1, 3000, 100].forEach((value, index) => latitude.writeUInt32LE(value, index * 4));
    expect(heic.includes(latitude)).toBe(true);
    const sent = Buffer.from(fileWithoutPosition(heic).bytes);
    expect(sent.includes(latitude)).toBe(false);
    expect(sent.toString('latin1')).toContain('FixturePhone');
  });

  // The application host's processor is reached by the visitor's browser not only with the photo: the result's wood
  // picks, fixes and rug choice are calls to the same webhook URL, and the e-mails' unsubscribe links open its page
  // (decision 024). "They see your internet address when you send the photo" left those out (decision 032, session 32).
  it("says every time the application host sees your internet address: the photo, the result's choices, an unsubscribe link", async () => {
    renderRoute('/privacy');
    const providers = within(
      await screen.findByRole('list', { name: 'Companies that handle your information for us' }),
    );
    const host = providers.getByText('Application hosting:').parentElement!;
    expect(host).toHaveTextContent('write our e-mails and answer their unsubscribe links.');
    expect(host).toHaveTextContent(
      'they see your internet address when you send the photo, when you pick a wood, fix the floor or choose what happens to your rugs on the result, and when you open an unsubscribe link.',
    );
    const source = (path: string) => readFileSync(resolve(REPOSITORY_ROOT, path), 'utf8');
    for (const call of ['record-wood-choice.ts', 'request-floor-correction.ts', 'start-processing.ts']) {
      expect(source(`src/features/visualizer/api/${call}`)).toContain('getSiteEnv().VITE_VISUALIZER_WEBHOOK_URL');
    }
    expect(source('visualizer-processor/src/processor-server.ts')).toContain('path === UNSUBSCRIBE_PATH');
  });

  // The database host is the other company the visitor's browser reaches itself: each form is sent to it, the result
  // page reads its row from it, and every picture, on the page or in an e-mail, is one of its signed links.
  it('says the database host sees your internet address: the forms, the result and its pictures come from it', async () => {
    renderRoute('/privacy');
    const providers = within(
      await screen.findByRole('list', { name: 'Companies that handle your information for us' }),
    );
    expect(providers.getByText('Database and file storage (Supabase):').parentElement).toHaveTextContent(
      'Your browser sends the forms to it and loads your result and its pictures from it (as does a mail program showing the pictures in our e-mails), so it sees your internet address then and keeps its own logs of those requests.',
    );
    const source = (path: string) => readFileSync(resolve(REPOSITORY_ROOT, path), 'utf8');
    expect(source('src/lib/supabase-client.ts')).toContain('createClient(VITE_SUPABASE_URL');
    expect(source('visualizer-processor/src/image-storage.ts')).toContain('/object/sign/');
  });

  // "Application hosting ... so does what you type into a form": the e-mail worker it runs writes the office's copy
  // of each form from the stored row, every value the visitor typed in it. A staff e-mail that left values out would
  // make the words say more than happens; a form whose values went nowhere near it would make them wrong.
  it("says what passes through the application host: every value a form sends is in the office's e-mail the worker writes", async () => {
    const host = serviceProviders.find(({ kind }) => kind === 'Application hosting')!;
    expect(host.does).toContain('Your photo passes through them, and so does what you type into a form');
    const typed = {
      name: 'Quinn Tapper',
      customer_name: 'Quinn Tapper',
      email: 'quinn.tapper@example.com',
      phone: '(856) 555-0177',
      message: 'Two bedrooms of white oak',
      brokerage: 'Haddon Realty Group',
      instagram: '@quinnsellshomes',
      company: 'Kings Highway Flips',
      investment_focus: 'Duplexes in Collingswood',
    } as const;
    const created_at = new Date('2026-11-30T15:00:00Z');
    const visualizer = {
      status: 'completed',
      original_image_url: null,
      processed_image_url: null,
      failure_reason: null,
      rug_choice: null,
      rug_share: null,
      rug_choices_used: 0,
    };
    const staffEmailOf = {
      contacts: ['staff_contact', { table: 'contacts', id: '1', created_at, ...typed }],
      leads: ['staff_guide', { table: 'leads', id: '2', created_at, ...typed }],
      realtors: ['staff_realtor', { table: 'realtors', id: '3', created_at, ...typed }],
      investors: ['staff_investor', { table: 'investors', id: '4', created_at, ...typed }],
      floor_visualizer_requests: [
        'staff_visualizer',
        { table: 'floor_visualizer_requests', id: '5', created_at, ...typed, ...visualizer },
      ],
    } as const;
    const tables = ['contacts', 'leads', 'realtors', 'investors', 'floor_visualizer_requests'] as const;
    const context = {
      business,
      siteUrl: 'https://floors.example',
      staffInbox: 'office@floors.example',
      guidePdf: async () => Buffer.alloc(0),
    };
    for (const [index, { form, sends }] of whatEachFormCollects.entries()) {
      const [kind, row] = staffEmailOf[tables[index]!];
      const { text } = await composeEmail(kind, row as unknown as LeadRecord, null, context);
      const typedValues = sends.filter((value): value is keyof typeof typed => value in typed);
      expect(typedValues.length, form).toBeGreaterThan(0);
      for (const value of typedValues) expect(text, `${form}: ${value}`).toContain(typed[value]);
    }
    // Session 24: it said "which our e-mails to you and to our office repeat", while the e-mails to the visitor repeat
    // nothing typed (anyone can type anyone's address: compose-email.ts's visitorEmail).
    expect(host.does).toContain("which our office's copy repeats (our e-mails to you repeat none of it)");
    const visitorEmailOf = {
      contacts: 'estimate_confirmation',
      leads: 'guide',
      realtors: 'realtor_welcome',
      investors: 'investor_welcome',
      floor_visualizer_requests: 'visualizer_result',
    } as const;
    const pictures = {
      original_image_url: 'https://storage.example/original.jpg',
      processed_image_url: 'https://storage.example/render-1/natural-white-oak.jpg',
    };
    for (const [index, { form, sends }] of whatEachFormCollects.entries()) {
      const table = tables[index]!;
      const [, row] = staffEmailOf[table];
      const { text, html, subject } = await composeEmail(
        visitorEmailOf[table],
        { ...row, ...pictures } as unknown as LeadRecord,
        typed.email,
        context,
        { unsubscribeLink: 'https://processor.floors.example/unsubscribe?token=t' },
      );
      for (const value of sends.filter((value): value is keyof typeof typed => value in typed))
        for (const words of [subject, text, html]) expect(words, `${form}: ${value}`).not.toContain(typed[value]);
    }
  });

  // The bucket is private and the processor signs links that end at visualizerImagesExpireAt (decision 022; public
  // URLs refused: tests/integration/visualizer-processor.test.ts, e2e/visitor-data.spec.ts).
  it('says the links to the pictures stop working when the pictures are deleted, as the signed links do', async () => {
    // Where the links are: the row the result page reads, the visitor's result e-mail and the staff notification,
    // which carries the same Before/After links (email-worker/src/messages/compose-email.test.ts).
    renderRoute('/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    const sent = new Date('2026-11-28T12:00:00Z');
    expect(visualizerImagesExpireAt(sent).getTime() - sent.getTime()).toBe(
      dataRetention.visualizerImagesDays * 86_400_000,
    );
    // The result page reads its own row back by the request's id (its status and these links; decision 002): "cannot
    // read them back" was untrue of that row. What is typed is what the public key cannot read back
    // (tests/integration/privacy-notice.test.ts; session 20).
    expect(section('Who can see it')).toHaveTextContent(
      'Our staff. The site can add to our records but cannot read back what anyone typed into them: nobody can look up what someone else sent through it.',
    );
    expect(section('Who can see it')).toHaveTextContent(
      `The pictures of your room are kept in private storage. They open only through the links on your result page, in our e-mail to you and in our office's copy of the result, which contain a long random code nobody can guess and stop working when the pictures are deleted, ${days(dataRetention.visualizerImagesDays)} after you sent the photo.`,
    );
  });

  it("names the map's host as the one the map is loaded from", async () => {
    renderRoute('/privacy');
    expect(new URL(mapEmbedUrl).hostname).toBe('www.openstreetmap.org');
    expect(
      await screen.findByText(/The map on the home page is loaded from OpenStreetMap only when/),
    ).toBeInTheDocument();
  });

  it('names the one thing the site keeps in the browser, as the app leaves it there', async () => {
    sessionStorage.clear();
    localStorage.clear();
    renderRoute('/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    // The router's <ScrollRestoration> (root-layout.tsx) saves where each page was scrolled to as the page is left. Its
    // pagehide listener is added in an effect, which under load may come after the heading: left again until it is.
    await waitFor(() => {
      window.dispatchEvent(new Event('pagehide'));
      expect(Object.keys(sessionStorage)).toEqual(['react-router-scroll-positions']);
    });
    expect(localStorage).toHaveLength(0);
    expect(document.cookie).toBe('');
    expect(section('What we collect and why')).toHaveTextContent(
      'The site sets no cookies and uses no analytics or advertising trackers. The one thing it keeps in your browser is how far down you had scrolled on each page you opened, so that Back takes you to the same place; your browser keeps that for the tab only (session storage) and forgets it when you close the tab.',
    );
  });

  it('promises the office-inbox copies are deleted by hand, the first step of the checklist data:forget prints', async () => {
    renderRoute('/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    expect(section('How long we keep it')).toHaveTextContent(
      'The e-mails about your request in our office inbox are kept as our correspondence with you; when you ask us to delete your data, we delete them by hand.',
    );
    expect(section('Your rights, and how to use them')).toHaveTextContent(
      'the copies in our office inbox we delete by hand.',
    );
    expect(deletionStepsByHand[0]).toMatch(/^Office inbox: delete the staff notifications about this visitor/);
    expect(section('How long we keep it')).not.toHaveTextContent(/deleted with the rest when you ask/);
  });

  it('says which forms ask for a phone and which offer marketing texts, as their payloads do', async () => {
    renderRoute('/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    expect('phone_consent_version' in contactRequestSchema.shape).toBe(true);
    expect('phone_consent_version' in realtorApplicationSchema.shape).toBe(true);
    expect('phone_consent_version' in investorApplicationSchema.shape).toBe(true);
    expect('marketing_texts_consent' in investorApplicationSchema.shape).toBe(true);
    expect('marketing_texts_consent' in realtorApplicationSchema.shape).toBe(false);
    expect(section('Calls and texts')).toHaveTextContent(
      `The ${listInWords(['free estimate form', 'realtor referral program', 'investor partner program'])} forms ask for your phone number.`,
    );
    expect(section('Calls and texts')).toHaveTextContent(
      'only if you ticked the box for them on the investor partner program form',
    );
    expect(phoneConsent.callsAndTexts).toContain('Agreeing is not a condition of buying anything.');
  });

  it('says the site sends no texts, which holds while no provider and no package of ours can send one', async () => {
    renderRoute('/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    expect(section('Calls and texts')).toHaveTextContent(
      'This website sends no texts itself: any text from us is sent by our staff.',
    );
    expect(section('Calls and texts')).toHaveTextContent(
      `To stop texts, reply STOP to any of them or tell us in any other way (a reply in your own words, an e-mail, a call), and we stop, within ${privacyRequests.textOptOutWithinBusinessDays} business days at the latest.`,
    );
    // The FCC's ceiling for honouring a revoked consent (47 CFR 64.1200(a)(10)); a longer promise would break it.
    expect(privacyRequests.textOptOutWithinBusinessDays).toBeLessThanOrEqual(10);
    for (const { kind, does } of serviceProviders) expect(`${kind} ${does}`).not.toMatch(/\b(texts?|sms)\b/i);
    // A texting company's library in any of the repository's packages would make "sends no texts" a guess.
    const textingLibraries =
      /twilio|vonage|nexmo|plivo|telnyx|messagebird|sinch|bandwidth|clicksend|textmagic|client-sns|client-pinpoint|sms/i;
    for (const manifest of PACKAGE_MANIFESTS) {
      const { dependencies = {}, devDependencies = {} } = JSON.parse(
        readFileSync(resolve(REPOSITORY_ROOT, manifest), 'utf8'),
      ) as {
        dependencies?: Record<string, string>;
        devDependencies?: Record<string, string>;
      };
      expect(
        Object.keys({ ...dependencies, ...devDependencies }).filter((name) => textingLibraries.test(name)),
        manifest,
      ).toEqual([]);
    }
  });

  it('names the marketing e-mails, the ones the e-mail worker sends with an unsubscribe link', async () => {
    renderRoute('/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    expect([...MARKETING_EMAIL_KINDS]).toEqual(['guide', 'realtor_welcome', 'investor_welcome']);
    expect(marketingEmailsInWords).toEqual([
      'the free guide',
      'the realtor program welcome',
      'the investor program welcome',
    ]);
    expect(section('Your rights, and how to use them')).toHaveTextContent(
      `Our marketing e-mails (${listInWords(marketingEmailsInWords)}) each have an unsubscribe link, which opens a page with one button to press (many mail programs also show an Unsubscribe button of their own): that stops them for that address for good, even if it asks for the guide again later, and our answers to your estimate and visualizer requests still reach you.`,
    );
    // Session 23: it said "one click stops them", where the link opens the processor's page and its button is the
    // click (a GET changes nothing: decision 024), as the e-mails now say too.
    expect(section('Your rights, and how to use them')).not.toHaveTextContent('one click');
  });

  it('states the answer periods, how to ask and how to appeal', async () => {
    renderRoute('/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    const rights = within(section('Your rights, and how to use them'));
    for (const right of [
      'to see it',
      'to correct it',
      'to delete it',
      'for a copy of it',
      'to stop sending you marketing texts or e-mails',
    ]) {
      expect(rights.getByText(new RegExp(right))).toBeInTheDocument();
    }
    expect(section('Your rights, and how to use them')).toHaveTextContent(
      `We answer within ${days(privacyRequests.answerWithinDays)}.`,
    );
    expect(section('Your rights, and how to use them')).toHaveTextContent(
      `at most ${days(privacyRequests.extensionDays)} more`,
    );
    expect(section('Your rights, and how to use them')).toHaveTextContent(
      `answers within ${days(privacyRequests.appealAnswerWithinDays)}`,
    );
    // How the site answers Do Not Track (California's CalOPPA asks every notice to say) and Global Privacy Control:
    // it tracks nobody (no cookie, no other host asked for anything: e2e/prerendered-pages.spec.ts), so it reads neither.
    expect(section('Your rights, and how to use them')).toHaveTextContent(
      'Nor do we follow you over time or across other websites, so a browser\'s "Do Not Track" or Global Privacy Control signal has nothing here to switch off: the site works the same with it or without it.',
    );
    expect(rights.getByRole('link', { name: privacyRequests.regulator.name })).toHaveAttribute(
      'href',
      privacyRequests.regulator.url,
    );
    expect(rights.getByRole('link', { name: business.email })).toHaveAttribute('href', `mailto:${business.email}`);
    expect(rights.getByRole('link', { name: business.phone })).toHaveAttribute('href', business.phoneHref);
  });

  it('names the business with its postal address, and is in effect from the date of its last change', async () => {
    renderRoute('/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    expect(section('Who we are')).toHaveTextContent(`${business.name}, ${business.postalAddress}.`);
    const effective = screen.getByText(/^In effect from:/);
    expect(effective.querySelector('time')).toHaveAttribute('dateTime', LEGAL_PAGES_LAST_CHANGED);
    expect(section('Changes to this page')).toHaveTextContent('in effect from the date at the top');
  });

  it('no longer says what is not true', async () => {
    renderRoute('/privacy');
    const main = await screen.findByRole('main');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    // The throttle keeps internet addresses and the hosts keep logs; office-inbox copies are deleted by hand.
    expect(main).not.toHaveTextContent(/We only have what you type/);
    expect(main).not.toHaveTextContent(/deleted with the rest when you ask/);
    expect(main).not.toHaveTextContent(/never shared/);
    // The original photo goes when its picture is made: the processing step says that takes a few seconds.
    expect(main).not.toHaveTextContent(/a minute or two/);
    expect(main).toHaveTextContent('Only until the picture is made, which usually takes a few seconds.');
  });
});
