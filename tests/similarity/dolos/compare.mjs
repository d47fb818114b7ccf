// Dolos on the similarity corpus, scored as tests/corpus.rs scores our
// detector: the same files, the same truth for every pair, the stubs as
// Dolos' ignored (template) file. See README.md beside this file.
//
//     node tests/similarity/dolos/compare.mjs   (with @dodona/dolos-lib on NODE_PATH)

import { readFileSync, readdirSync, writeFileSync, mkdtempSync } from "node:fs";
import { join, dirname, relative } from "node:path";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import { Dolos } from "@dodona/dolos-lib";

const here = dirname(fileURLToPath(import.meta.url));
const corpus = join(here, "..", "corpus");
const stubs = join(here, "..", "..", "stubs", "exercises", "src");

/** manifest.toml's [[planted]] tables: file, source, strength, group. */
function manifest() {
  const planted = [];
  for (const line of readFileSync(join(corpus, "manifest.toml"), "utf8").split("\n")) {
    if (line.trim() === "[[planted]]") planted.push({});
    const m = line.match(/^(\w+)\s*=\s*"([^"]*)"/);
    if (m && planted.length) planted[planted.length - 1][m[1]] = m[2];
  }
  return new Map(planted.map((p) => [p.file, p]));
}

/** Every .rs file under dir, recursively. */
function rsFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? rsFiles(join(dir, e.name)) : e.name.endsWith(".rs") ? [join(dir, e.name)] : []);
}

const planted = manifest();
const names = ["independent", "planted"].flatMap((sub) =>
  readdirSync(join(corpus, sub)).filter((n) => n.endsWith(".rs")).sort().map((n) => `${sub}/${n}`));
const family = (n) => planted.get(n)?.source ?? n;

/** The truth of a pair, as tests/corpus.rs decides it. */
function truth(a, b) {
  if (family(a) !== family(b)) return "independent";
  const pb = planted.get(b);
  if (pb && pb.source === a) return pb.strength;
  const pa = planted.get(a);
  if (pa && pb && pa.group && pa.group === pb.group) return "group";
  return "related";
}

// The stubs, joined into one file: Dolos ignores what its template holds.
const template = join(mkdtempSync(join(tmpdir(), "dolos-")), "stubs.rs");
writeFileSync(template, rsFiles(stubs).map((p) => readFileSync(p, "utf8")).join("\n"));

const dolos = new Dolos({ language: "rust" });
const started = performance.now();
const report = await dolos.analyzePaths(names.map((n) => join(corpus, n)), template);
const seconds = (performance.now() - started) / 1000;
const options = report.options;

const score = new Map();
for (const pair of report.allPairs()) {
  const [a, b] = [pair.leftFile.path, pair.rightFile.path].map((p) => relative(corpus, p)).sort();
  score.set(`${a}|${b}`, pair.similarity);
}
const planteds = [], independents = [];
for (let i = 0; i < names.length; i++) {
  for (let j = i + 1; j < names.length; j++) {
    const t = truth(names[i], names[j]);
    const s = score.get(`${names[i]}|${names[j]}`) ?? 0;
    if (t === "independent") independents.push(s);
    else if (t !== "related") planteds.push({ strength: t, s });
  }
}
const lowestPlanted = Math.min(...planteds.map((p) => p.s));
const highestIndependent = Math.max(...independents);

function at(threshold) {
  const recall = {};
  for (const p of planteds) {
    recall[p.strength] ??= [0, 0];
    recall[p.strength][1] += 1;
    recall[p.strength][0] += p.s >= threshold ? 1 : 0;
  }
  const found = planteds.filter((p) => p.s >= threshold).length;
  const falseFlags = independents.filter((s) => s >= threshold).length;
  const perStrength = Object.entries(recall).map(([k, [f, t]]) => `${k} ${f}/${t}`).join(", ");
  return `recall ${found}/${planteds.length} (${perStrength}), false flags ${falseFlags}/${independents.length}`;
}

console.log(`Dolos (dolos-lib, language rust, k = ${options.kgramLength}, window ${options.kgramsInWindow}) on ${names.length} files in ${seconds.toFixed(2)} s`);
console.log(`lowest planted ${lowestPlanted.toFixed(3)}, highest independent ${highestIndependent.toFixed(3)}, margin ${(lowestPlanted - highestIndependent).toFixed(3)}`);
console.log(`at 0.5 (ours): ${at(0.5)}`);
const midway = (lowestPlanted + highestIndependent) / 2;
console.log(`at ${midway.toFixed(3)} (midway, chosen as ours was): ${at(midway)}`);
// The threshold that best separates: fewest misses plus false flags.
let best = null;
for (let t = 0.05; t <= 1.0; t += 0.01) {
  const misses = planteds.filter((p) => p.s < t).length;
  const flags = independents.filter((s) => s >= t).length;
  if (!best || misses + flags < best.errors) best = { t, errors: misses + flags };
}
console.log(`at ${best.t.toFixed(2)} (its best on this corpus): ${at(best.t)}`);
