# PodFlow's image, one for every role. Alone it runs the embedded defaults (SQLite, jobs in the
# database, files in /data):
#   docker build -t podflow .
#   docker run -p 8080:8080 -v podflow:/data \
#     -e APP_SECRET="$(openssl rand -base64 48)" -e PUBLIC_URL=https://podflow.example.com podflow
# Production needs APP_SECRET (keys, sealed secrets; the same in every process) and PUBLIC_URL.
# compose.yaml runs it split: PostgreSQL, Redis, S3 storage, one api and two workers.
FROM node:24-bookworm-slim
WORKDIR /app
# Every workspace's manifest before `npm ci`, so the dependency layer is cached until one changes.
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
COPY packages/mockup-engine/package.json packages/mockup-engine/
COPY packages/providers/package.json packages/providers/
COPY packages/sandbox/package.json packages/sandbox/
RUN npm ci
COPY . .
RUN npm run build --workspace @podflow/web \
  && mkdir -p /data && chown node:node /data
ENV NODE_ENV=production DATA_DIR=/data PORT=8080
USER node
EXPOSE 8080
# /healthz answers in every role (a worker serves only health and metrics).
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/server/src/main.ts"]
