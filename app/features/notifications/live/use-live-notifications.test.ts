// @vitest-environment jsdom
import { act, createElement } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { NotificationItem } from "../notifications";
import type { NotificationRow } from "./notification-row";
import type { SubscribeToNotificationsOptions } from "./subscribe";
import {
  type LiveNotificationsOptions,
  needsSanitizing,
  REALTIME_TOKEN_PATH,
  useLiveNotifications,
} from "./use-live-notifications";

const loaded = vi.hoisted(() => ({ sanitizer: false }));
vi.mock("../sanitize.client", async (importOriginal) => {
  loaded.sanitizer = true;
  return importOriginal();
});

const subscriptions: { options: SubscribeToNotificationsOptions; unsubscribe: ReturnType<typeof vi.fn> }[] =
  [];

vi.mock("./subscribe", () => ({
  subscribeToNotifications: (options: SubscribeToNotificationsOptions) => {
    const unsubscribe = vi.fn();
    subscriptions.push({ options, unsubscribe });
    return unsubscribe;
  },
}));

const ROW: NotificationRow = {
  id: "20000000-0000-4000-8000-000000000001",
  user_id: "user-a",
  title: '<img src=x onerror="alert(1)"><b>Hearing</b> moved <a href="javascript:alert(1)">here</a>',
  type: "appointment",
  category: null,
  is_unread: true,
  created_at: "2026-11-23T10:00:00.000Z",
  avatar_url: "/avatars/1.png",
};

function Live(props: LiveNotificationsOptions) {
  useLiveNotifications(props);
  return null;
}

let container: HTMLDivElement;
let root: Root;

async function render(props: LiveNotificationsOptions): Promise<void> {
  await act(async () => root.render(createElement(Live, props)));
}

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  subscriptions.length = 0;
  container = document.createElement("div");
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  vi.unstubAllGlobals();
});

const base = { url: "http://127.0.0.1:54321", apiKey: "anon-key" };

