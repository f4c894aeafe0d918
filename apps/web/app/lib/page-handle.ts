/** What a route may say about its page in its `handle` export. */
export interface PageHandle {
  /**
   * `false`: the page is served as its prerendered HTML plus `script`, without the framework.
   * Following a link from it loads the next page; reaching it from within the app renders it.
   */
  hydrate?: false;
  /** The page's own small module (imported with `?script`), when it does not hydrate. */
  script?: string;
}

/** The script of the page being prerendered when it does not hydrate, else undefined. */
export function staticPageScript(handles: readonly unknown[]): string | undefined {
  for (const handle of handles) {
    const page = handle as PageHandle | undefined;
    if (page?.hydrate === false && page.script) return page.script;
  }
  return undefined;
}
