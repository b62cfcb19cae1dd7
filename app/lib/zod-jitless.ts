import { z } from "zod";

// Zod compiles object parsers with `new Function` when it may; under the app's CSP (no
// 'unsafe-eval') its probe for that is reported as a violation even though it is caught.
// Every module that builds a schema imports `z` from here, never from "zod" (zod-jitless.test.ts
// holds that), so ES module order runs this before any schema exists, on whatever page loads one.
z.config({ jitless: true });

export { z };
