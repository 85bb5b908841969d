#!/usr/bin/env bash
# Debian base images with Python made on this machine, for building mipair's image where no
# image registry is reachable: debootstrap (Debian's own mirror) + `docker import`.
#   deploy/docker/local-base.sh [TAG]     (default mipair-local-base:bookworm; kept if present)
# Makes two images from one debootstrap: TAG (python3 and venv: what the image runs on) and
# the builder, TAG with "-base" replaced by "-builder" (the same plus binutils, to strip the
# dependencies' shared libraries).
# Pinned: the suite (bookworm) and the package versions of deploy/docker/base-packages.txt (the
# base's lock): every base made or found is checked against it, each difference listed
# (MIPAIR_BASE_STRICT=1: a difference fails). Reproducible: MIPAIR_BASE_SNAPSHOT=YYYYMMDDTHHMMSSZ
# takes the packages from snapshot.debian.org as they were at that time, the same every day
# (the default mirror moves with Debian's point releases); /etc/mipair-base-packages.txt in
# the image lists what it holds. Then: deploy/docker/build.sh (wheels + docker build).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
tag="${1:-mipair-local-base:bookworm}"
builder="${tag/-base/-builder}"
suite="${MIPAIR_BASE_SUITE:-bookworm}"
mirror="${MIPAIR_BASE_MIRROR:-http://deb.debian.org/debian}"
[ -n "${MIPAIR_BASE_SNAPSHOT:-}" ] && mirror="http://snapshot.debian.org/archive/debian/$MIPAIR_BASE_SNAPSHOT"
lock="${MIPAIR_BASE_LOCK:-$here/base-packages.txt}"

check_lock() {  # the base's packages against the lock: the differences, and 1 when strict
  local held
  held="$(docker run --rm --network=none --entrypoint dpkg-query "$tag" -W -f '${Package} ${Version}\n')"
  local differences
  differences="$(diff <(grep -v '^#' "$lock" | sort) <(sort <<<"$held") | grep '^[<>]' || true)"
  if [ -z "$differences" ]; then
    echo "base $tag holds the packages of $lock"
    return 0
  fi
  echo "base $tag differs from $lock (< locked, > in the base):" >&2
  echo "$differences" >&2
  [ "${MIPAIR_BASE_STRICT:-0}" = 1 ] && return 1
  return 0
}

if docker image inspect "$tag" >/dev/null 2>&1 && docker image inspect "$builder" >/dev/null 2>&1; then
  echo "base images $tag and $builder already present"
  check_lock
  exit $?
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
echo "base images $tag and $builder made with debootstrap ($suite from $mirror)"
check_lock
