#!/usr/bin/env bash
# Build mipair's image offline from this checkout: the wheels of the pinned dependencies and of
# mipair into a build context, then `docker build --network=none` on the local base images.
#   deploy/docker/build.sh [TAG] [EXTRAS]      (defaults: mipair:latest service)
# EXTRAS=cluster for the image of deploy/kubernetes/dask.yaml (mipair and Dask).
# Needs the base images (deploy/docker/local-base.sh) and pip's access to the wheels (an
# index, or MIPAIR_WHEELS=DIR holding them); the docker build itself uses no network.
# The base is pinned by digest: its image ID (the sha256 of its content), once local-base.sh
# has checked its packages against deploy/docker/base-packages.txt; MIPAIR_BASE_ID=sha256:...
# refuses any other base. The image records it (label org.opencontainers.image.base.digest).
set -euo pipefail
here="$(cd "$(dirname "$0")/../.." && pwd)"
tag="${1:-mipair:latest}"
extras="${2:-service}"
python="${PYTHON:-python3}"
base_tag="${MIPAIR_BASE:-mipair-local-base:bookworm}"
bash "$here/deploy/docker/local-base.sh" "$base_tag"
base_id="$(docker image inspect --format '{{.Id}}' "$base_tag")"
builder_id="$(docker image inspect --format '{{.Id}}' "${base_tag/-base/-builder}")"
if [ -n "${MIPAIR_BASE_ID:-}" ] && [ "$MIPAIR_BASE_ID" != "$base_id" ]; then
  echo "the base $base_tag is $base_id, not the pinned $MIPAIR_BASE_ID" >&2
  exit 1
fi
context="$(mktemp -d /tmp/mipair-image.XXXXXX)"
trap 'rm -rf "$context"' EXIT
mkdir -p "$context/dist/deps" "$context/dist/app" "$context/deploy/docker"
cp "$here/Dockerfile" "$here/.dockerignore" "$context/"
cp "$here/deploy/docker/requirements-"*.txt "$context/deploy/docker/"
"$python" -m pip wheel -q --no-deps -w "$context/dist/app" "$here"
"$python" -m pip wheel -q --no-deps ${MIPAIR_WHEELS:+--no-index --find-links "$MIPAIR_WHEELS"} \
  -w "$context/dist/deps" -r "$here/deploy/docker/requirements-$extras.txt"
DOCKER_BUILDKIT=0 docker build --network=none --build-arg "EXTRAS=$extras" \
  --build-arg "BASE=$base_id" --build-arg "BUILDER=$builder_id" \
  --label "org.opencontainers.image.base.name=$base_tag" \
  --label "org.opencontainers.image.base.digest=$base_id" -t "$tag" "$context"
