import type { FastifyInstance, FastifyRequest } from "fastify";
import { accessOf } from "../../http/api-key-auth.ts";
import { createChannel } from "../../services/channels/create-channel.ts";
import { deleteChannel } from "../../services/channels/delete-channel.ts";
import { getChannel } from "../../services/channels/get-channel.ts";
import { listChannels } from "../../services/channels/list-channels.ts";
import {
  listMonitorChannels,
  setMonitorChannels,
} from "../../services/channels/monitor-channels.ts";
import { sendTestNotification } from "../../services/channels/send-test-notification.ts";
import { updateChannel } from "../../services/channels/update-channel.ts";
import type { ServiceContext } from "../../services/context.ts";
import type { Alerting } from "./api-deps.ts";
import { OPERATIONS as OP } from "./operations.ts";
import { parseWith } from "./parse.ts";
import { presentChannel } from "./present-alerting.ts";

type WithId = FastifyRequest<{ Params: { id: string } }>;

/** A test waits this long for its attempt: longer than one delivery's 10-second limit. */
const TEST_WAIT_MS = 12_000;

/** `/api/v1/channels`: where alerts go, tests of them, and which channels each monitor uses. */
export async function channelRoutes(
  app: FastifyInstance,
  options: { ctx: ServiceContext; alerting: Alerting },
) {
  const { ctx, alerting } = options;
  const deps = alerting.channelDeps;

  app.get(OP.listChannels.url, async (request) => ({
    data: (await listChannels(ctx, accessOf(request))).map(presentChannel),
  }));

  app.post(OP.createChannel.url, async (request, reply) => {
    const input = parseWith(OP.createChannel.body, request.body);
    const channel = await createChannel(ctx, deps, accessOf(request), input);
    return reply.code(OP.createChannel.status).send(presentChannel(channel));
  });

  app.get(OP.getChannel.url, async (request: WithId) =>
    presentChannel(await getChannel(ctx, accessOf(request), request.params.id)),
  );

  app.patch(OP.updateChannel.url, async (request: WithId) => {
    const patch = parseWith(OP.updateChannel.body, request.body);
    return presentChannel(
      await updateChannel(ctx, deps, accessOf(request), request.params.id, patch),
    );
  });

  app.delete(OP.deleteChannel.url, async (request: WithId, reply) => {
    await deleteChannel(ctx, accessOf(request), request.params.id);
    return reply.code(OP.deleteChannel.status).send();
  });

  app.post(OP.testChannel.url, async (request: WithId, reply) => {
    const sent = await sendTestNotification(
      ctx,
      { attempts: alerting.attempts, queued: alerting.hooks.queued, waitMs: TEST_WAIT_MS },
      accessOf(request),
      request.params.id,
    );
    return reply.code(sent.attempt ? 200 : 202).send({
      notification_id: sent.notificationId,
      status: sent.attempt?.status ?? "pending",
      latency_ms: sent.attempt?.latencyMs ?? null,
      error: sent.attempt?.error ?? null,
    });
  });

  app.get(OP.listMonitorChannels.url, async (request: WithId) => ({
    data: (await listMonitorChannels(ctx, accessOf(request), request.params.id)).map(
      presentChannel,
    ),
  }));

  app.put(OP.setMonitorChannels.url, async (request: WithId) => {
    const input = parseWith(OP.setMonitorChannels.body, request.body);
    const channels = await setMonitorChannels(
      ctx,
      accessOf(request),
      request.params.id,
      input.channel_ids,
    );
    return { data: channels.map(presentChannel) };
  });
}
