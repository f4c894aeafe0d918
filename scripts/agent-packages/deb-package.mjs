import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { DESCRIPTION, MAINTAINER, SUMMARY } from "./package-facts.mjs";
import { runTool } from "./run-tool.mjs";
import { fillTemplate, templatePath } from "./templates.mjs";

const CONFIG = "/etc/upwatch/agent.yaml";

function place(stage, path, mode, source) {
  const target = join(stage, path);
  mkdirSync(dirname(target), { recursive: true });
  if (source.file) copyFileSync(source.file, target);
  else writeFileSync(target, source.text);
  chmodSync(target, mode);
  return statSync(target).size;
}

function control(facts, installedBytes) {
  return [
    `Package: ${facts.name}`,
    `Version: ${facts.version}`,
    "Architecture: all",
    `Maintainer: ${MAINTAINER}`,
    `Installed-Size: ${Math.ceil(installedBytes / 1024)}`,
    "Depends: nodejs (>= 20.19), adduser | passwd",
    "Section: admin",
    "Priority: optional",
    `Description: ${SUMMARY}`,
    ...DESCRIPTION.map((line) => ` ${line}`),
    "",
  ].join("\n");
}

/** Builds `upwatch-agent_<version>_all.deb` into `outDir` with dpkg-deb; returns its path. */
export function buildDebPackage({ bundle, facts, outDir }) {
  const stage = mkdtempSync(join(tmpdir(), "upwatch-agent-deb-"));
  try {
    chmodSync(stage, 0o755);
    const installed = [
      place(stage, "usr/lib/upwatch-agent/upwatch-agent.mjs", 0o644, { file: bundle }),
      place(stage, "usr/bin/upwatch-agent", 0o755, { file: templatePath("launcher.sh") }),
      place(stage, "lib/systemd/system/upwatch-agent.service", 0o644, {
        file: templatePath("upwatch-agent.service"),
      }),
      place(stage, CONFIG.slice(1), 0o640, { file: templatePath("agent.yaml") }),
      place(stage, "usr/share/doc/upwatch-agent/copyright", 0o644, {
        file: templatePath("copyright"),
      }),
    ].reduce((sum, bytes) => sum + bytes, 0);
    place(stage, "DEBIAN/control", 0o644, { text: control(facts, installed) });
    place(stage, "DEBIAN/conffiles", 0o644, { text: `${CONFIG}\n` });
    for (const script of ["postinst", "prerm", "postrm"]) {
      place(stage, `DEBIAN/${script}`, 0o755, { text: fillTemplate(`deb-${script}.sh`) });
    }
    // Folders made under a strict umask would otherwise reach the package as they are.
    runTool("find", [stage, "-type", "d", "-exec", "chmod", "0755", "{}", "+"]);
    const target = join(outDir, `${facts.name}_${facts.version}_all.deb`);
    runTool("dpkg-deb", ["--root-owner-group", "-Zxz", "--build", stage, target]);
    return target;
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}
