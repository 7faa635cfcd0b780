# The visualizer processor and the e-mail worker, as one image for any container host (README "Deploying").
# Not built or run by this project's tests (no Docker here); tests/deployment/production-install.test.ts runs the
# same steps without Docker: build:services, scripts/production-install.sh, then the serve:* scripts' commands.
#   docker build --build-arg SOURCE_COMMIT=$(git rev-parse HEAD) -t flooring-services .
#   docker run -e PORT=8080 -e ... flooring-services                                        # the processor
#   docker run -e ... flooring-services node build/services/email-worker/src/main.js        # the e-mail worker

FROM node:24-bookworm-slim AS build
WORKDIR /app
# The whole checkout (less .dockerignore): the workspaces' package.json files, and the shared folders the services
# import (contracts/, job-queue/, src/config/, src/lib/visitor-text.ts, visitor-data/), which tsc follows wherever they lead.
COPY . .
# Every tool, to compile; no dependency's install script is needed for that.
RUN npm ci --ignore-scripts --no-audit --no-fund
# The floor model is not in git: the project's install step downloads the pinned file and checks its sha256
# (--required: no image without it); build:services checks it again and copies it beside the compiled engine.
RUN node scripts/install-floor-model.mjs --required
# The commit the services are built from (the context has no .git; see the docker build line above): /healthz says
# it, and check:deployment wants the site's to be the same. A host that builds from the repository may pass its own
# commit variable as a build argument instead (contracts/build-stamp.ts); without any the services say "unknown".
ARG SOURCE_COMMIT
ARG RENDER_GIT_COMMIT
ARG RAILWAY_GIT_COMMIT_SHA
RUN npm run build:services
# Only what the two services run (their workspaces, no tools, no site), in /services.
RUN sh scripts/production-install.sh /services && cp -R build /services/build

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=33554432 \
    MALLOC_TRIM_THRESHOLD_=268435456 \
    GLIBC_TUNABLES=glibc.malloc.hugetlb=1
WORKDIR /app
COPY --from=build /services ./
# The image's own `node` user: the services write nothing to disk with VISUALIZER_STORAGE=supabase.
USER node
EXPOSE 8080
# Both services answer GET /healthz on $PORT (200 when they can work); the slim image has no curl, node asks.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# = npm run serve:processor's command, started directly so that the host's SIGTERM reaches node (a clean stop).
CMD ["node", "build/services/visualizer-processor/src/main.js"]
