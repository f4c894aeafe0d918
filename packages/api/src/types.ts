import type { z } from "zod";
import type {
  alertPageResponse,
  alertResponse,
  channelResponse,
  deliveryPageResponse,
  deliveryResponse,
  dependencyResponse,
  incidentResponse,
  monitorChannelListResponse,
  testSendResponse,
} from "./alerting-schemas.ts";
import type {
  apiKeyResponse,
  changedEmailResponse,
  createdApiKeyResponse,
  signedInResponse,
} from "./auth-schemas.ts";
import type { channelLinkResponse } from "./channel-link-schemas.ts";
import type { groupResponse } from "./group-schemas.ts";
import type {
  accountResponse,
  checkPageResponse,
  checkResultResponse,
  heartbeatPingsResponse,
  monitorDetailResponse,
  monitorOverviewResponse,
  monitorResponse,
  regionLatencyResponse,
  regionListResponse,
  statsResponse,
} from "./monitor-schemas.ts";

/** Every list answer wraps its items in `data`. */
export interface ListOf<T> {
  data: T[];
}

/** A monitor as `GET /monitors` lists it. */
export type MonitorView = z.output<typeof monitorResponse>;
/** What a heartbeat monitor's last pings said (the live `heartbeat` event). */
export type HeartbeatPingsView = z.output<typeof heartbeatPingsResponse>;
/** A monitor as `GET /monitors/{id}` answers it: with the channels its alerts reach. */
export type MonitorDetailView = z.output<typeof monitorDetailResponse>;
/** One channel a monitor's alerts reach, its own or through its groups. */
export type EffectiveChannel = MonitorDetailView["effective_channels"][number];
/** A group as `GET /groups/{id}` answers it: members, channels, status and counts. */
export type Group = z.output<typeof groupResponse>;
export type GroupStatusView = Group["status"];
/** What the list screen shows of one monitor's last day (`GET /monitors/overview`). */
export type MonitorOverview = z.output<typeof monitorOverviewResponse>["data"][number];
/** The status a person reads: paused and pending (no conclusive check yet) included. */
export type MonitorStatus = MonitorOverview["status"];
/** One half-hour of checks. */
export type UptimeBucket = MonitorOverview["bars"][number];
/** One stored check (`GET /monitors/{id}/checks`). */
export type CheckView = z.output<typeof checkResultResponse>;
/** Per-phase milliseconds of one check; null on plans without DNS and TTFB timings. */
export type CheckTimingsView = NonNullable<CheckView["timings"]>;
export type CheckPage = z.output<typeof checkPageResponse>;
/** `GET /monitors/{id}/stats?range=`. */
export type StatsView = z.output<typeof statsResponse>;
/** One region's figures in `GET /monitors/{id}/stats`. */
export type RegionStatsView = StatsView["regions"][number];
/** `GET /monitors/{id}/region-latency?period=`: one series per region. */
export type RegionLatencyView = z.output<typeof regionLatencyResponse>;
/** One bucket of a region's latency series. */
export type RegionLatencyPoint = RegionLatencyView["regions"][number]["points"][number];
/** One region of `GET /regions`: served or not, its live runners and open outage. */
export type RegionView = z.output<typeof regionListResponse>["regions"][number];
export type IncidentView = z.output<typeof incidentResponse>;
/** `GET /account`: the plan, its limits and how many monitors the account has. */
export type AccountOverview = z.output<typeof accountResponse>;

/** An alert as `GET /alerts/{id}` answers it. */
export type AlertView = z.output<typeof alertResponse>;
export type AlertPage = z.output<typeof alertPageResponse>;
export type DependencyView = z.output<typeof dependencyResponse>;
/** A channel as `GET /channels` shows it (secrets masked). */
export type Channel = z.output<typeof channelResponse>;
/** A monitor's own channel, with the severities it receives on that monitor. */
export type MonitorChannel = z.output<typeof monitorChannelListResponse>["data"][number];
/** One attachment of a channel and the alert severities it receives. */
export type ChannelLinkView = z.output<typeof channelLinkResponse>;
/** One attempt in the delivery log (`GET /notifications`). */
export type Delivery = z.output<typeof deliveryResponse>;
export type DeliveryPage = z.output<typeof deliveryPageResponse>;
/** `POST /channels/{id}/test`. */
export type TestResult = z.output<typeof testSendResponse>;

/** What the session endpoints (session, login, register, reset) answer. */
export type SessionAnswer = z.output<typeof signedInResponse>;
export type SessionUser = SessionAnswer["user"];
export type SessionAccount = SessionAnswer["account"];
export type SessionMembership = SessionAnswer["membership"];
export type ChangedEmail = z.output<typeof changedEmailResponse>;
/** An API key as `GET /api-keys` lists it. */
export type ApiKey = z.output<typeof apiKeyResponse>;
/** `POST /api-keys` answers the key itself, this one time. */
export type CreatedApiKey = z.output<typeof createdApiKeyResponse>;
