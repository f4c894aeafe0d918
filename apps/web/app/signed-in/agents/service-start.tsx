import type { AgentOs } from "@upwatch/core";
import { AGENT_CONFIG_PATHS } from "./agent-config-text.ts";
import { CodeBlock } from "./code-block.tsx";

/** How the agent is started and kept running on each system. */
export function ServiceStart({ os, packaged }: { os: AgentOs; packaged: boolean }) {
  if (os === "windows") {
    return (
      <>
        <p>
          Run it at startup as SYSTEM with a Task Scheduler task, then start the task (the
          installation article shows how to lift Task Scheduler's 72-hour limit):
        </p>
        <CodeBlock
          label="Windows service commands"
          text={[
            `schtasks /Create /TN "Upwatch Agent" /SC ONSTART /RU SYSTEM /RL HIGHEST /F /TR "\\"C:\\Program Files\\Upwatch\\upwatch-agent.cmd\\" run --config ${AGENT_CONFIG_PATHS.windows}"`,
            'schtasks /Run /TN "Upwatch Agent"',
          ].join("\n")}
        />
      </>
    );
  }
  if (os === "macos") {
    return (
      <p>
        Run it as a launchd daemon with the property list given in the installation article, or try
        it first in a terminal with{" "}
        <code className="app-code">upwatch-agent run --config {AGENT_CONFIG_PATHS.macos}</code>.
      </p>
    );
  }
  return (
    <>
      <p>
        {packaged
          ? "The package installed and enabled the upwatch-agent service; start it now:"
          : "Run the agent under your service manager (a systemd unit, say) with this command:"}
      </p>
      <CodeBlock
        label="start command"
        text={
          packaged
            ? "sudo systemctl start upwatch-agent\nsudo systemctl status upwatch-agent"
            : `upwatch-agent run --config ${AGENT_CONFIG_PATHS.linux}`
        }
      />
    </>
  );
}
