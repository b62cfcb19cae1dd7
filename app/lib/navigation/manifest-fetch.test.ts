import { describe, expect, it, vi } from "vitest";
import { sharedManifestFetch } from "./manifest-fetch";

const MANIFEST = "http://app.test/__manifest?paths=%2Fdashboard&version=1";

describe("sharedManifestFetch", () => {
  it("sends one request for identical discovery requests in flight, each caller reading its own answer", async () => {
    let answer: (response: Response) => void = () => {};
    const network = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    const routerFetch = sharedManifestFetch(network);
    const first = routerFetch(new Request(MANIFEST), { type: "manifest" });
    const second = routerFetch(new Request(MANIFEST), { type: "manifest" });
    answer(Response.json({ "routes/dashboard/index": { id: "routes/dashboard/index" } }));
    const bodies = await Promise.all([(await first).json(), (await second).json()]);
    expect(network).toHaveBeenCalledOnce();
    expect(bodies[0]).toEqual(bodies[1]);
  });

  it("asks again once the answer is in, and never shares other paths or data requests", async () => {
    const network = vi.fn(async () => Response.json({}));
    const routerFetch = sharedManifestFetch(network);
    await routerFetch(new Request(MANIFEST), { type: "manifest" });
    await routerFetch(new Request(MANIFEST), { type: "manifest" });
    const other = routerFetch(new Request(`${MANIFEST}&x`), { type: "manifest" });
    const data = routerFetch(new Request("http://app.test/dashboard.data"), { type: "loader" } as never);
    const again = routerFetch(new Request("http://app.test/dashboard.data"), { type: "loader" } as never);
    await Promise.all([other, data, again]);
    expect(network).toHaveBeenCalledTimes(5);
  });
});
