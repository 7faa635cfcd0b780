import type { TestProject } from 'vitest/node';
import { startThrowawayStack } from '../support/throwaway-stack';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: {
      url: string;
      /** PostgREST itself, behind no gateway: where a test sends headers exactly as an attacker would. */
      postgrestUrl: string;
      anonKey: string;
      serviceRoleKey: string;
      /** The same two roles' keys in the new format (sb_publishable_…, sb_secret_…). */
      publishableKey: string;
      secretKey: string;
      superuserUrl: string;
      webhookUrl: string;
      /** The visualizer processor itself, behind no gateway. */
      processorUrl: string;
      storageDir: string;
      /** The local mail catcher's web inbox (its JSON API is at api/messages). */
      mailInboxUrl: string;
      staffInbox: string;
      /** The settings the stack's e-mail worker runs with (for tests that run their own). */
      emailWorkerEnv: Record<string, string>;
    };
  }
}

/** Every test request comes from 127.0.0.1; the throttle test lowers this for its own addresses. */
export const TEST_THROTTLE_MAX_WRITES = 100_000;

export const TEST_STAFF_INBOX = 'staff-inbox@example.com';

/** One real stack (Postgres + PostgREST + processor + gateway) for the whole integration run. */
export default async function setup(project: TestProject) {
  const stack = await startThrowawayStack({
    throttleMaxWrites: TEST_THROTTLE_MAX_WRITES,
    staffInbox: TEST_STAFF_INBOX,
    siteUrl: 'http://site.test',
    log: (line) => process.env.STACK_LOG && console.log(line),
  });
  project.provide('stack', {
    url: stack.url,
    postgrestUrl: `http://127.0.0.1:${stack.ports.postgrest}`,
    anonKey: stack.anonKey,
    serviceRoleKey: stack.serviceRoleKey,
    publishableKey: stack.keys.publishable,
    secretKey: stack.keys.secret,
    superuserUrl: stack.superuserUrl,
    webhookUrl: stack.webhookUrl,
    processorUrl: `http://127.0.0.1:${stack.ports.processor}/`,
    storageDir: stack.storageDir,
    mailInboxUrl: stack.mailCatcher!.webUrl,
    staffInbox: TEST_STAFF_INBOX,
    emailWorkerEnv: stack.emailWorkerEnv,
  });
  return async () => {
    await stack.stop();
  };
}
