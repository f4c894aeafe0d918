import { AGENT_REPORT_LIMITS } from "@upwatch/core";
import { fsSize } from "systeminformation";
import type { DiskSetting } from "../config/agent-config.ts";

export interface DiskUsage {
  mount: string;
  description: string;
  total_bytes: number;
  used_bytes: number;
}

/** Filesystems that hold no data of their own: memory, kernel views, images and overlays. */
const PSEUDO_FILESYSTEMS = new Set([
  "tmpfs",
  "devtmpfs",
  "devfs",
  "overlay",
  "squashfs",
  "proc",
  "sysfs",
  "cgroup",
  "cgroup2",
  "autofs",
  "ramfs",
  "nsfs",
  "fuse.lxcfs",
  "efivarfs",
  "tracefs",
  "debugfs",
  "securityfs",
  "configfs",
  "mqueue",
  "hugetlbfs",
  "pstore",
  "bpf",
]);

/** Whether a mounted filesystem is a real disk worth reporting. */
export function isRealFilesystem(type: string, mount: string, size: number): boolean {
  if (size <= 0 || PSEUDO_FILESYSTEMS.has(type.toLowerCase())) return false;
  return !/^\/(proc|sys|dev|run)(\/|$)/.test(mount) && !mount.startsWith("/snap/");
}

/** Space per mounted filesystem: every real one, or only those `disks` enables. */
export async function collectDisks(
  settings: Record<string, DiskSetting> | null,
): Promise<DiskUsage[]> {
  const filesystems = await fsSize();
  const seen = new Set<string>();
  const disks: DiskUsage[] = [];
  for (const fs of filesystems) {
    if (seen.has(fs.mount)) continue;
    const total = Math.max(0, Math.round(fs.size));
    const setting = settings ? settings[fs.mount] : undefined;
    if (settings ? !setting?.enabled : !isRealFilesystem(fs.type, fs.mount, total)) continue;
    if (total <= 0) continue;
    seen.add(fs.mount);
    disks.push({
      mount: fs.mount.slice(0, AGENT_REPORT_LIMITS.nameLength),
      description: setting?.description ?? "",
      total_bytes: total,
      used_bytes: Math.min(total, Math.max(0, Math.round(fs.used))),
    });
  }
  return disks.slice(0, AGENT_REPORT_LIMITS.disks);
}
