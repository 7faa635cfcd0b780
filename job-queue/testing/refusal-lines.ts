import { SettingsRefused } from '../service-settings.ts';

/** The lines a service prints when `read` refuses its settings; fails the test when they are taken. */
export function refusalLines(read: () => unknown): string[] {
  try {
    read();
  } catch (error) {
    if (error instanceof SettingsRefused) return error.message.split('\n');
    throw error;
  }
  throw new Error('the settings were taken');
}
