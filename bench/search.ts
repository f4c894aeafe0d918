// Search latency over the real articles and over 1,000 generated ones: `npm run bench:search`.
import { readdirSync, readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Article } from "../apps/web/app/knowledge-base/content/article.ts";
import { toArticle } from "../apps/web/app/knowledge-base/content/article.ts";
import { parseContentFile } from "../apps/web/app/knowledge-base/content/front-matter.ts";
import { createArticleSearch } from "../apps/web/app/knowledge-base/search/article-search.ts";
import { smokeOr } from "./smoke.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const RUNS = smokeOr(1, 100);
const QUERIES = [
  "linux",
  "webhook",
  "webhok",
  "escalation",
  "cpu_threshold",
  "disk space",
  "install agent windows",
  "pagerduty",
  "ssl certificate expiry",
  "status page incident",
  "zzqxv",
];

function realArticles(): Article[] {
  const dir = join(ROOT, "content/articles");
  return readdirSync(dir)
    .filter((name) => name.endsWith(".md"))
    .map((name) =>
      toArticle(
        parseContentFile(`content/articles/${name}`, readFileSync(join(dir, name), "utf8")),
      ),
    );
}

// Articles as long and as varied as real ones: paragraphs of two real articles, interleaved.
function generatedArticles(real: Article[], count: number): Article[] {
  return Array.from({ length: count }, (_, i) => {
    const a = real[i % real.length] as Article;
    const b = real[(i * 7 + 3) % real.length] as Article;
    const paragraphs = [...a.content.split("\n\n"), ...b.content.split("\n\n")].filter(
      (_, n) => (n + i) % 2 === 0,
    );
    return {
      ...a,
      slug: `${a.slug}-${i}`,
      title: `${a.title} (${i})`,
      tags: [...new Set([...a.tags, ...b.tags.slice(0, 2)])],
      content: paragraphs.join("\n\n"),
      path: `/knowledge-base/${a.slug}-${i}`,
    };
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

function bench(label: string, articles: Article[]) {
  const start = performance.now();
  const search = createArticleSearch(articles);
  console.log(
    `\n${label}: ${articles.length} articles, index built in ${(performance.now() - start).toFixed(1)} ms`,
  );
  for (const query of QUERIES) search.search(query);
  console.log("query                      hits   median ms   p95 ms   p95 CPU ms");
  let worstP95 = 0;
  let worstCpu = 0;
  for (const query of QUERIES) {
    const times: number[] = [];
    const cpu: number[] = [];
    let hits = 0;
    for (let run = 0; run < RUNS; run++) {
      const t = performance.now();
      const c = process.cpuUsage();
      hits = search.search(query).length;
      const used = process.cpuUsage(c);
      times.push(performance.now() - t);
      cpu.push((used.user + used.system) / 1000);
    }
    times.sort((x, y) => x - y);
    cpu.sort((x, y) => x - y);
    const p95 = percentile(times, 95);
    worstP95 = Math.max(worstP95, p95);
    worstCpu = Math.max(worstCpu, percentile(cpu, 95));
    console.log(
      `${query.padEnd(26)} ${String(hits).padStart(4)} ${percentile(times, 50).toFixed(2).padStart(11)} ${p95.toFixed(2).padStart(8)} ${percentile(cpu, 95).toFixed(2).padStart(12)}`,
    );
  }
  console.log(`worst p95: ${worstP95.toFixed(2)} ms (CPU time ${worstCpu.toFixed(2)} ms)`);
}

// Wall-clock times include waiting for a busy CPU; CPU time shows the search's own cost.
const [load = 0] = loadavg();
console.log(`${RUNS} runs per query; ${cpus().length} CPUs, load average ${load.toFixed(2)}`);
const real = realArticles();
bench("Real articles", real);
bench("Generated articles", generatedArticles(real, 1000));
