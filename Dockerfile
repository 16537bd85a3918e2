# Paceline, one stateless instance (docs/deploy.md). Built and run by deploy/compose.yaml;
# the same image runs every instance and the one-off migration.
FROM node:20-bookworm-slim AS build
WORKDIR /app
# The framework patches go in with the install: npm ci's postinstall applies them
# (patch-package --error-on-fail stops the build when one does not apply), and production
# refuses to start without them (docs/deploy.md).
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx remix vite:build && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production APP_MODE=production PORT=3000
# The whole pruned tree: the build, server.mjs, migrations (read at start), content/ and
# catalogue/ (the embedded CMS and shop), and the ride-analysis worker modules.
COPY --from=build --chown=node:node /app ./
USER node
EXPOSE 3000
# Liveness for the orchestrator; the load balancer asks /readyz.
HEALTHCHECK --interval=10s --timeout=3s --retries=3 CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "server.mjs"]
