# PodFlow in one container: the same embedded defaults as `npm start` (SQLite and files in /data).
FROM node:24-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
RUN npm ci
COPY . .
RUN npm run build --workspace @podflow/web
ENV NODE_ENV=production DATA_DIR=/data PORT=8080
EXPOSE 8080
CMD ["node", "apps/server/src/main.ts"]
