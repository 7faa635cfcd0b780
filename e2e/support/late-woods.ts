/**
 * The end-to-end stack's processor says the later woods of a request from a mailbox at this domain were not made as
 * soon as its default wood is shown (VISUALIZER_LATE_WOODS_TEST_DOMAIN, refused in production), as its 90 s bound
 * does for a slow render, and adds them when they are laid: a journey sees woods come after "not made in time" in
 * seconds. Every other request of the run keeps the 90 s bound.
 */
export const LATE_WOODS_TEST_DOMAIN = 'late-woods.test';
