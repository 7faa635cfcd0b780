import { describe, expect, it } from 'vitest';
import { refusalLines } from '../../job-queue/testing/refusal-lines.ts';
import { readProcessorConfig } from './processor-config.ts';

const required = {
  SUPABASE_URL: 'https://project.supabase.co',
  SUPABASE_SERVICE_ROLE_KEY: 'sb_secret_example',
  DATABASE_URL: 'postgres://postgres@db.example:5432/postgres',
};
const production = { ...required, NODE_ENV: 'production', VISUALIZER_STORAGE: 'supabase', ALLOWED_ORIGINS: 'https://www.floors.example' };

const refusal = (env: NodeJS.ProcessEnv) => refusalLines(() => readProcessorConfig(env));

describe('the processor settings', () => {
  it('keeps the friendly defaults in development: local storage, any origin', () => {
    const config = readProcessorConfig({ ...required, NODE_ENV: 'development' });
    expect(config).toMatchObject({ VISUALIZER_STORAGE: 'local', allowedOrigins: ['*'], production: false });
  });

  it('takes a production deployment that sets storage and the site origin', () => {
    expect(readProcessorConfig(production)).toMatchObject({ production: true, VISUALIZER_STORAGE: 'supabase', allowedOrigins: ['https://www.floors.example'] });
  });

  it('refuses to start in production without VISUALIZER_STORAGE, one line naming it', () => {
    const { VISUALIZER_STORAGE: _storage, ...env } = production;
    expect(refusal(env)).toEqual([expect.stringMatching(/^visualizer processor refuses to start: VISUALIZER_STORAGE is not set: set it to supabase/)]);
  });

  it('refuses local storage in production unless both folders are named', () => {
    expect(refusal({ ...production, VISUALIZER_STORAGE: 'local', VISUALIZER_UPLOAD_DIR: '/srv/uploads' })).toEqual([
      'visualizer processor refuses to start: VISUALIZER_STORAGE_DIR is not set: VISUALIZER_STORAGE=local needs a folder this service can write',
    ]);
  });

  it('refuses any origin in production, and no origin at all', () => {
    expect(refusal({ ...production, ALLOWED_ORIGINS: 'https://www.floors.example,*' })).toEqual([
      "visualizer processor refuses to start: ALLOWED_ORIGINS is *: any web page could post photos; set it to the site's origin (e.g. https://www.example.com)",
    ]);
    const { ALLOWED_ORIGINS: _origins, ...env } = production;
    expect(refusal(env)).toEqual([expect.stringMatching(/^visualizer processor refuses to start: ALLOWED_ORIGINS is not set/)]);
  });

  it('refuses an origin a browser never sends, in any mode', () => {
    expect(refusal({ ...required, ALLOWED_ORIGINS: 'https://www.floors.example/' })).toEqual([
      'visualizer processor refuses to start: ALLOWED_ORIGINS: "https://www.floors.example/" is not a web origin (http(s)://host[:port], no path and no trailing slash)',
    ]);
  });

  it('refuses an address of another scheme than http(s) in every URL setting: a javascript: SITE_URL is a link run by a click', () => {
    for (const value of ['javascript:alert(document.cookie)', 'data:text/html,<script>alert(1)</script>', 'file:///etc/passwd', 'ftp://floors.example']) {
      for (const name of ['SITE_URL', 'SUPABASE_URL', 'VISUALIZER_ENGINE_URL']) {
        expect(refusal({ ...production, [name]: value }), `${name}=${value}`).toEqual([`visualizer processor refuses to start: ${name}: must be an http:// or https:// address`]);
      }
    }
    // ftp:// and ws:// have origins of their own (URL's origin is the address itself), which the origin test alone took.
    for (const value of ['ftp://floors.example', 'ws://floors.example', 'javascript:alert(1)']) {
      expect(refusal({ ...production, ALLOWED_ORIGINS: value }), `ALLOWED_ORIGINS=${value}`).toEqual([
        `visualizer processor refuses to start: ALLOWED_ORIGINS: "${value}" is not a web origin (http(s)://host[:port], no path and no trailing slash)`,
      ]);
    }
    expect(readProcessorConfig({ ...production, SITE_URL: 'http://127.0.0.1:5173', VISUALIZER_ENGINE_URL: 'http://engine:8080/render' }).siteUrl).toBe('http://127.0.0.1:5173');
  });

  // Decision 040: the privacy page says who handles visitors' photos from the site's build setting
  // VITE_VISUALIZER_ENGINE_PROVIDER_NAME (this repository's engine, or the company named); the processor's engine must
  // be the one it describes.
  it("refuses in production an external engine whose company the privacy page would not name, and a company named for the processor's own engine", () => {
    const http = { ...production, VISUALIZER_ENGINE: 'http', VISUALIZER_ENGINE_URL: 'https://floors-ai.example/render' };
    expect(refusal(http)).toEqual([
      "visualizer processor refuses to start: VISUALIZER_ENGINE is http but VITE_VISUALIZER_ENGINE_PROVIDER_NAME is not set: every visitor's photo would go to a company the privacy page does not name; set it to that company's name, here and in the site's build",
    ]);
    expect(refusal({ ...http, VITE_VISUALIZER_ENGINE_PROVIDER_NAME: '  ' })).toHaveLength(1);
    expect(readProcessorConfig({ ...http, VITE_VISUALIZER_ENGINE_PROVIDER_NAME: ' Floors AI Inc. ' })).toMatchObject({
      VISUALIZER_ENGINE: 'http',
      VITE_VISUALIZER_ENGINE_PROVIDER_NAME: 'Floors AI Inc.',
    });
    expect(refusal({ ...production, VITE_VISUALIZER_ENGINE_PROVIDER_NAME: 'Floors AI Inc.' })).toEqual([
      "visualizer processor refuses to start: VITE_VISUALIZER_ENGINE_PROVIDER_NAME names Floors AI Inc., but VISUALIZER_ENGINE is offline: the privacy page built with it says every photo goes to Floors AI Inc.; unset it, here and in the site's build, or set VISUALIZER_ENGINE=http",
    ]);
    expect(readProcessorConfig({ ...production, VITE_VISUALIZER_ENGINE_PROVIDER_NAME: '' }).VITE_VISUALIZER_ENGINE_PROVIDER_NAME).toBeUndefined();
    // Off production (a developer trying a service), as the other production rules.
    const { NODE_ENV: _mode, ...development } = http;
    expect(readProcessorConfig(development).VISUALIZER_ENGINE).toBe('http');
  });

  it('refuses in production the end-to-end setting that says later woods were not made at once, and takes only a .test domain', () => {
    expect(refusal({ ...production, VISUALIZER_LATE_WOODS_TEST_DOMAIN: 'late-woods.test' })).toEqual([
      'visualizer processor refuses to start: VISUALIZER_LATE_WOODS_TEST_DOMAIN is a test setting (the later woods of that domain\'s requests said not made at once); unset it',
    ]);
    const { NODE_ENV: _mode, ...development } = production;
    expect(readProcessorConfig({ ...development, VISUALIZER_LATE_WOODS_TEST_DOMAIN: ' Late-Woods.test ' }).VISUALIZER_LATE_WOODS_TEST_DOMAIN).toBe('late-woods.test');
    expect(readProcessorConfig({ ...development, VISUALIZER_LATE_WOODS_TEST_DOMAIN: '' }).VISUALIZER_LATE_WOODS_TEST_DOMAIN).toBeUndefined();
    // A real domain would shorten real visitors' woods.
    expect(refusal({ ...development, VISUALIZER_LATE_WOODS_TEST_DOMAIN: 'gmail.com' })).toEqual([
      'visualizer processor refuses to start: VISUALIZER_LATE_WOODS_TEST_DOMAIN: must be a domain ending in .test (a test setting)',
    ]);
  });

  it('names a missing database setting on its own line', () => {
    const { DATABASE_URL: _database, ...env } = production;
    expect(refusal(env)).toEqual(['visualizer processor refuses to start: DATABASE_URL is not set']);
    expect(refusal({ ...production, DATABASE_URL: 'mysql://db' })).toEqual(['visualizer processor refuses to start: DATABASE_URL: must be a postgres:// connection string']);
    expect(refusal({ ...production, DATABASE_URL: 'postgres://postgres.ref:pw@aws-0-us-east-1.pooler.supabase.com:6543/postgres' })).toEqual([
      "visualizer processor refuses to start: DATABASE_URL is Supabase's transaction pooler (port 6543): the job queue needs the session pooler (port 5432) or the direct connection",
    ]);
  });

  it("names the site for the unsubscribe page's way back: SITE_URL, else the first allowed origin, else the local site", () => {
    expect(readProcessorConfig({ ...production, SITE_URL: 'https://floors.example' }).siteUrl).toBe('https://floors.example');
    expect(readProcessorConfig({ ...production, ALLOWED_ORIGINS: 'https://www.floors.example,https://floors.example' }).siteUrl).toBe('https://www.floors.example');
    expect(readProcessorConfig({ ...required, NODE_ENV: 'development' }).siteUrl).toBe('http://127.0.0.1:5173');
    expect(refusal({ ...production, SITE_URL: 'www.floors.example' })).toEqual([expect.stringMatching(/^visualizer processor refuses to start: SITE_URL: /)]);
  });

  it("reads the business facts its pages name from the site's own settings, and refuses a registration number that is not one", () => {
    const config = readProcessorConfig({ ...production, VITE_BUSINESS_NAME: 'Haddon Floorworks', VITE_BUSINESS_PHONE: '(856) 555-0142' });
    expect(config.business).toMatchObject({ name: 'Haddon Floorworks', phone: '(856) 555-0142', phoneHref: 'tel:8565550142' });
    expect(readProcessorConfig(production).business.registrationLine).toBe('NJ Home Improvement Contractor Reg. No. 13VH00000000');
    expect(refusal({ ...production, VITE_BUSINESS_NJ_HIC_REGISTRATION: '12345' })).toEqual([
      'visualizer processor refuses to start: VITE_BUSINESS_NJ_HIC_REGISTRATION must be the New Jersey home improvement contractor registration number: 13VH and 8 digits, like 13VH01234567',
    ]);
  });
});
