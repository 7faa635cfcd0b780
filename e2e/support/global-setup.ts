import { startSiteUnderTest } from '../../tests/support/site-under-test';
import { LATE_WOODS_TEST_DOMAIN } from './late-woods';

/** Every journey comes from 127.0.0.1, so the run allows more writes per address than production does. */
const E2E_THROTTLE_MAX_WRITES = 10_000;

export default async function globalSetup() {
  // Read by the stack's processor, which inherits this environment.
  process.env.VISUALIZER_LATE_WOODS_TEST_DOMAIN = LATE_WOODS_TEST_DOMAIN;
  const site = await startSiteUnderTest({ throttleMaxWrites: E2E_THROTTLE_MAX_WRITES });
  // Workers inherit the environment the global setup leaves behind.
  process.env.E2E_BASE_URL = site.siteUrl;
  process.env.E2E_SUPABASE_URL = site.stack.url;
  process.env.E2E_SERVICE_ROLE_KEY = site.stack.serviceRoleKey;
  process.env.E2E_STORAGE_DIR = site.stack.storageDir;
  process.env.E2E_BUILD_DIR = site.buildDir;
  process.env.E2E_ANON_KEY = site.stack.anonKey;
  process.env.E2E_MAIL_INBOX_URL = site.stack.mailCatcher!.webUrl;
  // The database as its owner: for journeys that need what only a scheduled job does (the retention job).
  process.env.E2E_DATABASE_URL = site.stack.superuserUrl;
  return () => site.stop();
}
