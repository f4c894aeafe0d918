export { BrokerControl, revokedDetail } from "./broker-control.ts";
export {
  type BrokerOptions,
  brokerKeys,
  DEFAULT_PREFIX,
  RUNNERS_GROUP,
  SERVERS_GROUP,
} from "./broker-options.ts";
export { CheckDispatch } from "./check-dispatch.ts";
export { JobConsumer, type JobConsumerOptions } from "./job-consumer.ts";
export {
  CheckJob,
  MAX_JOB_BYTES,
  MAX_REPORT_BYTES,
  parseMessage,
  RunnerControlMessage,
  RunnerReport,
  RunnerResult,
  ServerControlMessage,
} from "./messages.ts";
export { type InboxEntry, ReportInbox, type ReportInboxOptions } from "./report-inbox.ts";
export { RUNNER_TOKEN_PREFIX, runnerIdOfToken } from "./runner-token.ts";
