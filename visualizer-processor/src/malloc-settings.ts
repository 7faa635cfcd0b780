/**
 * The glibc malloc settings the processor runs with. glibc reads them from the environment once, as the process
 * starts, so they are the environment's: the image (Dockerfile), `npm start` (local-stack/stack.ts) and the engine
 * bench give them, and a host that starts the processor itself should too (README, "Memory"). Elsewhere (musl,
 * macOS) they mean nothing and do nothing.
 */
export const PROCESSOR_MALLOC_SETTINGS = {
  /**
   * Two arenas: each libuv thread otherwise gets its own, and sharp's freed JPEG buffers stay in them, about 30 MB
   * per 5 MP image encoded.
   */
  MALLOC_ARENA_MAX: '2',
  /**
   * Blocks up to 32 MB (glibc's largest allowed) come from the arenas and are reused once freed, rather than each
   * mapped fresh and unmapped when freed: on the development machine, a virtual machine, every new page costs a
   * fault of several microseconds, and a 12 MP photo's run faulted in some 52,000 pages (the network's threads
   * 25,000 of them: ONNX Runtime allocates each run's tensors anew). Decision 051.
   */
  MALLOC_MMAP_THRESHOLD_: String(32 * 1024 * 1024),
  /**
   * Freed memory at the top of an arena is given back to the system only beyond 256 MB, so the next buffer reuses
   * its pages. Needed with the setting above: a fixed mmap threshold stops glibc raising this one (128 KB) by itself.
   */
  MALLOC_TRIM_THRESHOLD_: String(256 * 1024 * 1024),
  /**
   * The arenas' memory advised for transparent huge pages (glibc 2.35 and later; where the kernel offers them only
   * when asked, as on the development machine): a 2 MB page faults in once, not 512 times.
   */
  GLIBC_TUNABLES: 'glibc.malloc.hugetlb=1',
} as const satisfies Record<string, string>;

/** The settings for a processor started with `environment`, each one the environment already gives kept. */
export function processorMallocEnvironment(environment: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return Object.fromEntries(Object.entries(PROCESSOR_MALLOC_SETTINGS).map(([name, value]) => [name, environment[name] ?? value]));
}
