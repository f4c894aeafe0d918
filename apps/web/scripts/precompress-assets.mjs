// Writes a brotli (`.br`, highest quality) and a gzip (`.gz`, level 9) copy beside every text
// file of the client build that the server sends as a file, so it sends them compressed as
// well as they compress, without spending CPU per request. Pages are compressed by the server.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const CLIENT = fileURLToPath(new URL("../build/client/", import.meta.url));
const TEXT = /\.(js|css|svg|data)$/;
const SMALLEST = 1024;

let files = 0;
let before = 0;
let after = 0;
for (const entry of readdirSync(CLIENT, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !TEXT.test(entry.name)) continue;
  const file = join(entry.parentPath, entry.name);
  if (statSync(file).size < SMALLEST) continue;
  const body = readFileSync(file);
  const br = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  files += 1;
  before += body.length;
  after += br.length;
}
console.log(
  `Precompressed ${files} files: ${Math.round(before / 1024)} KB, ${Math.round(after / 1024)} KB as brotli.`,
);
