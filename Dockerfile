# syntax=docker/dockerfile:1
# One image for both processes of the service: `api` (the default command) and `worker`
# (command `node --import tsx src/bin/worker.ts`), plus the one-off `migrate`.
# The service runs its TypeScript through tsx, a production dependency, so nothing is compiled
# here except the Temporal workflow bundle, which workers would otherwise build at every start.

ARG NODE_IMAGE=node:20-bookworm-slim

# ---- Production dependencies only (no jest, ts-jest, typescript, type packages) ----
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# The lock was made where the registry serves only linux-x64 builds, so it lacks other platforms'
# optional packages and `npm ci` may refuse it; `npm install` then follows the same locked versions.
RUN (npm ci --omit=dev --no-audit --no-fund || npm install --omit=dev --no-audit --no-fund) && npm cache clean --force

# ---- Build: the workflow bundle (webpack through @temporalio/worker, also a production dependency) ----
FROM deps AS build
COPY tsconfig.json ./
COPY src ./src
COPY workflows ./workflows
COPY activities ./activities
COPY db ./db
RUN node --import tsx src/bin/bundle-workflows.ts /app/dist/workflow-bundle.js

# ---- Runtime ----
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8000 \
    WORKFLOW_BUNDLE_PATH=/app/dist/workflow-bundle.js \
    SERVICE_DATA_DIR=/tmp/docextract \
    GLIBC_TUNABLES=glibc.malloc.mmap_threshold=131072
# GLIBC_TUNABLES: large freed buffers go back to the OS at once (src/runtime/malloc-tunables.ts).
WORKDIR /app
# LibreOffice converts OpenDocument, RTF, DOC, XLS and PPT uploads (README, Formats); without it
# those formats are refused with converter_unavailable.
RUN apt-get update \
    && apt-get install -y --no-install-recommends libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui \
    && rm -rf /var/lib/apt/lists/*
# Owned by root and read-only to the service user: the running process cannot change its own code.
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json package-lock.json tsconfig.json openapi.yaml ./
COPY src ./src
COPY workflows ./workflows
COPY activities ./activities
COPY db ./db
# The `node` user (uid 1000) of the official image; tsx keeps its compile cache in /tmp.
USER node
EXPOSE 8000
# Readiness (Postgres and Temporal answer); the image has no curl, Node's fetch does it.
HEALTHCHECK --interval=10s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node --import tsx rather than the tsx CLI: SIGTERM reaches the service itself, which drains.
CMD ["node", "--import", "tsx", "src/bin/api.ts"]
