/**
 * Runs the e-mail worker alone: `npm run serve:email-worker` after `npm run build:services` (as a host runs it), or
 * npx tsx email-worker/src/main.ts (settings in email-worker/README.md).
 */
import type { AddressInfo } from 'node:net';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { DEPLOYMENT_CHECK_UNSUBSCRIBE_TASK, SEND_EMAIL_TASK } from '../../job-queue/task-identifiers.ts';
import { startJobRunner } from '../../job-queue/start-job-runner.ts';
import { settingDigests } from '../../job-queue/setting-digests.ts';
import { serviceBuildCommit } from '../../contracts/build-stamp.ts';
import { describeError } from '../../job-queue/redact.ts';
import { refuseToStart } from '../../job-queue/service-settings.ts';
import { checkQueueHealth, createHealthServer } from '../../job-queue/queue-health.ts';
import { readBusinessFacts } from '../../src/config/business.ts';
import { businessEnvSchema } from '../../src/config/settings.ts';
import { EMAIL_WORKER_SERVICE, readEmailWorkerConfig, type EmailWorkerConfig } from './email-worker-config.ts';
import { renderGuidePdf } from './guide/render-guide-pdf.ts';
import { createDeploymentCheckLinkTask } from './deployment-check-link-task.ts';
import { createOutboundEmailRepository } from './outbound-email-repository.ts';
import { createSendEmailTask } from './send-email-task.ts';

let config: EmailWorkerConfig;
try {
  config = readEmailWorkerConfig();
} catch (error) {
  refuseToStart(EMAIL_WORKER_SERVICE, error);
}

const business = readBusinessFacts(process.env);
const db = new pg.Pool({ connectionString: config.DATABASE_URL, max: config.DATABASE_POOL_SIZE });
// A Postgres restart drops idle connections; the pool replaces them, it must not crash the process.
db.on('error', (error) => console.log(`email worker: idle database connection lost (${describeError(error)})`));
// A connection dropped while checked out (Postgres restarting) surfaces on the query using it; this keeps the
// client's own 'error' event from crashing the process meanwhile.
db.on('connect', (client) => client.on('error', () => undefined));

/** How this worker reaches its SMTP server, as the deployment check is told (no password). */
const smtp = {
  host: config.SMTP_HOST,
  login: !!config.SMTP_USER,
  // In production a login never crosses the network in plain text: without TLS from the first byte, STARTTLS is a must.
  tls: config.SMTP_SECURE === 'true' ? 'implicit' : config.production && !!config.SMTP_USER ? 'required' : 'if offered',
} as const;
const transport = nodemailer.createTransport({
  host: config.SMTP_HOST,
  port: config.SMTP_PORT,
  secure: smtp.tls === 'implicit',
  auth: config.SMTP_USER ? { user: config.SMTP_USER, pass: config.SMTP_PASSWORD ?? '' } : undefined,
  requireTLS: smtp.tls === 'required',
  connectionTimeout: 15_000,
  greetingTimeout: 15_000,
  socketTimeout: 30_000,
});

let guidePdf: Promise<Buffer> | undefined;
const sending = {
  repository: createOutboundEmailRepository(db),
  mailFrom: config.MAIL_FROM,
  unsubscribeUrl: config.UNSUBSCRIBE_URL,
  context: {
    business,
    siteUrl: config.SITE_URL,
    staffInbox: config.STAFF_INBOX,
    guidePdf: () => (guidePdf ??= renderGuidePdf({ business, siteUrl: config.SITE_URL })),
  },
};
const runner = await startJobRunner({
  service: 'email-worker',
  db,
  concurrency: config.EMAIL_WORKER_CONCURRENCY,
  // What shapes its e-mails and where they go, as digests: check:deployment compares every live instance's.
  settings: settingDigests({
    SMTP_HOST: config.SMTP_HOST,
    SMTP_PORT: config.SMTP_PORT,
    SMTP_USER: config.SMTP_USER,
    SMTP_SECURE: config.SMTP_SECURE,
    MAIL_FROM: config.MAIL_FROM,
    STAFF_INBOX: config.STAFF_INBOX,
    SITE_URL: config.SITE_URL,
    UNSUBSCRIBE_URL: config.UNSUBSCRIBE_URL,
    ...businessEnvSchema().parse(process.env),
    // The commit it runs: check:deployment wants the site's (a stale deploy of either), and all instances' the same.
    BUILD: serviceBuildCommit(import.meta.url),
  }),
  taskList: {
    [SEND_EMAIL_TASK]: createSendEmailTask({ ...sending, transport }),
    // The deployment check's unsubscribe link, made with the same settings as every e-mail's (nothing is sent).
    // And whether the SMTP server takes this worker's login (nothing is sent).
    [DEPLOYMENT_CHECK_UNSUBSCRIBE_TASK]: createDeploymentCheckLinkTask(sending, db, () => transport.verify(), smtp),
  },
});
const healthServer = createHealthServer(() => checkQueueHealth(db, () => runner.poolId()));
await new Promise<void>((resolve, reject) => {
  healthServer.once('error', reject);
  healthServer.listen(config.PORT, config.HOST, resolve);
});
console.log(
  `email worker running (SMTP ${config.SMTP_HOST}:${config.SMTP_PORT}, ${config.EMAIL_WORKER_CONCURRENCY} at a time, ${config.DATABASE_POOL_SIZE} database connections at most; health on http://${config.HOST}:${(healthServer.address() as AddressInfo).port}/healthz)`,
);

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`email worker stopping (${signal}); finishing the e-mails in flight`);
  healthServer.close();
  healthServer.closeAllConnections();
  await runner.stop();
  transport.close();
  await db.end();
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
