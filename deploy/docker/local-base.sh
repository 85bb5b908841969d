#!/usr/bin/env bash
# A Debian base image with Python made on this machine, for building mipair's image where no
# image registry is reachable: debootstrap (Debian's own mirror) + `docker import`.
#   deploy/docker/local-base.sh [TAG]        (default mipair-local-base:bookworm; kept if present)
# Then: docker build --network=none --build-arg BASE=TAG --build-arg PIP_OPTIONS=--no-index ...
set -euo pipefail
tag="${1:-mipair-local-base:bookworm}"
suite="${MIPAIR_BASE_SUITE:-bookworm}"
mirror="${MIPAIR_BASE_MIRROR:-http://deb.debian.org/debian}"
if docker image inspect "$tag" >/dev/null 2>&1; then
  echo "base image $tag already present"
  exit 0
fi
root="$(mktemp -d /tmp/mipair-base.XXXXXX)"
trap 'rm -rf "$root"' EXIT
debootstrap --variant=minbase --include=python3,python3-venv "$suite" "$root/fs" "$mirror" >"$root/log" 2>&1 \
  || { tail -20 "$root/log" >&2; exit 1; }
rm -rf "$root/fs/var/cache/apt/archives/"*.deb "$root/fs/var/lib/apt/lists/"*
tar -C "$root/fs" -c . | docker import -c 'CMD ["/bin/bash"]' - "$tag" >/dev/null
echo "base image $tag made with debootstrap ($suite)"
