/**
 * How long a unit test waits for something that arrives in its own time: a lazily loaded route, dialog or step (its
 * chunk transformed by the test runner the first time a file asks for it), a dynamic import, a replayed click. A hang
 * guard, not a speed check (speed is `npm run bench`'s): findBy and waitFor return as soon as the thing is there. At
 * load ~20 on the 2 cores, a lazy dialog and a lazy route took over the 5 s this used to be (legal-pages.test.tsx,
 * session 15); it stays under the unit project's 120 s test timeout, so a wait that runs out still names what it
 * waited for.
 */
export const LAZY_ARRIVAL_TIMEOUT_MS = 30_000;
