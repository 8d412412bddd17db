import * as z from "zod/mini";

// zod probes for eval support with `Function("")` when it builds an object schema, to parse
// faster. The page's CSP forbids eval, and a probe tripping the policy looks exactly like an
// attack in violation reports. Every module that builds a schema imports this file first.
z.config({ jitless: true });
