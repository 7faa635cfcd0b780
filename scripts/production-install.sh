#!/bin/sh
# The services' production install, as the image's build and tests/deployment/production-install.test.ts both run it:
#   sh scripts/production-install.sh <folder> [more npm ci flags]          (from the checkout)
# Puts the root's package.json and lock file and every workspace's package.json in <folder>, then installs there only
# what the services need at run time (SERVICES, by default both: "visualizer-processor email-worker"):
#   --workspace=...      their dependencies and their internal packages', not the site's (the root's are left out)
#   --omit=dev           no tools
#   --legacy-peer-deps   no package that is only named as a peer: @tensorflow/tfjs-core (tfjs-tflite's peer; we run
#                        only its WebAssembly, decision 004) and TypeScript (an optional peer of graphile-worker's
#                        config loader), 63 MB that nothing runs
#   --ignore-scripts     none of these packages needs an install script (sharp ships prebuilt binaries); the floor
#                        model comes with the compiled services (npm run build:services)
#   then onnxruntime-node's binaries for other platforms are deleted: the package carries every platform's (288 MB;
#                        this one's is 45 MB), and its own install script would only add GPU ones (decision 029)
# The compiled services go to <folder>/build/services (npm run build:services [-- --out-dir ...]); a host starts them
# with the serve:* scripts' node commands.
set -eu
target=${1:?usage: sh scripts/production-install.sh <folder> [npm ci flags]}
shift
mkdir -p "$target"
cp package.json package-lock.json "$target/"
for workspace in $(node -p "require('./package.json').workspaces.join(' ')"); do
  mkdir -p "$target/$workspace"
  cp "$workspace/package.json" "$target/$workspace/package.json"
done
services=""
for service in ${SERVICES:-visualizer-processor email-worker}; do services="$services --workspace=$service"; done
cd "$target"
# shellcheck disable=SC2086 # one flag per service
npm ci --omit=dev --legacy-peer-deps --ignore-scripts --no-audit --no-fund $services "$@"
binaries=node_modules/onnxruntime-node/bin/napi-v6
if [ -d "$binaries" ]; then
  keep=$(node -p "process.platform + '/' + process.arch")
  for platform_arch in "$binaries"/*/*; do
    case "$platform_arch" in "$binaries/$keep") ;; *) rm -rf "$platform_arch" ;; esac
  done
fi
