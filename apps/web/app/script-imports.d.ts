/** `import url from "./page.ts?script"`: the address of that module built on its own. */
declare module "*?script" {
  const url: string;
  export default url;
}
