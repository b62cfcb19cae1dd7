/**
 * The little of Deno's API the functions' entry points use, so that the project's TypeScript
 * check covers them; under Deno the real declarations apply.
 */
declare namespace Deno {
  function serve(handler: (request: Request) => Response | Promise<Response>): unknown;
  const env: { get(name: string): string | undefined; toObject(): Record<string, string> };
}
