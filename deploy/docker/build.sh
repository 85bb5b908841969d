#!/usr/bin/env bash
# Build mipair's image offline from this checkout: the wheels of the pinned dependencies and of
# mipair into a build context, then `docker build --network=none` on the local base images.
#   deploy/docker/build.sh [TAG] [EXTRAS]      (defaults: mipair:latest service)
# EXTRAS=cluster for the image of deploy/kubernetes/dask.yaml (mipair and Dask).
# Needs the base images (deploy/docker/local-base.sh) and pip's access to the wheels (an
# index, or MIPAIR_WHEELS=DIR holding them); the docker build itself uses no network.
set -euo pipefail
here="$(cd "$(dirname "$0")/../.." && pwd)"
tag="${1:-mipair:latest}"
extras="${2:-service}"
python="${PYTHON:-python3}"
context="$(mktemp -d /tmp/mipair-image.XXXXXX)"
trap 'rm -rf "$context"' EXIT
mkdir -p "$context/dist/deps" "$context/dist/app" "$context/deploy/docker"
cp "$here/Dockerfile" "$here/.dockerignore" "$context/"
cp "$here/deploy/docker/requirements-"*.txt "$context/deploy/docker/"
"$python" -m pip wheel -q --no-deps -w "$context/dist/app" "$here"
"$python" -m pip wheel -q --no-deps ${MIPAIR_WHEELS:+--no-index --find-links "$MIPAIR_WHEELS"} \
  -w "$context/dist/deps" -r "$here/deploy/docker/requirements-$extras.txt"
DOCKER_BUILDKIT=0 docker build --network=none --build-arg "EXTRAS=$extras" -t "$tag" "$context"
