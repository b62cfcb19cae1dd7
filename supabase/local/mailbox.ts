import type { ServerResponse } from "node:http";
import type { Database, Queryable } from "./db.ts";
import { escapeHtml, HttpError, sendHtml, sendJson } from "./http.ts";

export type Mail = { to: string; subject: string; html: string; text: string };

type MailRow = {
  id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  links: string[];
  created_at: Date | string;
};

/** Extracts the href targets of a message, in order, without duplicates. */
export function linksOf(html: string): string[] {
  const links: string[] = [];
  for (const match of html.matchAll(/href="([^"]+)"/g)) {
    const link = (match[1] ?? "").replaceAll("&amp;", "&").replaceAll("&#38;", "&");
    if (!links.includes(link)) links.push(link);
  }
  return links;
}

/** Keeps an e-mail in the mailbox, in the caller's transaction (so a rolled-back sign-up sends nothing). */
export async function deliver(q: Queryable, mail: Mail): Promise<void> {
  await q.query(
    "insert into supabase_local.mailbox (recipient, subject, text_body, html_body, links) values ($1, $2, $3, $4, $5::jsonb)",
    [mail.to, mail.subject, mail.text, mail.html, JSON.stringify(linksOf(mail.html))],
  );
}

function toJson(row: MailRow) {
  return {
    id: row.id,
    to: row.recipient,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    links: row.links,
    created_at: new Date(row.created_at).toISOString(),
  };
}

async function listMail(db: Database, to: string | null, limit: number): Promise<MailRow[]> {
  const result = await db.tx(
    (q) =>
      q.query<MailRow>(
        `select id, recipient, subject, text_body, html_body, links, created_at from supabase_local.mailbox
         where $1::text is null or lower(recipient) = lower($1::text)
         order by created_at desc, id limit $2`,
        [to, limit],
      ),
    { readOnly: true },
  );
  return result.rows;
}

/** Serves /mailbox (HTML, newest first) and /mailbox/api/messages (JSON). */
export async function handleMailbox(
  db: Database,
  method: string,
  path: string,
  url: URL,
  res: ServerResponse,
): Promise<void> {
  const to = url.searchParams.get("to");
  if (path === "/mailbox/api/messages" && (method === "GET" || method === "HEAD")) {
    const rows = await listMail(db, to, 500);
    sendJson(res, 200, rows.map(toJson));
    return;
  }
  if (path === "/mailbox/api/messages" && method === "DELETE") {
    await db.tx((q) =>
      q.query(
        "delete from supabase_local.mailbox where $1::text is null or lower(recipient) = lower($1::text)",
        [to],
      ),
    );
    sendJson(res, 200, {});
    return;
  }
  if ((path === "/mailbox" || path === "/mailbox/") && method === "GET") {
    const rows = await listMail(db, to, 200);
    const items = rows
      .map(
        (row) => `<article>
  <header><h2>${escapeHtml(row.subject)}</h2>
  <p>To <strong>${escapeHtml(row.recipient)}</strong> · <time>${escapeHtml(new Date(row.created_at).toISOString())}</time></p></header>
  <div class="body">${row.html_body}</div>
</article>`,
      )
      .join("\n");
    sendHtml(
      res,
      200,
      `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Mailbox · supabase/local</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1a1b1e}
article{border:1px solid #ced4da;border-radius:8px;padding:1rem;margin:1rem 0}
header h2{margin:0 0 .25rem;font-size:1.1rem} header p{margin:0;color:#495057;font-size:.9rem}
.body{margin-top:.75rem} a{color:#1c7ed6}
</style></head>
<body><h1>Mailbox</h1>
<p>Every e-mail the local Auth server would have sent, newest first.${to ? ` Showing messages to ${escapeHtml(to)}.` : ""}</p>
<form method="get"><label>Recipient <input name="to" type="email" value="${escapeHtml(to ?? "")}"></label> <button>Filter</button></form>
${items || "<p>No messages yet.</p>"}
</body></html>`,
    );
    return;
  }
  throw new HttpError(404, { message: "no Route matched with those values" });
}
