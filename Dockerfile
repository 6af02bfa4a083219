# syntax=docker/dockerfile:1
#
# One image for every process of Medical QR: the five NATS services (identity, records,
# billing, shop, privacy), the HTTP gateway, which also serves the built web app, and the
# local provider stand-ins (tools/sandboxes, for `docker compose --profile sandbox` only).
# One image, not one per process: one build, one vulnerability scan and one tag to roll out,
# and every process runs exactly the same dependencies; SERVICE picks the process.
#
#   docker build --build-arg SERVICE=records -t medical-qr-records .
#
# SERVICE picks the process the container starts (default: gateway). It is also an
# environment variable, so one image can run any process: `docker run -e SERVICE=shop ...`.

# ---- build: install everything, build every package, then drop the dev dependencies ----
FROM node:24-slim AS build
WORKDIR /app
ENV NX_DAEMON=false NX_NO_CLOUD=true NX_TUI=false CI=true

# The whole source tree (less what .dockerignore leaves out), so a new workspace never needs
# a change here. `npm ci` rejects this lockfile (see docs/deployment.md); `npm install`
# follows it.
COPY . .
RUN --mount=type=cache,target=/root/.npm \
    npm install --no-audit --no-fund
RUN npx nx run-many -t build --parallel=2 --outputStyle=static

# Production dependencies only, then gather what the runtime needs into /out: every
# workspace's package.json, build (`dist`), SQL migrations and any node_modules npm placed
# inside it, the root node_modules (workspace links included) and the built web app.
# The web app is bundled into web/dist, so its packages (React and the rest) are not needed
# at run time: it leaves the workspaces before the prune. The prune also removes the `node`
# dev dependency: the image has Node 24 itself.
RUN node -e "const fs = require('fs'); const p = JSON.parse(fs.readFileSync('package.json')); p.workspaces = p.workspaces.filter((w) => w !== 'web'); fs.writeFileSync('package.json', JSON.stringify(p, null, 2));" \
 && npm prune --omit=dev --offline --no-audit --no-fund \
 && mkdir -p /out/web \
 && cp package.json package-lock.json /out/ \
 && cp -a node_modules /out/ \
 && cp -a web/dist /out/web/ \
 && for workspace in libs/* services/* tools/*; do \
      [ -f "$workspace/package.json" ] || continue; \
      mkdir -p "/out/$workspace"; \
      cp "$workspace/package.json" "/out/$workspace/"; \
      for folder in dist migrations node_modules; do \
        if [ -d "$workspace/$folder" ]; then cp -a "$workspace/$folder" "/out/$workspace/"; fi; \
      done; \
    done

# ---- runtime: production files only, as the unprivileged `node` user (uid 1000) ----
FROM node:24-slim AS runtime
ARG SERVICE=gateway
# METRICS_*: every process serves /readyz, /livez and /metrics on 9464; 0.0.0.0 so that a
# scraper or an orchestrator's probe can reach it from outside the container. HOST likewise for
# the gateway's port (it listens on loopback unless told otherwise).
ENV NODE_ENV=production \
    SERVICE=${SERVICE} \
    PORT=3000 \
    HOST=0.0.0.0 \
    METRICS_PORT=9464 \
    METRICS_HOST=0.0.0.0
WORKDIR /app
# The wallet card's fonts (the gateway draws every script a name may be in: Latin, Cyrillic, Greek, Arabic and
# Devanagari from Noto, Chinese, Japanese and Korean from Droid Sans Fallback), where CARD_FONTS_DIR expects them.
RUN apt-get update \
 && apt-get install -y --no-install-recommends fonts-noto-core fonts-droid-fallback \
 && rm -rf /var/lib/apt/lists/*
# Owned by root and read-only to the process: it never writes to its own files.
COPY --from=build /out /app
# Fail the build at once on a misspelt SERVICE, not at the first start.
RUN test -f "services/${SERVICE}/dist/main.js" \
    || { [ "${SERVICE}" = sandboxes ] && test -f tools/sandboxes/dist/main.js; } \
    || { echo "SERVICE=${SERVICE} is not one of: $(ls services | tr '\n' ' ')sandboxes" >&2; exit 1; }
USER node
# The launcher's flags for every process (tools/launcher/src/node-flags.ts says why): a young generation sized for
# the work, not for the host's memory.
ENV NODE_OPTIONS="--max-semi-space-size=16"

# The gateway's HTTP and /ws on 3000; every process's probe and metrics server on 9464.
EXPOSE 3000 9464

# HEALTHCHECK, the same question for every process: "can you serve?". Each process answers
# GET /readyz on METRICS_PORT: 200 once its own connections (PostgreSQL, Redis, NATS as it
# uses them) are up, 503 otherwise. With METRICS_PORT emptied the gateway is asked
# /api/health/ready on PORT instead (its NATS and Redis); a service then has no port, and
# nothing to ask. The stand-ins answer GET /health on their HTTP port. Node asks, because
# the slim image has no curl or wget.
HEALTHCHECK --interval=15s --timeout=5s --start-period=40s --retries=3 \
  CMD ["node", "-e", "const e = process.env; const url = e.SERVICE === 'sandboxes' ? 'http://127.0.0.1:' + (e.SANDBOX_HTTP_PORT || 4100) + '/health' : e.METRICS_PORT ? 'http://127.0.0.1:' + e.METRICS_PORT + '/readyz' : e.SERVICE === 'gateway' ? 'http://127.0.0.1:' + (e.PORT || 3000) + '/api/health/ready' : ''; if (!url) process.exit(0); fetch(url, { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1));"]

# exec: node becomes PID 1 and receives SIGTERM itself, so every process drains and closes
# its connections on `docker stop` or a rolling update. The stand-ins live under tools/.
CMD ["sh", "-c", "if [ \"$SERVICE\" = sandboxes ]; then exec node tools/sandboxes/dist/main.js; fi; exec node services/$SERVICE/dist/main.js"]
