import { isStorageUnavailable } from "@upwatch/db";
import { ServiceError } from "./service-error.ts";

/**
 * Runs a write; when the database cannot be reached or is busy, the person is told to try again.
 * Any other failure (a bug, bad SQL, an unexpected constraint) passes through unchanged.
 */
export async function storeOrExplain<T>(what: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isStorageUnavailable(error)) throw error;
    throw new ServiceError(
      "unavailable",
      `We could not save ${what} right now. Please try again in a few minutes.`,
      { cause: error },
    );
  }
}
