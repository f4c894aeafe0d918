import { mem } from "systeminformation";

/** Memory in bytes; used is what is not available (page cache that can be freed counts as available). */
export async function collectMemory(): Promise<{
  total_bytes: number;
  used_bytes: number;
  available_bytes: number;
}> {
  const memory = await mem();
  const total = Math.max(0, Math.round(memory.total));
  const available = Math.min(total, Math.max(0, Math.round(memory.available || memory.free)));
  return { total_bytes: total, used_bytes: total - available, available_bytes: available };
}
