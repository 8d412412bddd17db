/** Where the e2e servers keep their share libraries (one data folder each; git-ignored). */
export const E2E_DATA_DIR = ".e2e-data";

/** Where the e2e suite runs its servers: two playgrounds (demo, and configured against the fake) and the fake service. */
export const E2E = {
  demoPort: 3100,
  servicePort: 3101,
  fakePort: 4010,
  securedPort: 3102,
  /** A playground on the fake service with the demo models routed to the demo service beside it. */
  alongsidePort: 3103,
  /** Two instances on one PostgreSQL server, started by the spec that needs them. */
  postgresFirstPort: 3110,
  postgresSecondPort: 3111,
  /** Two instances on one PostgreSQL server sharing their limits. */
  limitsFirstPort: 3112,
  limitsSecondPort: 3113,
  /** Two instances on one PostgreSQL server drawing from one budget. */
  budgetFirstPort: 3114,
  budgetSecondPort: 3115,
  /** A password-protected playground of its own, for the sign-in throttle (its wrong guesses touch no other test). */
  throttlePort: 3130,
  /** A playground with a daily budget of its own (its spending touches no other test). */
  budgetedPort: 3131,
  /** A playground whose people sign in with an OpenID Connect provider the spec starts. */
  oidcPort: 3132,
  /** A playground keeping each person's library on the server (one spec's own). */
  libraryPort: 3133,
  /** Two instances on one PostgreSQL server keeping one library. */
  libraryFirstPort: 3134,
  librarySecondPort: 3135,
  /** People, their collections and roles: company sign-in with the library on. */
  collectionsPort: 3136,
  /** Batches run on the server: one spec's own, stopped with kill -9 and started again. */
  batchesPort: 3137,
  /** Playgrounds started by the production start command, one per server-lifecycle test. */
  lifecyclePorts: [3120, 3121, 3122, 3123, 3124] as const,
  /** The extra request fields the alongside playground allows. */
  extraFields: "seed,n,negative_prompt,quality",
  /** Prices the alongside playground estimates costs with. */
  prices: JSON.stringify({ "fake-b64": { per_image: 0.04 }, "fake-corpus-0": { per_image: 0.01, per_million_output_tokens: 40 } }),
  fakeKey: "e2e-fake-service-key-7f3a",
  password: "e2e-door-password-41c9",
  /** History cap of the configured playground (the demo one keeps the default). */
  historyMaxRuns: 4,
  /** History cap of the alongside playground: raised, for history at 10,000 runs. */
  largeHistoryMaxRuns: 20_000,
  /** Values that must never reach a browser nor a log line. */
  get secrets() {
    return [this.fakeKey, this.password];
  },
  get demoUrl() {
    return `http://127.0.0.1:${this.demoPort}`;
  },
  get serviceUrl() {
    return `http://127.0.0.1:${this.servicePort}`;
  },
  get securedUrl() {
    return `http://127.0.0.1:${this.securedPort}`;
  },
  get alongsideUrl() {
    return `http://127.0.0.1:${this.alongsidePort}`;
  },
  get fakeUrl() {
    return `http://127.0.0.1:${this.fakePort}`;
  },
};
