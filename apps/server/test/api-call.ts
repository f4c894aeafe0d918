import type { FastifyInstance } from "fastify";

/** The status and the parsed body of an /api/v1 request sent as `account`. */
export async function callApi(
  server: FastifyInstance,
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
  url: string,
  account: { headers: Record<string, string> },
  payload?: object,
) {
  const response = await server.inject({
    method,
    url: `/api/v1${url}`,
    headers: account.headers,
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.body ? response.json() : undefined };
}
