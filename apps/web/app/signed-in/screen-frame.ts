/** What an app screen may say in its route's `handle` export. */
export interface AppScreenHandle {
  /** "bare": the screen fills the window alone, without the app's header (a wall display). */
  frame?: "bare";
}

/** Whether the screen shown asks for the window to itself. */
export function wantsBareFrame(handles: readonly unknown[]): boolean {
  return handles.some((handle) => (handle as AppScreenHandle | undefined)?.frame === "bare");
}
