import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.ts";

/**
 * Lighthouse mobile (its default configuration: a phone, simulated "slow 4G" of 150 ms RTT and
 * 1.6 Mbps down with the CPU slowed 4×, the slow profile of issue 20), performance only: the score
 * and the LCP it estimates for that profile. Runs Debian's Chromium (CHROME_PATH for another), one
 * browser per run so no cache carries over; a signed-in page gets its session as a Cookie header.
 * Noisy by nature: the bench reports the median of several runs, next to the floor page's.
 */
export interface LighthouseResult {
  /** Performance score, 0–100. */
  score: number;
  /** Largest Contentful Paint on the slow profile, ms. */
  lcpMs: number;
}

/** Starts Chromium with a DevTools port and resolves with the port once it listens. */
function startChromium(profile: string): Promise<{ chromium: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const chromium = spawn(
      CHROMIUM_PATH,
      [...CHROMIUM_ARGS, "--remote-debugging-port=0", `--user-data-dir=${profile}`, "about:blank"],
      { stdio: ["ignore", "ignore", "pipe"] },
    );
    let output = "";
    chromium.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) resolve({ chromium, port: Number(match[1]) });
    });
    chromium.once("error", reject);
    chromium.once("exit", (code) => reject(new Error(`Chromium exited (${code}): ${output.slice(-500)}`)));
  });
}

async function runOnce(url: string, cookieHeader: string | undefined): Promise<LighthouseResult> {
  const { default: lighthouse } = await import("lighthouse");
  const profile = mkdtempSync(join(tmpdir(), "bench-lighthouse-"));
  const { chromium, port } = await startChromium(profile);
  try {
    const result = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
      ...(cookieHeader ? { extraHeaders: { Cookie: cookieHeader } } : {}),
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN),
    };
  } finally {
    const exited = new Promise((resolve) => chromium.once("exit", resolve));
    chromium.kill("SIGKILL");
    await exited;
    // Its helper processes may still be writing the profile for a moment after the browser exits.
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

/** The median score and LCP of `runs` Lighthouse runs of a page. */
export async function lighthouseOf(
  url: string,
  runs: number,
  cookieHeader?: string,
): Promise<LighthouseResult> {
  const results: LighthouseResult[] = [];
  for (let run = 0; run < runs; run++) results.push(await runOnce(url, cookieHeader));
  return { score: median(results.map((r) => r.score)), lcpMs: median(results.map((r) => r.lcpMs)) };
}
