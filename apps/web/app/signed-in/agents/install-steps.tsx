import { useQuery } from "@tanstack/react-query";
import type { AgentOs } from "@upwatch/core";
import { Link } from "react-router";
import { problemText } from "../api-client.ts";
import { LoadError } from "../ui/load-error.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import { AGENT_CONFIG_PATHS } from "./agent-config-text.ts";
import type { AgentDownloads } from "./agent-types.ts";
import { agentDownloadsQuery } from "./agents-api.ts";
import { CodeBlock } from "./code-block.tsx";
import { ServiceStart } from "./service-start.tsx";

type DownloadFile = AgentDownloads["files"][number];

/** Where npm puts the agent on each system, as the installation articles say. */
const NPM_INSTALL: Record<AgentOs, string> = {
  linux: "sudo npm install -g",
  windows: 'npm install -g --prefix "C:\\Program Files\\Upwatch"',
  macos: "sudo npm install -g --prefix /usr/local",
};

const CHECK_COMMAND: Record<AgentOs, string> = {
  linux: "sudo upwatch-agent check",
  windows: '& "C:\\Program Files\\Upwatch\\upwatch-agent.cmd" check',
  macos: "sudo upwatch-agent check",
};

/** The address of a download on this server, for a command run elsewhere. */
function absolute(url: string): string {
  return new URL(url, window.location.origin).href;
}

/**
 * How to install the agent on the chosen system, with the packages this server offers, then
 * how to check the configuration and start the service.
 */
export function InstallSteps({ os }: { os: AgentOs }) {
  const downloads = useQuery(agentDownloadsQuery());
  if (downloads.isPending) return <Skeleton lines={3} label="Loading the agent packages" />;
  if (downloads.isError) {
    return (
      <LoadError message={problemText(downloads.error)} onRetry={() => void downloads.refetch()} />
    );
  }
  const files = downloads.data.files;
  const of = (kind: DownloadFile["kind"]) => files.find((file) => file.kind === kind);
  const npm = of("npm");
  const deb = os === "linux" ? of("deb") : undefined;
  const rpm = os === "linux" ? of("rpm") : undefined;
  const config = AGENT_CONFIG_PATHS[os];
  return (
    <ol className="agent-steps">
      <li>
        <h3>Install the agent</h3>
        {!npm && !deb && !rpm ? (
          <p>
            This server has no agent packages to offer yet. Its operator can build them with{" "}
            <code className="app-code">npm run package:agent</code>; this page then lists them.
          </p>
        ) : (
          <>
            {deb ? (
              <PackageCommand file={deb} title="Debian and Ubuntu (.deb)" kind=".deb">
                {`curl -fLO ${absolute(deb.url)}\nsudo apt install ./${deb.name}`}
              </PackageCommand>
            ) : null}
            {rpm ? (
              <PackageCommand
                file={rpm}
                title="Fedora, RHEL, Rocky and AlmaLinux (.rpm)"
                kind=".rpm"
              >
                {`curl -fLO ${absolute(rpm.url)}\nsudo dnf install ./${rpm.name}`}
              </PackageCommand>
            ) : null}
            {npm ? (
              <PackageCommand
                file={npm}
                title="Anywhere Node.js 20.19 or later runs (npm)"
                kind="npm"
              >
                {`${NPM_INSTALL[os]} ${absolute(npm.url)}`}
              </PackageCommand>
            ) : null}
            {os === "linux" && (!deb || !rpm) ? (
              <UnbuiltLinuxPackages deb={!deb} rpm={!rpm} />
            ) : null}
          </>
        )}
      </li>
      <li>
        <h3>Save the configuration</h3>
        <p>
          Save the configuration above as <code className="app-code">{config}</code>
          {os === "linux" && (deb || rpm)
            ? " (the package installed an example there; replace it)"
            : ""}
          .
        </p>
      </li>
      <li>
        <h3>Check it</h3>
        <p>This reads the file and makes one call to Upwatch with the key.</p>
        <CodeBlock
          text={deb || rpm ? "sudo -u upwatch upwatch-agent check" : CHECK_COMMAND[os]}
          label="check command"
        />
      </li>
      <li>
        <h3>Start the service</h3>
        <ServiceStart os={os} packaged={Boolean(deb || rpm)} />
        <p>
          The agent sends its first report right away; this agent then shows Online. See the{" "}
          <Link to={`/knowledge-base/${os}-agent`}>installation article</Link> for more.
        </p>
      </li>
    </ol>
  );
}

/** Names the Linux packages this server lacks and how its operator builds them. */
function UnbuiltLinuxPackages({ deb, rpm }: { deb: boolean; rpm: boolean }) {
  const missing =
    deb && rpm ? "no .deb or .rpm package" : deb ? "no .deb package" : "no .rpm package";
  const tools = deb && rpm ? "dpkg-deb and rpmbuild" : deb ? "dpkg-deb" : "rpmbuild";
  return (
    <p className="app-muted">
      This server offers {missing}: its operator builds {deb && rpm ? "them" : "it"} with{" "}
      <code className="app-code">npm run package:agent</code> on a machine with {tools}.
    </p>
  );
}

function PackageCommand({
  file,
  title,
  kind,
  children,
}: {
  file: DownloadFile;
  title: string;
  /** The package's kind as its copy button names it: "Copy .deb install command". */
  kind: string;
  children: string;
}) {
  return (
    <div className="agent-package">
      <h4>{title}</h4>
      <p className="app-muted">
        <a href={file.url} download>
          {file.name}
        </a>{" "}
        ({Math.max(1, Math.round(file.bytes / 1024))} KB), SHA-256{" "}
        <code className="app-code agent-sha">{file.sha256}</code>
      </p>
      <CodeBlock text={children} label={`${kind} install command`} />
    </div>
  );
}
