import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@supabase/supabase-js";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { Database, Supabase } from "../../../app/lib/database.ts";
import { PUBLISHABLE_KEY_DEFAULT } from "../../../supabase/local/config.ts";
import { startLocalSupabase } from "../../../supabase/local/server.ts";
import { client, createUser, demo, keys, PASSWORD, service, signedIn, url } from "../helpers.ts";

type StorageFailure = { message: string; status?: number; statusCode?: string; code?: string };

/** The error a storage call returned, with the HTTP status and the body's statusCode. */
function failure(result: { error: unknown }): StorageFailure {
  expect(result.error).toBeTruthy();
  return result.error as StorageFailure;
}

function expectError(result: { error: unknown }, statusCode: string, message?: string | RegExp): void {
  const error = failure(result);
  expect(error.status).toBe(400);
  expect(error.statusCode).toBe(statusCode);
  if (typeof message === "string") expect(error.message).toBe(message);
  else if (message) expect(error.message).toMatch(message);
}

async function bytesOf(blob: Blob | null): Promise<Buffer> {
  expect(blob).toBeTruthy();
  return Buffer.from(await (blob as Blob).arrayBuffer());
}

/** A tiny valid PNG. */
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4f40000000049454e44ae426082",
  "hex",
);

describe("storage: objects as their owner", () => {
  it("uploads, lists, downloads, signs, fetches and removes byte-identical files in documents/<uid>/", async () => {
    const user = await createUser();
    const docs = user.client.storage.from("documents");
    const content = randomBytes(300_000);
    const path = `${user.id}/contracts/lease.bin`;

    const uploaded = await docs.upload(path, content, { contentType: "application/octet-stream" });
    expect(uploaded.error).toBeNull();
    expect(uploaded.data).toMatchObject({ path, fullPath: `documents/${path}` });
    expect(uploaded.data?.id).toMatch(/^[0-9a-f-]{36}$/);

    const listed = await docs.list(`${user.id}/contracts`);
    expect(listed.error).toBeNull();
    expect(listed.data).toHaveLength(1);
    expect(listed.data?.[0]).toMatchObject({ name: "lease.bin", id: uploaded.data?.id });
    expect(listed.data?.[0]?.metadata).toMatchObject({
      size: content.length,
      mimetype: "application/octet-stream",
      cacheControl: "max-age=3600",
      contentLength: content.length,
      httpStatusCode: 200,
    });
    expect(listed.data?.[0]?.metadata?.eTag).toMatch(/^"[0-9a-f]{32}"$/);

    const downloaded = await docs.download(path);
    expect(downloaded.error).toBeNull();
    expect((await bytesOf(downloaded.data)).equals(content)).toBe(true);

    const info = await docs.info(path);
    expect(info.error).toBeNull();
    expect(info.data).toMatchObject({ name: path, bucketId: "documents", size: content.length });
    expect((await docs.exists(path)).data).toBe(true);

    const signed = await docs.createSignedUrl(path, 60);
    expect(signed.error).toBeNull();
    const fetched = await fetch(signed.data?.signedUrl ?? "");
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(content)).toBe(true);
    const etag = fetched.headers.get("etag") ?? "";
    expect(etag).toBe(listed.data?.[0]?.metadata?.eTag);
    expect(fetched.headers.get("content-length")).toBe(String(content.length));
    expect(fetched.headers.get("last-modified")).toBeTruthy();

    // Conditional and partial requests on the same URL.
    const cached = await fetch(signed.data?.signedUrl ?? "", { headers: { "If-None-Match": etag } });
    expect(cached.status).toBe(304);
    const partial = await fetch(signed.data?.signedUrl ?? "", { headers: { Range: "bytes=10-19" } });
    expect(partial.status).toBe(206);
    expect(partial.headers.get("content-range")).toBe(`bytes 10-19/${content.length}`);
    expect(Buffer.from(await partial.arrayBuffer()).equals(content.subarray(10, 20))).toBe(true);
    const attachment = await docs.createSignedUrl(path, 60, { download: "my lease.bin" });
    const asFile = await fetch(attachment.data?.signedUrl ?? "");
    expect(asFile.headers.get("content-disposition")).toContain("attachment; filename=my%20lease.bin");
    await asFile.arrayBuffer();

    // A tampered token and a token for another path are refused.
    const token = new URL(signed.data?.signedUrl ?? "").searchParams.get("token") ?? "";
    const [head, payload, signature] = token.split(".");
    const flipped = `${signature?.[0] === "A" ? "B" : "A"}${signature?.slice(1)}`;
    const tampered = await fetch(
      `${url}/storage/v1/object/sign/documents/${path}?token=${head}.${payload}.${flipped}`,
    );
    expect(tampered.status).toBe(400);
    expect(await tampered.json()).toMatchObject({ statusCode: "400", message: "invalid signature" });
    const otherPath = await fetch(
      `${url}/storage/v1/object/sign/documents/${user.id}/other.bin?token=${token}`,
    );
    expect(otherPath.status).toBe(400);
    expect(await otherPath.json()).toMatchObject({ statusCode: "400", code: "InvalidSignature" });

    const batch = await docs.createSignedUrls([path, `${user.id}/missing.bin`], 60);
    expect(batch.error).toBeNull();
    expect(batch.data?.[0]).toMatchObject({ error: null, path });
    expect(batch.data?.[1]).toMatchObject({ path: `${user.id}/missing.bin`, signedUrl: null });
    expect(batch.data?.[1]?.error).toBeTruthy();

    const removed = await docs.remove([path]);
    expect(removed.error).toBeNull();
    expect(removed.data?.map((o) => o.name)).toEqual([path]);
    expectError(await docs.download(path), "404", "Object not found");
    const afterRemoval = await fetch(signed.data?.signedUrl ?? "");
    expect(afterRemoval.status).toBe(400);
    expect(await afterRemoval.json()).toMatchObject({ statusCode: "404", message: "Object not found" });
  });

  it("refuses a signed URL once it expired", async () => {
    const user = await createUser();
    const docs = user.client.storage.from("documents");
    const path = `${user.id}/short-lived.txt`;
    expect((await docs.upload(path, "soon gone")).error).toBeNull();
    const signed = await docs.createSignedUrl(path, 1);
    expect(signed.error).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const response = await fetch(signed.data?.signedUrl ?? "");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      statusCode: "400",
      code: "InvalidJWT",
      message: "jwt expired",
    });
  });

  it("stores Blob (multipart) uploads with their type, cache time and metadata", async () => {
    const user = await createUser();
    const docs = user.client.storage.from("documents");
    const path = `${user.id}/note.txt`;
    const uploaded = await docs.upload(path, new Blob(["Bonjour, maître"], { type: "text/plain" }), {
      cacheControl: "60",
      metadata: { case: "A-1" },
    });
    expect(uploaded.error).toBeNull();
    const info = await docs.info(path);
    expect(info.data).toMatchObject({
      contentType: "text/plain",
      cacheControl: "max-age=60",
      metadata: { case: "A-1" },
    });
    const downloaded = await docs.download(path);
    expect(await downloaded.data?.text()).toBe("Bonjour, maître");
  });

  it("upserts, refuses duplicates without upsert, and updates with PUT", async () => {
    const user = await createUser();
    const docs = user.client.storage.from("documents");
    const path = `${user.id}/draft.txt`;
    expect((await docs.upload(path, "v1", { contentType: "text/plain" })).error).toBeNull();
    const duplicate = await docs.upload(path, "v2", { contentType: "text/plain", upsert: false });
    expectError(duplicate, "409", "The resource already exists");
    expect((failure(duplicate) as unknown as { code?: string }).code).toBeTruthy();
    expect(await (await docs.download(path)).data?.text()).toBe("v1");
    expect((await docs.upload(path, "v3", { contentType: "text/plain", upsert: true })).error).toBeNull();
    expect(await (await docs.download(path)).data?.text()).toBe("v3");
    expect((await docs.update(path, "v4", { contentType: "text/plain" })).error).toBeNull();
    expect(await (await docs.download(path)).data?.text()).toBe("v4");
  });

  it("moves and copies within the owner's folder, not into someone else's", async () => {
    const user = await createUser();
    const other = await createUser();
    const docs = user.client.storage.from("documents");
    expect((await docs.upload(`${user.id}/a.txt`, "alpha")).error).toBeNull();
    expect((await docs.upload(`${user.id}/b.txt`, "beta")).error).toBeNull();

    const moved = await docs.move(`${user.id}/a.txt`, `${user.id}/archive/a.txt`);
    expect(moved.error).toBeNull();
    expect(moved.data).toEqual({ message: "Successfully moved" });
    expectError(await docs.download(`${user.id}/a.txt`), "404");
    expect(await (await docs.download(`${user.id}/archive/a.txt`)).data?.text()).toBe("alpha");

    const copied = await docs.copy(`${user.id}/archive/a.txt`, `${user.id}/a-copy.txt`);
    expect(copied.error).toBeNull();
    expect(copied.data).toEqual({ path: `documents/${user.id}/a-copy.txt` });
    expect(await (await docs.download(`${user.id}/a-copy.txt`)).data?.text()).toBe("alpha");
    expect(await (await docs.download(`${user.id}/archive/a.txt`)).data?.text()).toBe("alpha");

    expectError(await docs.move(`${user.id}/b.txt`, `${user.id}/a-copy.txt`), "409");
    expectError(await docs.move(`${user.id}/b.txt`, `${other.id}/b.txt`), "403");
    expectError(await docs.copy(`${user.id}/b.txt`, `${other.id}/b.txt`), "403");
    expectError(await docs.move(`${user.id}/missing.txt`, `${user.id}/x.txt`), "404", "Object not found");
    expect(await (await docs.download(`${user.id}/b.txt`)).data?.text()).toBe("beta");
  });

  it("uploads through a signed upload URL", async () => {
    const user = await createUser();
    const docs = user.client.storage.from("documents");
    const path = `${user.id}/via-signed-upload.txt`;
    const signed = await docs.createSignedUploadUrl(path);
    expect(signed.error).toBeNull();
    const anonymous = client().storage.from("documents");
    const uploaded = await anonymous.uploadToSignedUrl(path, signed.data?.token ?? "", "signed bytes", {
      contentType: "text/plain",
    });
    expect(uploaded.error).toBeNull();
    expect(await (await docs.download(path)).data?.text()).toBe("signed bytes");
    expectError(await docs.createSignedUploadUrl(`${demo.client.id}/not-mine.txt`), "403");
  });
});

