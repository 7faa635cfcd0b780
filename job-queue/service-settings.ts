import type { z } from 'zod';

/**
 * A service's settings that stop its start. Each problem is one line naming the setting, so a host's log shows
 * what to fix without a stack trace (`<service> refuses to start: <SETTING> ...`).
 */
export class SettingsRefused extends Error {
  constructor(
    readonly service: string,
    readonly problems: string[],
  ) {
    super(problems.map((problem) => `${service} refuses to start: ${problem}`).join('\n'));
  }
}

/** Production is NODE_ENV=production (the image sets it): no friendly defaults for what would be unsafe there. */
export const isProduction = (env: NodeJS.ProcessEnv): boolean => env.NODE_ENV === 'production';

/** A setting with nothing in it (unset or blank) counts as not set. */
export const isUnset = (env: NodeJS.ProcessEnv, name: string): boolean => !env[name]?.trim();

/** One line per invalid setting, naming it: "X is not set" for a missing one, "X: <what is wrong>" otherwise. */
export function settingProblems(error: z.ZodError, env: NodeJS.ProcessEnv): string[] {
  return error.issues.map((issue) => {
    const name = issue.path.join('.');
    if (!name) return issue.message;
    return isUnset(env, name) ? `${name} is not set` : `${name}: ${issue.message}`;
  });
}

/** Prints the lines of a refused start (or any error reading the settings) and exits 1. */
export function refuseToStart(service: string, error: unknown): never {
  console.error(error instanceof SettingsRefused ? error.message : `${service} refuses to start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

/**
 * A connection string the job queue cannot work through: Supabase's transaction pooler (port 6543) hands each
 * statement to any connection, so graphile-worker's LISTEN never hears a new job and its locks do not hold.
 */
export function databaseUrlProblem(databaseUrl: string): string | undefined {
  try {
    const url = new URL(databaseUrl);
    if (url.port === '6543' && url.hostname.endsWith('.pooler.supabase.com')) {
      return "DATABASE_URL is Supabase's transaction pooler (port 6543): the job queue needs the session pooler (port 5432) or the direct connection";
    }
  } catch {
    // pg reads some strings URL does not (an unescaped character in the password): it says so itself if it cannot.
  }
  return undefined;
}
