import { z } from "zod";

// Zod compiles object parsers with `new Function` when it may; under the app's CSP (no
// 'unsafe-eval') its probe for that is reported as a violation even though it is caught.
// Imported first by entry.client, before any schema exists.
z.config({ jitless: true });
