#!/usr/bin/env bash
# Debian base images with Python made on this machine, for building mipair's image where no
# image registry is reachable: debootstrap (Debian's own mirror) + `docker import`.
#   deploy/docker/local-base.sh [TAG]     (default mipair-local-base:bookworm; kept if present)
# Makes two images from one debootstrap: TAG (python3 and venv: what the image runs on) and
# the builder, TAG with "-base" replaced by "-builder" (the same plus binutils, to strip the
# dependencies' shared libraries). The Debian suite is pinned (bookworm), its packages are
# those of the mirror on the day; /etc/mipair-base-packages.txt in the image lists them.
# Then: deploy/docker/build.sh (wheels + docker build --network=none).
set -euo pipefail
tag="${1:-mipair-local-base:bookworm}"
builder="${tag/-base/-builder}"
suite="${MIPAIR_BASE_SUITE:-bookworm}"
mirror="${MIPAIR_BASE_MIRROR:-http://deb.debian.org/debian}"
if docker image inspect "$tag" >/dev/null 2>&1 && docker image inspect "$builder" >/dev/null 2>&1; then
  echo "base images $tag and $builder already present"
  exit 0
fi
root="$(mktemp -d /tmp/mipair-base.XXXXXX)"
trap 'rm -rf "$root"' EXIT
debootstrap --variant=minbase --include=python3,python3-venv,binutils "$suite" "$root/fs" "$mirror" >"$root/log" 2>&1 \
  || { tail -20 "$root/log" >&2; exit 1; }
rm -rf "$root/fs/var/cache/apt/archives/"*.deb "$root/fs/var/lib/apt/lists/"*
tar -C "$root/fs" -c . | docker import -c 'CMD ["/bin/bash"]' - "$builder" >/dev/null
chroot "$root/fs" dpkg --purge binutils binutils-x86-64-linux-gnu binutils-common libbinutils \
  libctf0 libctf-nobfd0 libgprofng0 libjansson4 >/dev/null 2>&1 || true
rm -rf "$root/fs/usr/share/doc/"* "$root/fs/usr/share/man/"* "$root/fs/usr/share/locale/"* \
  "$root/fs/var/log/"* "$root/fs/var/cache/debconf/"*-old
chroot "$root/fs" dpkg-query -W -f '${Package} ${Version}\n' >"$root/fs/etc/mipair-base-packages.txt"
tar -C "$root/fs" -c . | docker import -c 'CMD ["/bin/bash"]' - "$tag" >/dev/null
echo "base images $tag and $builder made with debootstrap ($suite)"
