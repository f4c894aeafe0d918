# The Upwatch server as a container image. See docs/containers.md.
#
#   docker build -t upwatch .
#   docker run -d --name upwatch -p 3000:3000 -v upwatch-data:/data upwatch
#
# NODE_IMAGE is any Debian bookworm image with Node.js 20.19+, 22.12+ or 24 and its headers in
# /usr/local/include/node (the official node images are such images).
ARG NODE_IMAGE=node:20-bookworm-slim

# Compilers for the native SQLite driver, which is compiled from source against the image's own
# Node.js headers: nothing is downloaded but packages.
FROM ${NODE_IMAGE} AS toolchain
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin
ENV npm_config_nodedir=/usr/local \
    npm_config_build_from_source=true \
    npm_config_update_notifier=false
WORKDIR /app

# Only the manifests, so that the installs below are cached until a dependency changes.
FROM toolchain AS manifests
COPY package.json package-lock.json ./
COPY apps/agent/package.json apps/agent/
COPY apps/runner/package.json apps/runner/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/api/package.json packages/api/
COPY packages/broker/package.json packages/broker/
COPY packages/checks/package.json packages/checks/
COPY packages/core/package.json packages/core/
COPY packages/db/package.json packages/db/

FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# What the server and the runner load, and no more: the web app's packages end up in its static
# build, type declarations serve only builds, and the driver keeps its compiled module without
# its sources and objects.
FROM manifests AS production-deps
RUN npm ci --omit=dev --no-audit --no-fund --workspace apps/server --workspace apps/runner \
  && npm cache clean --force \
  && find node_modules -type f \( -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' \) -delete \
  && cd node_modules/better-sqlite3 \
  && mv build/Release/better_sqlite3.node /tmp/ \
  && rm -rf build deps src \
  && mkdir -p build/Release \
  && mv /tmp/better_sqlite3.node build/Release/

FROM ${NODE_IMAGE} AS runtime
# ping for ping checks; CA certificates for checks of https:// targets.
RUN apt-get update \
  && apt-get install -y --no-install-recommends iputils-ping ca-certificates \
  && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin \
  && groupadd --system --gid 10001 upwatch \
  && useradd --system --uid 10001 --gid upwatch --home-dir /data --no-create-home \
    --shell /usr/sbin/nologin upwatch \
  && mkdir /data \
  && chown upwatch:upwatch /data
WORKDIR /app
COPY --from=production-deps /app ./
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/runner/dist apps/runner/dist
COPY --from=build /app/apps/web/build/client apps/web/build/client
COPY --from=build /app/dist/agent-packages dist/agent-packages
ENV DATA_DIR=/data \
    PORT=3000 \
    EDITION=self-hosted
VOLUME /data
EXPOSE 3000
USER upwatch
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node.js runs as process 1: the server stops cleanly on SIGTERM (docker stop) by itself.
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
