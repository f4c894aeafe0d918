import { OPERATIONS as OP } from "@upwatch/api";
import { linksOf } from "@upwatch/core";
import type { FastifyInstance } from "fastify";
import { accessOf } from "../../http/api-key-auth.ts";
import type { ZodTypeProvider } from "../../http/zod-type-provider.ts";
import { createChannel } from "../../services/channels/create-channel.ts";
import { deleteChannel } from "../../services/channels/delete-channel.ts";
import { getChannel } from "../../services/channels/get-channel.ts";
import { listChannels } from "../../services/channels/list-channels.ts";
import {
  listMonitorChannels,
  setMonitorChannels,
} from "../../services/channels/monitor-channels.ts";
import { resendChannelConfirmation } from "../../services/channels/resend-channel-confirmation.ts";
import { sendTestNotification } from "../../services/channels/send-test-notification.ts";
import { updateChannel } from "../../services/channels/update-channel.ts";
import type { ServiceContext } from "../../services/context.ts";
import type { Alerting } from "./api-deps.ts";
import { routeOf } from "./route-of.ts";

/** A test waits this long for its attempt: longer than one delivery's 10-second limit. */
const TEST_WAIT_MS = 12_000;

/** `/api/v1/channels`: where alerts go, tests of them, and which channels each monitor uses. */
export async function channelRoutes(
  app: FastifyInstance,
  options: { ctx: ServiceContext; alerting: Alerting; mailQueued: () => void },
) {
  const { ctx, alerting, mailQueued } = options;
  const deps = alerting.channelDeps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...routeOf(OP.listChannels),
    handler: async (request) => ({ data: await listChannels(ctx, accessOf(request)) }),
  });

  api.route({
    ...routeOf(OP.createChannel),
    handler: async (request, reply) => {
      const channel = await createChannel(ctx, deps, accessOf(request), request.body);
      if (!channel.confirmed) mailQueued();
      return reply.code(OP.createChannel.status).send(channel);
    },
  });

  api.route({
    ...routeOf(OP.getChannel),
    handler: async (request) => getChannel(ctx, accessOf(request), request.params.id),
  });

  api.route({
    ...routeOf(OP.updateChannel),
    handler: async (request) => {
      const channel = await updateChannel(
        ctx,
        deps,
        accessOf(request),
        request.params.id,
        request.body,
      );
      if (!channel.confirmed) mailQueued();
      return channel;
    },
  });

  api.route({
    ...routeOf(OP.resendChannelConfirmation),
    handler: async (request) => {
      const channel = await resendChannelConfirmation(
        ctx,
        deps,
        accessOf(request),
        request.params.id,
      );
      mailQueued();
      return channel;
    },
  });

  api.route({
    ...routeOf(OP.deleteChannel),
    handler: async (request, reply) => {
      await deleteChannel(ctx, accessOf(request), request.params.id);
      return reply.code(OP.deleteChannel.status).send();
    },
  });

  api.route({
    ...routeOf(OP.testChannel),
    handler: async (request, reply) => {
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
    },
  });

  api.route({
    ...routeOf(OP.listMonitorChannels),
    handler: async (request) => ({
      data: await listMonitorChannels(ctx, accessOf(request), request.params.id),
    }),
  });

  api.route({
    ...routeOf(OP.setMonitorChannels),
    handler: async (request) => {
      const { params, body } = request;
      const links = linksOf(body.channel_ids, body.channels) ?? [];
      const channels = await setMonitorChannels(ctx, accessOf(request), params.id, links);
      return { data: channels };
    },
  });
}
