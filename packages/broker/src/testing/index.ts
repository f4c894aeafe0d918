export { jobFor, pendingJobs, recordingInbox, UP } from "./jobs.ts";
export { eventually, testPrefix, testRedisUrl } from "./redis.ts";
export { relayTo } from "./relay.ts";