describe("storage: row level security", () => {
  it("denies a user another user's private object with Supabase's error shapes", async () => {
    const owner = await createUser();
    const intruder = await createUser();
    const path = `${owner.id}/private.txt`;
    expect((await owner.client.storage.from("documents").upload(path, "secret")).error).toBeNull();
    const theirs = intruder.client.storage.from("documents");

    expectError(await theirs.download(path), "404", "Object not found");
    expect(failure(await theirs.download(path)).code ?? "NoSuchKey").toBe("NoSuchKey");
    expectError(await theirs.createSignedUrl(path, 60), "404", "Object not found");
    expectError(await theirs.info(path), "404", "Object not found");
    const listed = await theirs.list(owner.id);
    expect(listed.data).toEqual([]);
    const removed = await theirs.remove([path]);
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual([]);
    expectError(
      await theirs.upload(`${owner.id}/planted.txt`, "x"),
      "403",
      "new row violates row-level security policy",
    );
    expectError(await theirs.upload(path, "overwrite", { upsert: true }), "403");
    expect(await (await owner.client.storage.from("documents").download(path)).data?.text()).toBe("secret");
  });

  it("lets admins read any document", async () => {
    const owner = await createUser();
    const path = `${owner.id}/for-admin.txt`;
    expect((await owner.client.storage.from("documents").upload(path, "visible to admins")).error).toBeNull();
    const admin = await signedIn(demo.admin.email, PASSWORD);
    expect(await (await admin.storage.from("documents").download(path)).data?.text()).toBe(
      "visible to admins",
    );
  });

  it("denies anon the documents bucket", async () => {
    const owner = await createUser();
    const path = `${owner.id}/anon-cannot.txt`;
    expect((await owner.client.storage.from("documents").upload(path, "x")).error).toBeNull();
    const anon = client().storage.from("documents");
    expectError(
      await anon.upload(`${owner.id}/anon.txt`, "x"),
      "403",
      "new row violates row-level security policy",
    );
    expectError(await anon.download(path), "404", "Object not found");
    expect((await anon.list(owner.id)).data).toEqual([]);
    const publicUrl = anon.getPublicUrl(path).data.publicUrl;
    const response = await fetch(publicUrl);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: "404", message: "Bucket not found" });
    const legacyAnon = client(keys.anon).storage.from("documents");
    expectError(await legacyAnon.download(path), "404");
  });

  it("refuses an invalid or expired JWT", async () => {
    const forged = createClient<Database>(url, PUBLISHABLE_KEY_DEFAULT, {
      auth: { persistSession: false },
      global: { headers: { Authorization: `Bearer ${keys.anon.slice(0, -4)}AAAA` } },
    });
    expectError(await forged.storage.from("documents").list(""), "403", "invalid signature");
  });

  it("serves avatars publicly and refuses non-images", async () => {
    const user = await createUser();
    const avatars = user.client.storage.from("avatars");
    const path = `${user.id}/face.png`;
    expect((await avatars.upload(path, PNG, { contentType: "image/png" })).error).toBeNull();
    const publicUrl = avatars.getPublicUrl(path).data.publicUrl;
    const response = await fetch(publicUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await response.arrayBuffer()).equals(PNG)).toBe(true);
    const anonList = await client().storage.from("avatars").list(user.id);
    expect(anonList.data?.map((o) => o.name)).toEqual(["face.png"]);

    const text = await avatars.upload(`${user.id}/notes.txt`, "not an image", { contentType: "text/plain" });
    expectError(text, "415", /mime type text\/plain.* is not supported/);
    const blob = await avatars.upload(`${user.id}/notes2.txt`, new Blob(["x"], { type: "text/plain" }));
    expectError(blob, "415");
    expectError(await avatars.upload(`${demo.client.id}/face.png`, PNG, { contentType: "image/png" }), "403");
  });
});

