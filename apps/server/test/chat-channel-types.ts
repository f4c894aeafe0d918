import type { FakeChatWebhooks } from "./fake-chat-webhooks.ts";
import { startFakeDiscord } from "./fake-discord.ts";
import { startFakeGoogleChat } from "./fake-google-chat.ts";
import { startFakeMattermost } from "./fake-mattermost.ts";
import { startFakeTeamsWorkflows } from "./fake-teams-workflows.ts";

/** One chat channel type as a customer meets it, with the fake of its service. */
export interface ChatChannelType {
  type: "discord" | "mattermost" | "microsoft-teams" | "google-chat";
  /** The service's name, which is also a new channel's default name. */
  label: string;
  startFake(): Promise<FakeChatWebhooks<string>>;
  /** The kind of fake webhook URL that answers 429. */
  rateLimited: string;
  /** What a test message says, wherever it sits in the service's message. */
  testSays: string;
  /** The delivery log's sentence for the service's 429. */
  rateLimitSentence: string;
}

export const CHAT_CHANNEL_TYPES: readonly ChatChannelType[] = [
  {
    type: "discord",
    label: "Discord",
    startFake: startFakeDiscord,
    rateLimited: "rate-limited",
    testSays: "This Discord channel will receive Upwatch alerts.",
    rateLimitSentence:
      "Discord limited the rate of messages to this webhook (429) and asked to wait 1.5 s.",
  },
  {
    type: "mattermost",
    label: "Mattermost",
    startFake: startFakeMattermost,
    rateLimited: "rate-limited",
    testSays: "This Mattermost channel will receive Upwatch alerts.",
    rateLimitSentence: "Mattermost limited the rate of requests from Upwatch (429).",
  },
  {
    type: "microsoft-teams",
    label: "Microsoft Teams",
    startFake: startFakeTeamsWorkflows,
    rateLimited: "throttled",
    testSays: "This Microsoft Teams channel will receive Upwatch alerts.",
    rateLimitSentence:
      "Microsoft Teams is limiting how often this workflow runs and refused the message with 429 (WorkflowTriggerIsThrottled: The workflow trigger is throttled; retry after 30 seconds.); later messages go through once the rate drops.",
  },
  {
    type: "google-chat",
    label: "Google Chat",
    startFake: startFakeGoogleChat,
    rateLimited: "rate-limited",
    testSays: "This Google Chat space will receive Upwatch alerts.",
    rateLimitSentence:
      "Google Chat is limiting how often this space's webhook posts and refused the message with 429 (RESOURCE_EXHAUSTED: Resource has been exhausted (e.g. check quota).); later messages go through once the rate drops.",
  },
];

/** Starts the fake of every chat service, keyed by channel type. */
export async function startChatFakes(): Promise<
  Record<ChatChannelType["type"], FakeChatWebhooks<string>>
> {
  const fakes = await Promise.all(CHAT_CHANNEL_TYPES.map((chat) => chat.startFake()));
  return Object.fromEntries(
    CHAT_CHANNEL_TYPES.map((chat, index) => [chat.type, fakes[index]!]),
  ) as Record<ChatChannelType["type"], FakeChatWebhooks<string>>;
}
