import { readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AGENT_VERSION,
  type PackagingMachine,
  packagingMachine,
  requireTool,
} from "./packaging-test-machine.ts";

const NPM = `upwatch-agent-${AGENT_VERSION}.tgz`;
const DEB = `upwatch-agent_${AGENT_VERSION}_all.deb`;
const RPM = `upwatch-agent-${AGENT_VERSION}-1.noarch.rpm`;
const RPM_SKIPPED =
  "Skipped the agent's .rpm: it needs rpmbuild, which is not installed here. Install it with `sudo apt-get install rpm` (Debian, Ubuntu) or `sudo dnf install rpm-build` (Fedora, RHEL), then run `npm run package:agent` again.";
const DEB_SKIPPED =
  "Skipped the agent's .deb: it needs dpkg-deb, which is not installed here. Install it with `sudo apt-get install dpkg` (Debian, Ubuntu), then run `npm run package:agent` again.";

function packageAgent(machine: PackagingMachine, ...options: string[]) {
  return machine.run(process.execPath, [
    "scripts/package-agent.mjs",
    "--bundle",
    machine.bundle,
    "--out",
    machine.out,
    ...options,
  ]);
}

beforeAll(() => requireTool("dpkg-deb", "`sudo apt-get install dpkg`"));

describe("npm run package:agent on a machine without rpmbuild", () => {
  let machine: PackagingMachine;
  let ran: ReturnType<typeof packageAgent>;
  beforeAll(() => {
    machine = packagingMachine({ without: ["rpmbuild"] });
    ran = packageAgent(machine);
  }, 60_000);
  afterAll(() => machine.remove());

  it("builds the npm package and the .deb, and succeeds", () => {
    expect(ran.status).toBe(0);
    expect(readdirSync(machine.out).sort()).toEqual([NPM, DEB].sort());
    expect(ran.stdout).toContain(DEB);
    expect(ran.stdout).toContain(NPM);
  });

  it("says in one sentence that it skipped the .rpm and how to install rpmbuild", () => {
    expect(ran.stderr.trim().split("\n")).toEqual([RPM_SKIPPED]);
  });

  it("never runs a package manager to install the missing tool", () => {
    expect(machine.packageManagerCalls()).toEqual([]);
  });
});

describe("npm run package:agent with --require-all", () => {
  it("still builds what it can but fails when a package was skipped", () => {
    const machine = packagingMachine({ without: ["rpmbuild"] });
    try {
      const ran = packageAgent(machine, "--require-all");
      expect(ran.status).toBe(2);
      expect(ran.stderr).toContain(RPM_SKIPPED);
      expect(readdirSync(machine.out).sort()).toEqual([NPM, DEB].sort());
      expect(machine.packageManagerCalls()).toEqual([]);
    } finally {
      machine.remove();
    }
  }, 60_000);
});

describe("npm run package:agent on a machine with rpmbuild", () => {
  it("builds the .rpm too, and the strict build passes", () => {
    const machine = packagingMachine({ fakeRpmbuild: true });
    try {
      const ran = packageAgent(machine, "--require-all");
      expect(ran.stderr).toBe("");
      expect(ran.status).toBe(0);
      expect(readdirSync(machine.out).sort()).toEqual([NPM, DEB, RPM].sort());
    } finally {
      machine.remove();
    }
  }, 60_000);
});

describe("npm run package:agent without the Debian packaging tools", () => {
  it("builds the npm package alone and names both skipped packages", () => {
    const machine = packagingMachine({ without: ["rpmbuild", "dpkg-deb"] });
    try {
      const ran = packageAgent(machine);
      expect(ran.status).toBe(0);
      expect(readdirSync(machine.out)).toEqual([NPM]);
      expect(ran.stderr.trim().split("\n")).toEqual([DEB_SKIPPED, RPM_SKIPPED]);
      expect(machine.packageManagerCalls()).toEqual([]);
    } finally {
      machine.remove();
    }
  }, 60_000);

  it("fails with exit code 2 when none of the packages asked for can be built", () => {
    const machine = packagingMachine({ without: ["rpmbuild", "dpkg-deb"] });
    try {
      const ran = packageAgent(machine, "--only", "deb,rpm");
      expect(ran.status).toBe(2);
      expect(ran.stderr).toContain(DEB_SKIPPED);
      expect(ran.stderr).toContain(RPM_SKIPPED);
      expect(ran.stderr).toContain("Built no package");
      expect(readdirSync(machine.out)).toEqual([]);
    } finally {
      machine.remove();
    }
  }, 60_000);
});

describe("npm run package:agent's options", () => {
  it("refuses a package kind it does not know, with the kinds it does", () => {
    const machine = packagingMachine();
    try {
      const ran = packageAgent(machine, "--only", "msi");
      expect(ran.status).toBe(1);
      expect(ran.stderr.trim()).toBe("--only takes npm, deb, rpm; not msi.");
    } finally {
      machine.remove();
    }
  });
});