describe("storage: uploads that could run script", () => {
  const SANDBOX = "default-src 'none'; sandbox";
  const script = "<script>document.title='pwned'</script>";
  const active = [
    {
      name: "page.html",
      type: "text/html",
      body: `<!doctype html><title>x</title>${script}`,
      served: "text/plain",
    },
    {
      name: "page.htm",
      type: "TEXT/HTML; charset=utf-8",
      body: `<html>${script}</html>`,
      served: "text/plain",
    },
    {
      name: "drawing.svg",
      type: "image/svg+xml",
      body: `<svg xmlns="http://www.w3.org/2000/svg">${script}</svg>`,
      served: "image/svg+xml",
    },
    {
      name: "page.xhtml",
      type: "application/xhtml+xml",
      body: `<html xmlns="http://www.w3.org/1999/xhtml">${script}</html>`,
      served: "application/xhtml+xml",
    },
    { name: "data.xml", type: "text/xml", body: `<x>${script}</x>`, served: "text/xml" },
    {
      name: "code.js",
      type: "application/javascript",
      body: "document.title='pwned'",
      served: "application/javascript",
    },
  ];

  it("serves HTML as text/plain and every active type sandboxed and unsniffed: public, authenticated and signed", async () => {
    const admin = service().storage;
    const bucket = `uploads-${Date.now()}`;
    expect((await admin.createBucket(bucket, { public: true })).error).toBeNull();
    const files = admin.from(bucket);
    for (const file of active) {
      const uploaded = await files.upload(file.name, Buffer.from(file.body), { contentType: file.type });
      expect(uploaded.error, file.name).toBeNull();
    }
    expect((await files.upload("face.png", PNG, { contentType: "image/png" })).error).toBeNull();
    const secret = { apikey: keys.secret };
    const urls = async (name: string) => {
      const signed = await files.createSignedUrl(name, 60);
      expect(signed.error).toBeNull();
      return {
        public: files.getPublicUrl(name).data.publicUrl,
        authenticated: `${url}/storage/v1/object/authenticated/${bucket}/${name}`,
        private: `${url}/storage/v1/object/${bucket}/${name}`,
        signed: signed.data?.signedUrl ?? "",
        render: `${url}/storage/v1/render/image/public/${bucket}/${name}`,
      };
    };
    for (const file of active) {
      // The image renderer reads images only: an active document is refused, never served.
      const rendered = await fetch((await urls(file.name)).render, { headers: secret });
      expect(rendered.status, `render ${file.name}`).toBe(400);
      expect(await rendered.json()).toMatchObject({ statusCode: "422", error: "ImageProcessingError" });
      const { render: _render, ...downloads } = await urls(file.name);
      for (const [mode, address] of Object.entries(downloads)) {
        for (const method of ["GET", "HEAD"]) {
          const response = await fetch(address, { method, headers: secret });
          const label = `${method} ${mode} ${file.name}`;
          expect(response.status, label).toBe(200);
          expect(response.headers.get("content-type"), label).toBe(file.served);
          expect(response.headers.get("content-security-policy"), label).toBe(SANDBOX);
          expect(response.headers.get("x-content-type-options"), label).toBe("nosniff");
        }
      }
    }
    // Revalidations (304) and ranges (206) carry the same protection.
    const { public: htmlUrl } = await urls("page.html");
    const first = await fetch(htmlUrl);
    const again = await fetch(htmlUrl, { headers: { "If-None-Match": first.headers.get("etag") ?? "" } });
    expect(again.status).toBe(304);
    expect(again.headers.get("content-security-policy")).toBe(SANDBOX);
    const part = await fetch(htmlUrl, { headers: { Range: "bytes=0-3" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-security-policy")).toBe(SANDBOX);
    expect(part.headers.get("content-type")).toBe("text/plain");

    // An image renders inline as before: no sandbox (it could not run script anyway), never sniffed.
    for (const [mode, address] of Object.entries(await urls("face.png"))) {
      const response = await fetch(address, { headers: secret });
      expect(response.status, mode).toBe(200);
      expect(response.headers.get("content-type"), mode).toBe("image/png");
      expect(response.headers.get("content-security-policy"), mode).toBeNull();
      expect(response.headers.get("x-content-type-options"), mode).toBe("nosniff");
    }
    // A download keeps its stored bytes.
    const downloaded = await files.download("drawing.svg");
    expect(await downloaded.data?.text()).toBe(active[2]?.body);
    expect((await admin.emptyBucket(bucket)).error).toBeNull();
    expect((await admin.deleteBucket(bucket)).error).toBeNull();
  });

  it("protects a user's own document the same way", async () => {
    const user = await createUser();
    const docs = user.client.storage.from("documents");
    const path = `${user.id}/evidence.svg`;
    const uploaded = await docs.upload(path, Buffer.from(active[2]?.body ?? ""), {
      contentType: "image/svg+xml",
    });
    expect(uploaded.error).toBeNull();
    const token = (await user.client.auth.getSession()).data.session?.access_token ?? "";
    const response = await fetch(`${url}/storage/v1/object/authenticated/documents/${path}`, {
      headers: { apikey: keys.publishable, Authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).toBe(SANDBOX);
    const signed = await docs.createSignedUrl(path, 60);
    const viaLink = await fetch(signed.data?.signedUrl ?? "");
    expect(viaLink.status).toBe(200);
    expect(viaLink.headers.get("content-security-policy")).toBe(SANDBOX);
    expect(viaLink.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

describe("storage: buckets", () => {
  it("creates, lists, gets, updates, empties and deletes buckets with the service role", async () => {
    const admin = service().storage;
    const id = `bucket-${Date.now()}`;
    const created = await admin.createBucket(id, {
      public: false,
      fileSizeLimit: 1024,
      allowedMimeTypes: ["text/*"],
    });
    expect(created.error).toBeNull();
    expect(created.data).toEqual({ name: id });
    expectError(await admin.createBucket(id, { public: false }), "409", "The resource already exists");

    const listed = await admin.listBuckets();
    expect(listed.data?.map((b) => b.id)).toEqual(expect.arrayContaining(["avatars", "documents", id]));
    const got = await admin.getBucket(id);
    expect(got.data).toMatchObject({
      id,
      name: id,
      public: false,
      file_size_limit: 1024,
      allowed_mime_types: ["text/*"],
    });

    const files = admin.from(id);
    expect((await files.upload("small.txt", "tiny", { contentType: "text/plain" })).error).toBeNull();
    const tooLarge = await files.upload("large.txt", "x".repeat(2048), { contentType: "text/plain" });
    expectError(tooLarge, "413", "The object exceeded the maximum allowed size");
    expectError(await files.upload("img.png", PNG, { contentType: "image/png" }), "415");

    const updated = await admin.updateBucket(id, {
      public: true,
      fileSizeLimit: "1MB",
      allowedMimeTypes: null,
    });
    expect(updated.error).toBeNull();
    expect((await admin.getBucket(id)).data).toMatchObject({
      public: true,
      // storage-api's units are decimal: 1MB is 1,000,000 bytes.
      file_size_limit: 1_000_000,
      allowed_mime_types: null,
    });
    expect((await files.upload("img.png", PNG, { contentType: "image/png" })).error).toBeNull();

    const refused = await admin.deleteBucket(id);
    expectError(refused, "409", "The bucket you tried to delete is not empty");
    expect((await admin.emptyBucket(id)).error).toBeNull();
    expect((await files.list()).data).toEqual([]);
    expect((await admin.deleteBucket(id)).error).toBeNull();
    expectError(await admin.getBucket(id), "404", "Bucket not found");
    expectError(await admin.deleteBucket(id), "404", "Bucket not found");
  });

  it("keeps bucket management from signed-in users (no policies on storage.buckets)", async () => {
    const user = await createUser();
    expectError(await user.client.storage.createBucket(`mine-${Date.now()}`), "403");
    expect((await user.client.storage.listBuckets()).data).toEqual([]);
    expectError(await user.client.storage.getBucket("documents"), "404", "Bucket not found");
    expectError(await service().storage.createBucket("bad/name"), "400", "Bucket name invalid");
  });
});

describe("storage: list", () => {
  it("lists one level with folders first, limit/offset, search and sort", async () => {
    const user = await createUser();
    const docs = user.client.storage.from("documents");
    const base = `${user.id}/list`;
    for (const name of ["b.txt", "a.txt", "c.txt", "sub2/y.txt", "sub1/x.txt", "sub1/deeper/z.txt"]) {
      expect((await docs.upload(`${base}/${name}`, name)).error).toBeNull();
    }
    const all = await docs.list(base);
    expect(all.data?.map((o) => o.name)).toEqual(["sub1", "sub2", "a.txt", "b.txt", "c.txt"]);
    expect(all.data?.[0]).toMatchObject({ id: null, metadata: null, updated_at: null, created_at: null });
    expect((await docs.list(`${base}/`)).data?.map((o) => o.name)).toEqual([
      "sub1",
      "sub2",
      "a.txt",
      "b.txt",
      "c.txt",
    ]);
    const page = await docs.list(base, { limit: 2, offset: 1 });
    expect(page.data?.map((o) => o.name)).toEqual(["sub2", "a.txt"]);
    const desc = await docs.list(base, { sortBy: { column: "name", order: "desc" } });
    expect(desc.data?.map((o) => o.name)).toEqual(["sub2", "sub1", "c.txt", "b.txt", "a.txt"]);
    const byCreation = await docs.list(base, { sortBy: { column: "created_at", order: "asc" } });
    expect(byCreation.data?.map((o) => o.name)).toEqual(["sub1", "sub2", "b.txt", "a.txt", "c.txt"]);
    const searched = await docs.list(base, { search: "b" });
    expect(searched.data?.map((o) => o.name)).toEqual(["b.txt"]);
    expect((await docs.list(`${base}/sub1`)).data?.map((o) => o.name)).toEqual(["deeper", "x.txt"]);
    expect((await docs.list(`${base}/nothing`)).data).toEqual([]);
    const root = await docs.list(user.id);
    expect(root.data?.map((o) => o.name)).toEqual(["list"]);
  });
});

describe("storage: malformed requests", () => {
  /** A supabase-js client whose requests carry a broken JSON body. */
  function brokenJsonClient(): Supabase {
    return createClient<Database>(url, keys.secret, {
      auth: { persistSession: false },
      global: {
        fetch: (input, init) =>
          fetch(
            input,
            init?.method === "POST" && typeof init.body === "string" ? { ...init, body: "{not json" } : init,
          ),
      },
    });
  }

  it("answers bad JSON, missing buckets and traversal attempts with 400s", async () => {
    const broken = brokenJsonClient();
    expectError(await broken.storage.from("documents").list(""), "400", /not valid JSON/);
    expectError(await broken.storage.createBucket("whatever"), "400");

    const admin = service().storage;
    expectError(await admin.from("no-such-bucket").upload("x.txt", "x"), "404", "Bucket not found");
    expectError(await admin.from("no-such-bucket").list(""), "404", "Bucket not found");
    expectError(await admin.from("no-such-bucket").download("x.txt"), "404");
    expectError(await admin.from("no-such-bucket").remove(["x.txt"]), "404", "Bucket not found");

    const user = await createUser();
    const docs = user.client.storage.from("documents");
    expectError(await docs.upload(`${user.id}/..%2F..%2Fescape.txt`, "x"), "400", /Invalid key/);
    expectError(await docs.upload("../x", "x"), "400");
    expectError(await docs.upload(`${user.id}/%E0%A4%A`, "x"), "400");
    expect((await docs.upload(`${user.id}/ok.txt`, "x")).error).toBeNull();
    expectError(await docs.move(`${user.id}/ok.txt`, `${user.id}/../../x.txt`), "400", /Invalid key/);
    expectError(await docs.copy(`${user.id}/ok.txt`, "../outside.txt"), "400", /Invalid key/);
    expectError(await docs.createSignedUrl(`${user.id}/ok.txt`, -5), "400");
    expectError(await docs.list(user.id, { limit: -1 }), "400");
    expectError(await docs.remove([]), "400");
  });
});

describe("storage: persistence", () => {
  async function roundTrip(storageDir: string, backend?: string) {
    const dataDir = mkdtempSync(join(tmpdir(), "supabase-local-storage-restart-"));
    const previous = process.env.SUPABASE_STORAGE_BACKEND;
    if (backend) process.env.SUPABASE_STORAGE_BACKEND = backend;
    const content = randomBytes(200_000);
    try {
      const first = await startLocalSupabase({ port: 0, dataDir, storageDir, logRequests: false });
      const path = `${demo.client.id}/kept.bin`;
      try {
        const user = createClient<Database>(first.url, PUBLISHABLE_KEY_DEFAULT, {
          auth: { persistSession: false },
        });
        expect(
          (await user.auth.signInWithPassword({ email: demo.client.email, password: PASSWORD })).error,
        ).toBeNull();
        const docs = user.storage.from("documents");
        expect((await docs.upload(path, content)).error).toBeNull();
        // Traversal never writes outside the bucket's folder.
        expect((await docs.upload(`${demo.client.id}/..%2F..%2F..%2Fescaped.bin`, "x")).error).toBeTruthy();
      } finally {
        await first.close();
      }
      const second = await startLocalSupabase({ port: 0, dataDir, storageDir, logRequests: false });
      try {
        const user = createClient<Database>(second.url, PUBLISHABLE_KEY_DEFAULT, {
          auth: { persistSession: false },
        });
        expect(
          (await user.auth.signInWithPassword({ email: demo.client.email, password: PASSWORD })).error,
        ).toBeNull();
        const downloaded = await user.storage.from("documents").download(path);
        expect(downloaded.error).toBeNull();
        expect((await bytesOf(downloaded.data)).equals(content)).toBe(true);
      } finally {
        await second.close();
      }
    } finally {
      if (previous === undefined) delete process.env.SUPABASE_STORAGE_BACKEND;
      else process.env.SUPABASE_STORAGE_BACKEND = previous;
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  it("keeps object bytes in the storage folder across a restart", async () => {
    const storageDir = mkdtempSync(join(tmpdir(), "supabase-local-storage-files-"));
    try {
      await roundTrip(storageDir);
      expect(existsSync(join(storageDir, "documents", demo.client.id, "kept.bin"))).toBe(true);
      expect(readdirSync(storageDir).sort()).toEqual(["documents", "~staging"]);
      expect(existsSync(join(storageDir, "escaped.bin"))).toBe(false);
    } finally {
      rmSync(storageDir, { recursive: true, force: true });
    }
  }, 120_000);

  it("keeps object bytes in the database across a restart (the DATABASE_URL backend)", async () => {
    const storageDir = mkdtempSync(join(tmpdir(), "supabase-local-storage-db-"));
    try {
      await roundTrip(storageDir, "database");
      expect(readdirSync(storageDir)).toEqual([]);
    } finally {
      rmSync(storageDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe("storage: as storage-api shapes it", () => {
  const admin = service().storage;

  it("parses bucket size strings as storage-api does (decimal units, a unit required)", async () => {
    const id = `sizes-${Date.now()}`;
    expect((await admin.createBucket(id, { public: false, fileSizeLimit: "20mb" })).error).toBeNull();
    expect((await admin.getBucket(id)).data?.file_size_limit).toBe(20_000_000);
    for (const [given, bytes] of [
      ["1.5KB", 1500],
      ["3b", 3],
      ["0.05GB", 50_000_000],
      [12345, 12345],
    ] as const) {
      expect((await admin.updateBucket(id, { public: false, fileSizeLimit: given })).error).toBeNull();
      expect((await admin.getBucket(id)).data?.file_size_limit, String(given)).toBe(bytes);
    }
    // Past the global limit (50 MiB here) a bucket's limit is refused.
    expectError(await admin.updateBucket(id, { public: false, fileSizeLimit: "0.06gb" }), "413");
    for (const bad of ["20", "20 mb", "20tb", "mb", "-1mb"]) {
      expectError(
        await admin.updateBucket(id, { public: false, fileSizeLimit: bad }),
        "400",
        "Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B",
      );
    }
    await admin.deleteBucket(id);
  });

  it("answers bucket and object info with storage-api's fields, and emptyBucket with its message", async () => {
    const id = `shapes-${Date.now()}`;
    expect((await admin.createBucket(id, { public: true })).error).toBeNull();
    const got = (await admin.getBucket(id)).data as unknown as Record<string, unknown>;
    expect(Object.keys(got).sort()).toEqual(
      [
        "allowed_mime_types",
        "created_at",
        "file_size_limit",
        "id",
        "name",
        "owner",
        "public",
        "updated_at",
      ].sort(),
    );
    const listed = ((await admin.listBuckets()).data ?? []).find((b) => b.id === id) as unknown as Record<
      string,
      unknown
    >;
    expect(Object.keys(listed).sort()).toEqual(
      [
        "allowed_mime_types",
        "created_at",
        "file_size_limit",
        "id",
        "name",
        "owner",
        "public",
        "type",
        "updated_at",
      ].sort(),
    );
    expect(listed.type).toBe("STANDARD");
    // Older storage3 (Python) clients break on `type`: storage-api leaves it out for them.
    const old = await fetch(`${url}/storage/v1/bucket`, {
      headers: { apikey: keys.secret, "User-Agent": "storage3/0.11.0" },
    });
    const oldList = (await old.json()) as { id: string }[];
    expect(oldList.find((b) => b.id === id)).not.toHaveProperty("type");

    const files = admin.from(id);
    expect((await files.upload("a/note.txt", "hello", { contentType: "text/plain" })).error).toBeNull();
    const info = await files.info("a/note.txt");
    expect(info.error).toBeNull();
    expect(info.data).toMatchObject({
      name: "a/note.txt",
      bucketId: id,
      size: 5,
      contentType: "text/plain",
      cacheControl: "max-age=3600",
      metadata: {},
      version: expect.any(String),
      lastModified: expect.any(String),
      createdAt: expect.any(String),
    });
    expect(info.data).not.toHaveProperty("updatedAt");
    expect(info.data).not.toHaveProperty("lastAccessedAt");

    expect((await admin.emptyBucket(id)).data).toEqual({
      message: "Empty bucket has been queued. Completion may take up to an hour.",
    });
    expect((await files.list("a")).data).toEqual([]);
    expect((await admin.deleteBucket(id)).error).toBeNull();
  });

  it("lists with list-v2: full names, folders with the delimiter, pages with a cursor", async () => {
    const id = `v2-${Date.now()}`;
    expect((await admin.createBucket(id)).error).toBeNull();
    const files = admin.from(id);
    const suffixes = ["zz", "bb", "xx", "ww", "cc", "aa", "yy", "oo"];
    for (const suffix of suffixes)
      expect(
        (await files.upload(`docs/file-${suffix}.txt`, suffix, { contentType: "text/plain" })).error,
      ).toBeNull();
    expect((await files.upload("docs/deeper/inner.txt", "in")).error).toBeNull();
    expect((await files.upload("top.txt", "top")).error).toBeNull();

    const flat = await files.listV2({ prefix: "docs" });
    expect(flat.error).toBeNull();
    expect(flat.data?.hasNext).toBe(false);
    expect(flat.data?.folders).toEqual([]);
    expect(flat.data?.objects.map((o) => o.name)).toEqual([
      "docs/deeper/inner.txt",
      ...suffixes.map((s) => `docs/file-${s}.txt`).sort(),
    ]);
    expect(flat.data?.objects[0]).toMatchObject({
      id: expect.any(String),
      key: "docs/deeper/inner.txt",
      metadata: expect.objectContaining({ size: 2 }),
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });

    const root = await files.listV2({ with_delimiter: true });
    expect(root.data?.folders).toEqual([{ key: "docs", name: "docs/" }]);
    expect(root.data?.objects.map((o) => o.name)).toEqual(["top.txt"]);
    const docs = await files.listV2({ prefix: "docs/", with_delimiter: true });
    expect(docs.data?.folders).toEqual([{ key: "docs/deeper", name: "docs/deeper/" }]);
    expect(docs.data?.objects).toHaveLength(8);

    const cases = [
      { expected: suffixes.slice().sort() },
      { expected: suffixes.slice().sort().reverse(), sortBy: { column: "name", order: "desc" } as const },
      { expected: suffixes.slice(), sortBy: { column: "created_at", order: "asc" } as const },
      { expected: suffixes.slice().reverse(), sortBy: { column: "created_at", order: "desc" } as const },
    ];
    for (const { expected, sortBy } of cases) {
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      for (;;) {
        const page = await files.listV2({ prefix: "docs/file-", limit: 3, cursor, sortBy });
        expect(page.error).toBeNull();
        seen.push(
          ...(page.data?.objects ?? []).map((o) => o.name.slice("docs/file-".length, -".txt".length)),
        );
        pages++;
        if (!page.data?.hasNext) break;
        cursor = page.data.nextCursor;
        expect(cursor).toEqual(expect.any(String));
      }
      expect(seen, JSON.stringify(sortBy)).toEqual(expected);
      expect(pages).toBe(3);
    }
    expectError(await files.listV2({ cursor: "bm90IGEgY3Vyc29y" }), "400", "Invalid continuation token");
    expectError(await admin.from("no-such-bucket").listV2(), "404", "Bucket not found");

    // Row level security applies: a signed-in user sees nothing of a bucket without policies.
    const user = await createUser();
    expect((await user.client.storage.from(id).listV2()).data).toEqual({
      hasNext: false,
      folders: [],
      objects: [],
    });
    expect((await admin.emptyBucket(id)).error).toBeNull();
    await admin.deleteBucket(id);
  });
});

describe("storage: image transformations", () => {
  const admin = service().storage;

  async function image(width: number, height: number): Promise<Buffer> {
    return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
      .jpeg()
      .toBuffer();
  }

  it("resizes, converts and reports the transformations on the authenticated, public and signed routes", async () => {
    const id = `img-${Date.now()}`;
    expect((await admin.createBucket(id, { public: true })).error).toBeNull();
    const files = admin.from(id);
    expect(
      (await files.upload("photo.jpg", await image(400, 300), { contentType: "image/jpeg" })).error,
    ).toBeNull();

    // cover (the default) crops to the box; contain fits inside it; fill stretches to it.
    const sizes: [Record<string, unknown>, number, number, string][] = [
      [{ width: 200, height: 200 }, 200, 200, "height:200,width:200,resizing_type:fill"],
      [{ width: 200, height: 200, resize: "contain" }, 200, 150, "height:200,width:200,resizing_type:fit"],
      [{ width: 200, height: 100, resize: "fill" }, 200, 100, "height:100,width:200,resizing_type:force"],
      [{ width: 100 }, 100, 75, "width:100,resizing_type:fill"],
      // Never enlarged, as imgproxy by default.
      [{ width: 800 }, 400, 300, "width:800,resizing_type:fill"],
    ];
    for (const [transform, width, height, header] of sizes) {
      const downloaded = await files.download("photo.jpg", { transform });
      expect(downloaded.error, JSON.stringify(transform)).toBeNull();
      expect(downloaded.data?.type).toBe("image/jpeg");
      const meta = await sharp(await bytesOf(downloaded.data)).metadata();
      expect([meta.width, meta.height], JSON.stringify(transform)).toEqual([width, height]);
      const query = new URLSearchParams(Object.entries(transform).map(([k, v]) => [k, String(v)]));
      const response = await fetch(`${url}/storage/v1/render/image/public/${id}/photo.jpg?${query}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("x-transformations")).toBe(header);
    }

    // format: webp converts; origin keeps JPEG even for a client that takes WebP; absent, Accept decides.
    const webp = await fetch(
      `${url}/storage/v1/render/image/public/${id}/photo.jpg?width=50&format=webp&quality=50`,
    );
    expect(webp.headers.get("content-type")).toBe("image/webp");
    expect(webp.headers.get("x-transformations")).toBe("width:50,resizing_type:fill,quality:50,format:webp");
    expect((await sharp(Buffer.from(await webp.arrayBuffer())).metadata()).format).toBe("webp");
    const accepts = { headers: { Accept: "image/webp,*/*" } };
    const origin = await fetch(
      `${url}/storage/v1/render/image/public/${id}/photo.jpg?width=50&format=origin`,
      accepts,
    );
    expect(origin.headers.get("content-type")).toBe("image/jpeg");
    const negotiated = await fetch(`${url}/storage/v1/render/image/public/${id}/photo.jpg?width=50`, accepts);
    expect(negotiated.headers.get("content-type")).toBe("image/webp");

    // A signed URL carries its transformations in the token; the query cannot change them.
    const signed = await files.createSignedUrl("photo.jpg", 60, {
      transform: { width: 120, height: 120, quality: 60 },
    });
    expect(signed.error).toBeNull();
    expect(signed.data?.signedUrl).toContain(`/storage/v1/render/image/sign/${id}/photo.jpg?token=`);
    const fromToken = await fetch(`${signed.data?.signedUrl}&width=10`);
    expect(fromToken.status).toBe(200);
    expect(fromToken.headers.get("x-transformations")).toBe(
      "height:120,width:120,resizing_type:fill,quality:60",
    );
    expect((await sharp(Buffer.from(await fromToken.arrayBuffer())).metadata()).width).toBe(120);
    const plain = await files.createSignedUrl("photo.jpg", 60);
    expect(plain.data?.signedUrl).toContain(`/storage/v1/object/sign/${id}/photo.jpg?token=`);
    const tampered = (signed.data?.signedUrl ?? "").replace("/photo.jpg?", "/other.jpg?");
    expect((await fetch(tampered)).status).toBe(400);

    // Bad options are refused like storage-api's schema; a file that is not an image cannot be rendered.
    const badQuality = await fetch(`${url}/storage/v1/render/image/public/${id}/photo.jpg?quality=5`);
    expect(badQuality.status).toBe(400);
    expect(((await badQuality.json()) as { message: string }).message).toBe(
      "querystring/quality must be >= 20",
    );
    expect((await fetch(`${url}/storage/v1/render/image/public/${id}/photo.jpg?resize=stretch`)).status).toBe(
      400,
    );
    expect((await files.upload("notes.txt", "not an image", { contentType: "text/plain" })).error).toBeNull();
    const notImage = await fetch(`${url}/storage/v1/render/image/public/${id}/notes.txt?width=10`);
    expect(notImage.status).toBe(400);
    expect(await notImage.json()).toMatchObject({ statusCode: "422", error: "ImageProcessingError" });

    // A private bucket's image is rendered for whoever may read it, and for nobody on the public route.
    const privateId = `img-private-${Date.now()}`;
    expect((await admin.createBucket(privateId)).error).toBeNull();
    expect(
      (await admin.from(privateId).upload("p.jpg", await image(40, 40), { contentType: "image/jpeg" })).error,
    ).toBeNull();
    expect((await fetch(`${url}/storage/v1/render/image/public/${privateId}/p.jpg?width=10`)).status).toBe(
      400,
    );
    const user = await createUser();
    expect(
      (await user.client.storage.from(privateId).download("p.jpg", { transform: { width: 10 } })).error,
    ).toBeTruthy();
    for (const bucket of [id, privateId]) {
      await admin.emptyBucket(bucket);
      await admin.deleteBucket(bucket);
    }
  });
});
