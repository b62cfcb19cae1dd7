import { describe, expect, it } from "vitest";
import { authEventScript } from "./auth-channel";

describe("authEventScript", () => {
  it("announces the event on the auth channel the other tabs listen to", () => {
    const sent: unknown[] = [];
    let closed = false;
    class FakeChannel {
      constructor(readonly name: string) {
        expect(name).toBe("mylawyer-auth");
      }
      postMessage(message: unknown) {
        sent.push(message);
      }
      close() {
        closed = true;
      }
    }
    new Function("BroadcastChannel", authEventScript("SIGNED_OUT"))(FakeChannel);
    expect(sent).toEqual(["SIGNED_OUT"]);
    expect(closed).toBe(true);
  });
});
