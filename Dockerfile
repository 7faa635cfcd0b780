# The visualizer processor and the e-mail worker, as one image for any container host (README "Deploying").
# Not built or run by this project's tests (no Docker here); tests/deployment/production-install.test.ts runs the
# same steps without Docker: build:services, a production install, then the two commands below.
#   docker build -t flooring-services .
#   docker run -e PORT=8080 -e ... flooring-services                                        # the processor
#   docker run -e ... flooring-services node build/services/email-worker/src/main.js        # the e-mail worker

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# --ignore-scripts: nothing the services use needs an install script (sharp ships prebuilt binaries).
RUN npm ci --ignore-scripts --no-audit --no-fund
# The whole checkout (less .dockerignore): the services import shared folders (contracts/, job-queue/, src/config/,
# visitor-data/, ...) and tsc follows their imports wherever they lead.
COPY . .
# The floor model is not in git: the project's install step downloads the pinned file and checks its sha256
# (--required: no image without it); build:services checks it again and copies it beside the compiled engine.
RUN node scripts/install-floor-model.mjs --required
RUN npm run build:services && npm prune --omit=dev --ignore-scripts

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build/services ./build/services
# The image's own `node` user: the services write nothing to disk with VISUALIZER_STORAGE=supabase.
USER node
EXPOSE 8080
# = npm run serve:processor, started directly so that the host's SIGTERM reaches node (a clean stop).
CMD ["node", "build/services/visualizer-processor/src/main.js"]