describe("useLiveNotifications", () => {
  // Runs first: no test before it has loaded the sanitiser.
  it("subscribes only once the browser is idle and loads the sanitiser only for a title with markup, keeping the rows' order", async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal("requestIdleCallback", (task: () => void) => idle.push(task));
    vi.stubGlobal("cancelIdleCallback", vi.fn());
    const received: NotificationItem[] = [];
    await render({ ...base, userId: "user-a", onInsert: (item) => received.push(item) });
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(subscriptions).toHaveLength(0);
    expect(idle).toHaveLength(1);

    await act(async () => idle[0]?.());
    await vi.waitFor(() => expect(subscriptions).toHaveLength(1));
    subscriptions[0]?.options.onInsert({ ...ROW, id: "plain", title: "Hearing moved" });
    await vi.waitFor(() => expect(received).toHaveLength(1));
    expect(received[0]?.title).toBe("Hearing moved");
    expect(loaded.sanitizer).toBe(false);

    subscriptions[0]?.options.onInsert({ ...ROW, id: "markup" });
    subscriptions[0]?.options.onInsert({ ...ROW, id: "plain-after", title: "Then this" });
    // Loading DOMPurify takes a while on a busy machine.
    await vi.waitFor(() => expect(received).toHaveLength(3), { timeout: 10_000 });
    expect(loaded.sanitizer).toBe(true);
    expect(received.map((item) => item.id)).toEqual(["plain", "markup", "plain-after"]);
    expect(received[1]?.title).toBe(
      '<b>Hearing</b> moved <a target="_blank" rel="noopener noreferrer nofollow">here</a>',
    );
  });

  it("does not subscribe when unmounted before the browser was idle", async () => {
    const cancel = vi.fn();
    vi.stubGlobal("requestIdleCallback", () => 7);
    vi.stubGlobal("cancelIdleCallback", cancel);
    await render({ ...base, userId: "user-a", onInsert: vi.fn() });
    await act(async () => root.render(null));
    expect(cancel).toHaveBeenCalledWith(7);
    expect(subscriptions).toHaveLength(0);
  });

  it("counts a title as needing the sanitiser when it could hold markup", () => {
    expect(needsSanitizing("Hearing moved to 3 pm")).toBe(false);
    expect(needsSanitizing("<b>Hearing</b>")).toBe(true);
    expect(needsSanitizing("Smith &amp; Co")).toBe(true);
  });

  it("subscribes after mount and hands over each row in the app's shape with a sanitised title", async () => {
    const received: NotificationItem[] = [];
    await render({ ...base, userId: "user-a", onInsert: (item) => received.push(item) });
    await vi.waitFor(() => expect(subscriptions).toHaveLength(1));
    expect(subscriptions[0]?.options).toMatchObject({ ...base, userId: "user-a" });

    subscriptions[0]?.options.onInsert(ROW);
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 10_000 });
    expect(received).toEqual([
      {
        id: ROW.id,
        title: '<b>Hearing</b> moved <a target="_blank" rel="noopener noreferrer nofollow">here</a>',
        type: "appointment",
        category: null,
        isUnread: true,
        createdAt: ROW.created_at,
        avatarUrl: "/avatars/1.png",
        event: null,
        params: {},
        link: null,
      },
    ]);
  });

  it("passes on what happened, its parameters and a link only when it is a path on the site", async () => {
    const received: NotificationItem[] = [];
    await render({
      ...base,
      userId: "user-a",
      since: "2026-11-23T09:00:00.000Z",
      onInsert: (item) => received.push(item),
    });
    await vi.waitFor(() => expect(subscriptions).toHaveLength(1));
    // The instant the page's list was read: the subscription catches up from it (item 26).
    expect(subscriptions[0]?.options.since).toBe("2026-11-23T09:00:00.000Z");
    const event = {
      event: "proposal_submitted",
      params: { person: "Lina", reference: "CASE-1", title: "T" },
    };
    subscriptions[0]?.options.onInsert({ ...ROW, ...event, link: "/dashboard/case/1" });
    subscriptions[0]?.options.onInsert({ ...ROW, ...event, link: "//evil.test/x" });
    await vi.waitFor(() => expect(received).toHaveLength(2));
    expect(received.map((item) => [item.event, item.params, item.link])).toEqual([
      [event.event, event.params, "/dashboard/case/1"],
      [event.event, event.params, null],
    ]);
  });

  it("always calls the latest onInsert without subscribing again", async () => {
    const first = vi.fn();
    const second = vi.fn();
    await render({ ...base, userId: "user-a", onInsert: first });
    await vi.waitFor(() => expect(subscriptions).toHaveLength(1));
    await render({ ...base, userId: "user-a", onInsert: second });
    subscriptions[0]?.options.onInsert(ROW);
    await vi.waitFor(() => expect(second).toHaveBeenCalledOnce());
    expect(first).not.toHaveBeenCalled();
    expect(subscriptions).toHaveLength(1);
  });

  it("unsubscribes when the user changes and subscribes for the new one", async () => {
    await render({ ...base, userId: "user-a", onInsert: vi.fn() });
    await vi.waitFor(() => expect(subscriptions).toHaveLength(1));
    await render({ ...base, userId: "user-b", onInsert: vi.fn() });
    await vi.waitFor(() => expect(subscriptions).toHaveLength(2));
    expect(subscriptions[0]?.unsubscribe).toHaveBeenCalledOnce();
    expect(subscriptions[1]?.options.userId).toBe("user-b");
    expect(subscriptions[1]?.unsubscribe).not.toHaveBeenCalled();
  });

  it("unsubscribes on unmount", async () => {
    await render({ ...base, userId: "user-a", onInsert: vi.fn() });
    await vi.waitFor(() => expect(subscriptions).toHaveLength(1));
    await act(async () => root.render(null));
    expect(subscriptions[0]?.unsubscribe).toHaveBeenCalledOnce();
  });

  it("subscribes to nothing without a user", async () => {
    await render({ ...base, userId: null, onInsert: vi.fn() });
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(subscriptions).toHaveLength(0);
  });

  it("gets the token from the app's server: the token, null when signed out, an error otherwise", async () => {
    await render({ ...base, userId: "user-a", onInsert: vi.fn() });
    await vi.waitFor(() => expect(subscriptions).toHaveLength(1));
    const getAccessToken = subscriptions[0]?.options.getAccessToken;
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal("fetch", fetchMock);

    fetchMock.mockResolvedValueOnce(json(200, { accessToken: "jwt", expiresAt: 1 }));
    await expect(getAccessToken?.()).resolves.toBe("jwt");
    expect(fetchMock).toHaveBeenLastCalledWith(
      REALTIME_TOKEN_PATH,
      expect.objectContaining({ cache: "no-store" }),
    );

    fetchMock.mockResolvedValueOnce(json(401, { error: "User not authenticated" }));
    await expect(getAccessToken?.()).resolves.toBeNull();

    fetchMock.mockResolvedValueOnce(json(502, {}));
    await expect(getAccessToken?.()).rejects.toThrow("502");
  });
});
