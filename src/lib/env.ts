import * as z from 'zod/mini';

/**
 * The site's connection settings, parsed once. They are public by design (the anon key is meant for
 * browsers); the service key is never a VITE_ variable, so it cannot reach this bundle.
 */
const siteEnvSchema = z.object({
  VITE_SUPABASE_URL: z.url({ message: 'VITE_SUPABASE_URL must be the Supabase project URL (run `npm start` locally)' }),
  // The publishable key (sb_publishable_…) or the legacy anon JWT; never the secret key, which bypasses RLS.
  VITE_SUPABASE_ANON_KEY: z.string().check(
    z.minLength(20, 'VITE_SUPABASE_ANON_KEY must be the publishable key (sb_publishable_…) or the legacy anon key'),
    z.refine(
      (key) => !key.startsWith('sb_secret_'),
      'VITE_SUPABASE_ANON_KEY is a secret key (sb_secret_…): use the publishable key',
    ),
  ),
  VITE_VISUALIZER_WEBHOOK_URL: z.url({ message: 'VITE_VISUALIZER_WEBHOOK_URL must be the visualizer processor URL' }),
});

export type SiteEnv = z.infer<typeof siteEnvSchema>;

let parsed: SiteEnv | undefined;

export function getSiteEnv(): SiteEnv {
  if (parsed) return parsed;
  const result = siteEnvSchema.safeParse(import.meta.env);
  if (!result.success) {
    throw new Error(`The site is missing its settings: ${result.error.issues.map((i) => i.message).join('; ')}`);
  }
  parsed = result.data;
  return parsed;
}
