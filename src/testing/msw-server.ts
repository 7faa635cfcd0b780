import { setupServer } from 'msw/node';

/** One MSW server for all component tests; each test declares the calls it expects with server.use(...). */
export const server = setupServer();
