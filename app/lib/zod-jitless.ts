import { z } from "zod";

// Zod compiles object parsers with `new Function` when it may; under the app's CSP (no
// 'unsafe-eval') its probe for that is reported as a violation even though it is caught.
// Imported first by root.tsx, whose module the browser runs before any route's or the entry's.
z.config({ jitless: true });
