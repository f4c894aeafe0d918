import { basename, extname, relative } from "node:path";
import { build, type Plugin, type Rolldown } from "vite";

const QUERY = "?script";

interface BuiltScript {
  /** The entry's path under the build's base, such as `assets/enhance-home-1a2b3c.js`. */
  entry: string;
  files: { fileName: string; source: string | Uint8Array }[];
}

/**
 * `import url from "./page.ts?script"` gives the address of `page.ts` built on its own: a
 * small browser module with the code it imports (and chunks for what it imports lazily), and
 * none of the app's bundle. Pages that do not hydrate load it instead of the framework.
 */
export function standaloneScript(): Plugin {
  const built = new Map<string, Promise<BuiltScript>>();
  let base = "/";
  let root = process.cwd();
  let serving = false;
  return {
    name: "upwatch:standalone-script",
    configResolved(config) {
      base = config.base;
      root = config.root;
      serving = config.command === "serve";
    },
    load: {
      filter: { id: /\?script$/ },
      async handler(id) {
        const file = id.slice(0, -QUERY.length);
        // The development server compiles the module when the browser asks for it.
        if (serving) return `export default ${JSON.stringify(`/${relative(root, file)}`)};`;
        let script = built.get(file);
        if (!script) {
          script = bundle(file, root);
          built.set(file, script);
        }
        const { entry, files } = await script;
        if (this.environment.config.consumer === "client") {
          for (const { fileName, source } of files)
            this.emitFile({ type: "asset", fileName, source });
        }
        return `export default ${JSON.stringify(`${base}${entry}`)};`;
      },
    },
  };
}

async function bundle(file: string, root: string): Promise<BuiltScript> {
  const name = `enhance-${basename(file, extname(file))}`;
  const result = (await build({
    configFile: false,
    envDir: false,
    root,
    logLevel: "warn",
    build: {
      write: false,
      copyPublicDir: false,
      modulePreload: false,
      rolldownOptions: {
        input: { [name]: file },
        preserveEntrySignatures: false,
        output: {
          entryFileNames: "assets/[name]-[hash].js",
          chunkFileNames: `assets/${name}-[name]-[hash].js`,
        },
      },
    },
  })) as Rolldown.RolldownOutput;
  const files = result.output.map((output) => ({
    fileName: output.fileName,
    source: output.type === "chunk" ? output.code : output.source,
  }));
  const entry = result.output.find((output) => output.type === "chunk" && output.isEntry);
  if (!entry) throw new Error(`Building ${file} on its own gave no entry script.`);
  return { entry: entry.fileName, files };
}
