/**
 * The evaluation commands read their options by name from the arguments, so a misspelt one (`--per-photos`, or
 * `--cache=DIR` for `--cache DIR`) used to be ignored without a word: a run of minutes went by without what was asked
 * (no network passes kept, no per-photo lines). This says what is wrong with the arguments, or null: the first one
 * that is no option of the command, or an option that takes a value given none (after a space, or after "=" for the
 * options written that way).
 */
export function optionProblem(
  args: readonly string[],
  options: {
    values: readonly string[];
    switches: readonly string[];
    /** Options written with their value after "=" (`--sides=2048,1600`), as eval:upload-size reads them. */
    joined?: readonly string[];
  },
): string | null {
  const joined = options.joined ?? [];
  for (let at = 0; at < args.length; at++) {
    const arg = args[at]!;
    if (!arg.startsWith('--') || options.switches.includes(arg)) continue;
    const name = arg.split('=')[0]!;
    if (joined.includes(name)) {
      if (arg.length <= name.length + 1) return `${name} needs a value after "=" (${name}=...).`;
      continue;
    }
    if (!options.values.includes(arg)) return `Unknown option "${arg}".`;
    const value = args[at + 1];
    if (value === undefined || value.startsWith('--')) return `${arg} needs a value.`;
    at++;
  }
  return null;
}
