# syntax=docker/dockerfile:1
# Hanabi's production image. Every step runs the project's own scripts, the ones CI runs on a fresh clone
# (`npm run production:check`, which also starts an api and a worker from the result): so what CI checks is what
# this image holds. Build: `docker build -t hanabi .`; run: see deploy/compose.example.yaml and docs/operations.md.
ARG NODE_IMAGE=node:24.21.0-bookworm-slim

# 1. Build: the full install (dev tools included), then scripts/production-stage.mjs writes /stage: the production
#    package.json files and lockfile, the bundled server, its SQL migrations and the built web app.
FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY package.json package-lock.json .npmrc ./
COPY packages/api/package.json packages/api/
COPY packages/draw/package.json packages/draw/
COPY packages/token/package.json packages/token/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN node scripts/production-stage.mjs /stage

# 2. Runtime dependencies only, installed from the staged lockfile (no dev tools, no embedded-only parts).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY --from=build /stage/ ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# 3. The image: built output + production dependencies, owned by root and run as the unprivileged `node` user.
FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    HANABI_DATA_DIR=/tmp/hanabi
WORKDIR /app
COPY --from=deps /app ./
USER node
EXPOSE 3000
# api and `all` processes answer /api/health; a worker sets HANABI_HEALTHCHECK_URL to its own probe.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "scripts/healthcheck.mjs"]
# SIGTERM reaches Node directly (exec form): requests drain and running jobs finish before it exits.
CMD ["node", "apps/server/dist/main.js"]
