import { describe, expect, it } from "vitest";
import { notificationText } from "./notification-text";

describe("notificationText", () => {
  it("strips inline tags and keeps their text", () => {
    expect(
      notificationText("<strong>Grace Kim</strong> assigned you the task <em>Collect signed lease</em>"),
    ).toBe("Grace Kim assigned you the task Collect signed lease");
  });

  it("keeps words apart where a line break or block element separated them", () => {
    expect(notificationText("Hearing moved<br/>to Monday")).toBe("Hearing moved to Monday");
    expect(notificationText("<p>First</p><p>Second</p>")).toBe("First Second");
  });

  it("decodes the basic entities", () => {
    expect(notificationText("Hartwell &amp; Okafor &lt;LLP&gt; said &quot;yes&quot; &#39;today&#39;")).toBe(
      `Hartwell & Okafor <LLP> said "yes" 'today'`,
    );
  });

  it("decodes once, so an escaped entity stays an entity", () => {
    expect(notificationText("&amp;lt;b&amp;gt;")).toBe("&lt;b&gt;");
  });

  it("leaves escaped markup as text instead of removing or running it", () => {
    expect(notificationText("&lt;script&gt;alert(1)&lt;/script&gt;")).toBe("<script>alert(1)</script>");
  });

  it("removes scripts' tags, attributes and comments", () => {
    expect(
      notificationText('<a href="/x" onclick="steal()">Open</a><!-- note --> <img src=x onerror=alert(1)>'),
    ).toBe("Open");
  });

  it("keeps a lone less-than sign and other entities", () => {
    expect(notificationText("2 < 3 &nbsp;&copy;")).toBe("2 < 3 &nbsp;&copy;");
  });

  it("collapses whitespace and trims", () => {
    expect(notificationText("  Case\n\t<b> CASE-1 </b>  updated ")).toBe("Case CASE-1 updated");
  });

  it("gives an empty string for an empty title", () => {
    expect(notificationText("")).toBe("");
  });
});
