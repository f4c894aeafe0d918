import { OPERATIONS as OP } from "@upwatch/api";
import type { FastifyInstance } from "fastify";
import { accessOf } from "../../http/api-key-auth.ts";
import type { ZodTypeProvider } from "../../http/zod-type-provider.ts";
import type { ServiceContext } from "../../services/context.ts";
import { createCustomRole } from "../../services/team/custom-roles/create-custom-role.ts";
import type { CustomRole } from "../../services/team/custom-roles/custom-role-record.ts";
import { deleteCustomRole } from "../../services/team/custom-roles/delete-custom-role.ts";
import { listRoles, type RoleSummary } from "../../services/team/custom-roles/list-roles.ts";
import { updateCustomRole } from "../../services/team/custom-roles/update-custom-role.ts";
import { isoTime } from "../../time.ts";
import { routeOf } from "./route-of.ts";

/** `/api/v1/roles`: the built-in roles and the account's custom roles. */
export async function roleRoutes(app: FastifyInstance, options: { ctx: ServiceContext }) {
  const { ctx } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...routeOf(OP.listRoles),
    handler: async (request) => ({
      data: (await listRoles(ctx, accessOf(request).accountId)).map(presentRole),
    }),
  });

  api.route({
    ...routeOf(OP.createRole),
    handler: async (request, reply) => {
      const role = await createCustomRole(ctx, accessOf(request), request.body);
      return reply.code(OP.createRole.status).send(presentCustom(role));
    },
  });

  api.route({
    ...routeOf(OP.updateRole),
    handler: async (request) =>
      presentCustom(
        await updateCustomRole(ctx, accessOf(request), request.params.id, request.body),
      ),
  });

  api.route({
    ...routeOf(OP.deleteRole),
    handler: async (request, reply) => {
      await deleteCustomRole(ctx, accessOf(request), request.params.id);
      return reply.code(OP.deleteRole.status).send();
    },
  });
}

function presentRole(role: RoleSummary) {
  if (role.kind === "custom") return presentCustom(role);
  return {
    id: role.role,
    name: role.name,
    kind: "built_in" as const,
    role: role.role,
    permissions: [...role.permissions],
    created_at: null,
    updated_at: null,
  };
}

function presentCustom(role: CustomRole) {
  return {
    id: role.id,
    name: role.name,
    kind: "custom" as const,
    role: "custom" as const,
    permissions: role.permissions,
    created_at: isoTime(role.createdAt),
    updated_at: isoTime(role.updatedAt),
  };
}
