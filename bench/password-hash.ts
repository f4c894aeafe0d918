// Cost of one password hash under each candidate setting: median milliseconds for one hash, for
// four at once (a few people signing in together), and the peak memory of the process. Each
// setting runs in a fresh process so its peak memory is its own.
// Usage: npx tsx bench/password-hash.ts   (BENCH_ROUNDS sets the hashes per figure, default 15)
import { execFileSync } from "node:child_process";
import { randomBytes, scrypt } from "node:crypto";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { hashPassword } from "../apps/server/src/services/auth/password-hash.ts";
import { smokeOr } from "./smoke.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? smokeOr(1, 15));
const CONCURRENT = 4;

const candidates: Record<string, (password: string) => Promise<unknown>> = {
  "scrypt N=2^15 r=8 p=1 (before)": (password) => scryptWith(password, 15),
  "scrypt N=2^17 r=8 p=1": (password) => scryptWith(password, 17),
  "argon2id m=19 MiB t=2 p=1 (now)": hashPassword,
};

function scryptWith(password: string, logN: number) {
  const N = 2 ** logN;
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password, randomBytes(16), 64, { N, r: 8, p: 1, maxmem: 256 * N * 8 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function measure(name: string) {
  const run = candidates[name];
  if (!run)
    throw new Error(
      `No setting named "${name}"; the settings: ${Object.keys(candidates).join("; ")}`,
    );
  const baselineMiB = process.memoryUsage().rss / 2 ** 20;
  await run("warm up the code path");
  const one: number[] = [];
  for (let i = 0; i < ROUNDS; i++) one.push(await timed(() => run(`password ${i}`)));
  const together: number[] = [];
  for (let i = 0; i < Math.ceil(ROUNDS / CONCURRENT); i++) {
    const batch = Array.from({ length: CONCURRENT }, (_, j) => run(`password ${i}-${j}`));
    together.push(await timed(() => Promise.all(batch)));
  }
  const peakMiB = process.resourceUsage().maxRSS / 1024;
  console.log(
    JSON.stringify({
      name,
      medianMs: Math.round(median(one)),
      fourAtOnceMs: Math.round(median(together)),
      peakRssMiB: Math.round(peakMiB),
      aboveBaselineMiB: Math.round(peakMiB - baselineMiB),
    }),
  );
}

// Each setting is measured in a child process started with `--setting <name>`.
const only = parseArgs({ options: { setting: { type: "string" } } }).values.setting;
if (only !== undefined) {
  await measure(only);
} else {
  console.log(`${ROUNDS} hashes per figure; ${CONCURRENT} at once for the second column.\n`);
  console.log(
    `${"setting".padEnd(32)}${"ms/hash".padStart(9)}${"4 at once".padStart(11)}${"peak RSS".padStart(10)}${"above start".padStart(13)}`,
  );
  for (const name of Object.keys(candidates)) {
    const output = execFileSync(
      process.execPath,
      ["--import", "tsx", fileURLToPath(import.meta.url), "--setting", name],
      { encoding: "utf8" },
    );
    const row = JSON.parse(output.trim().split("\n").at(-1)!);
    console.log(
      `${name.padEnd(32)}${`${row.medianMs}`.padStart(9)}${`${row.fourAtOnceMs}`.padStart(11)}${`${row.peakRssMiB} MiB`.padStart(10)}${`${row.aboveBaselineMiB} MiB`.padStart(13)}`,
    );
  }
}
