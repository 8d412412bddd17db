/** What the page may know about the service in use: never the key, only its last four characters. */
export type PublicServiceInfo = {
  mode: "demo" | "service";
  /** Endpoints the next request will try, in order (one once auto mode has found the form). */
  endpoints: string[];
  formSetting: "auto" | "host" | "api";
  /** The key's last four characters ("" for a short key): shown as ••••abcd. */
  keyHint: string;
  /** A real service is configured and the demo models are routed to the demo service too. */
  demoAlongside: boolean;
  demoModels: string[];
  /**
   * Every endpoint this server may call (each base form of the configured service, and of the demo
   * service when it runs): the only URLs a copied command may name (see commandUrlFor).
   */
  knownEndpoints: string[];
};
