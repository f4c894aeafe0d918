import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DESCRIPTION, SUMMARY } from "./package-facts.mjs";
import { runTool } from "./run-tool.mjs";
import { fillTemplate, templatePath } from "./templates.mjs";

function spec(facts, sources) {
  return fillTemplate("upwatch-agent.spec.in", {
    VERSION: facts.version,
    RELEASE: facts.release,
    SUMMARY,
    DESCRIPTION: DESCRIPTION.join("\n"),
    SOURCES: sources,
    PRE: fillTemplate("rpm-pre.sh").trim(),
    POST: fillTemplate("rpm-post.sh").trim(),
    PREUN: fillTemplate("rpm-preun.sh").trim(),
    POSTUN: fillTemplate("rpm-postun.sh").trim(),
  });
}

/** Builds `upwatch-agent-<version>-<release>.noarch.rpm` into `outDir` with rpmbuild. */
export function buildRpmPackage({ bundle, facts, outDir }) {
  const top = mkdtempSync(join(tmpdir(), "upwatch-agent-rpm-"));
  try {
    const sources = join(top, "SOURCES");
    mkdirSync(sources);
    copyFileSync(bundle, join(sources, "upwatch-agent.mjs"));
    for (const name of ["launcher.sh", "upwatch-agent.service", "agent.yaml", "copyright"]) {
      copyFileSync(templatePath(name), join(sources, name));
    }
    const specFile = join(top, "upwatch-agent.spec");
    writeFileSync(specFile, spec(facts, sources));
    runTool("rpmbuild", [
      "-bb",
      "--quiet",
      "--define",
      `_topdir ${top}`,
      "--define",
      `_rpmdir ${outDir}`,
      "--define",
      "_build_name_fmt %%{NAME}-%%{VERSION}-%%{RELEASE}.%%{ARCH}.rpm",
      // Gzip payloads open on every rpm in use; the distribution's compile-time steps
      // (stripping, byte-compiling) have nothing to do in a JavaScript package.
      "--define",
      "_binary_payload w9.gzdio",
      "--define",
      "__os_install_post %{nil}",
      "--define",
      "_build_id_links none",
      specFile,
    ]);
    return join(outDir, `${facts.name}-${facts.version}-${facts.release}.noarch.rpm`);
  } finally {
    rmSync(top, { recursive: true, force: true });
  }
}
