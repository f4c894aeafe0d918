import type { Channel } from "@upwatch/api";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { APP_BASE } from "../../signed-in/api-client.ts";
import { appMeta } from "../../signed-in/app-meta.ts";
import { ChannelForm } from "../../signed-in/channels/channel-form.tsx";
import { RequirePermission } from "../../signed-in/require-permission.tsx";
import { PageHeader } from "../../signed-in/ui/page-header.tsx";
import { SecretOnce } from "../../signed-in/ui/secret-once.tsx";
import { useToast } from "../../signed-in/ui/toast.tsx";

export function meta() {
  return appMeta("Add an alert channel");
}

/** The screen, for roles allowed it. */
export default function ChannelNew() {
  return (
    <RequirePermission
      permission="channels.manage"
      title="Add a channel"
      refusal="Your role does not add alert channels."
    >
      <ChannelNewScreen />
    </RequirePermission>
  );
}

/** Adding a channel; a webhook's signing secret is shown once before moving on. */
function ChannelNewScreen() {
  const navigate = useNavigate();
  const { showToast } = useToast();
  const [webhook, setWebhook] = useState<Channel>();
  const channelPath = (channel: Channel) =>
    `${APP_BASE}/channels/${encodeURIComponent(channel.id)}`;

  const onSaved = (channel: Channel) => {
    if (channel.type === "webhook" && channel.signing_secret) {
      setWebhook(channel);
      return;
    }
    showToast(`${channel.name} is added.`);
    navigate(channelPath(channel));
  };

  return (
    <>
      <PageHeader
        title="Add an alert channel"
        back={<Link to={`${APP_BASE}/channels`}>Back to channels</Link>}
        description="Choose how alerts reach you, then which monitors use this channel."
      />
      {webhook?.signing_secret ? (
        <SecretOnce
          title={`${webhook.name} is added. Its signing secret:`}
          value={webhook.signing_secret}
          doneLabel="I have stored the secret: continue"
          onDone={() => navigate(channelPath(webhook))}
        >
          Your endpoint uses it to check that requests come from Upwatch (see{" "}
          <Link to="/knowledge-base/webhook-alerts">webhook signatures</Link>). Copy it now: it is
          shown this once, and only masked afterwards.
        </SecretOnce>
      ) : (
        <div className="app-panel">
          <ChannelForm onSaved={onSaved} onCancel={() => navigate(`${APP_BASE}/channels`)} />
        </div>
      )}
    </>
  );
}
