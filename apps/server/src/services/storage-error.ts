import { RequestError } from "../http/problem.ts";

/** Raised when the database cannot take a write; the person is told to try again. */
export class StorageUnavailableError extends RequestError {
  constructor(what: string) {
    super(503, `We could not save ${what} right now. Please try again in a few minutes.`);
  }
}

/** Runs a write and turns any storage failure into a StorageUnavailableError. */
export async function storeOrExplain<T>(what: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof RequestError) throw error;
    throw Object.assign(new StorageUnavailableError(what), { cause: error });
  }
}
