#!/bin/sh
# Download and unpack the Debian packages whose photographs the demo photos are made from.
#
#   scripts/demo-photos/fetch-sources.sh [<dir>]
#
# <dir> defaults to $DEMO_PHOTO_SOURCES, else /tmp/demo-photo-sources (what generate.ts reads).
# Needs a Debian/Ubuntu apt (run `apt-get update` first); no root needed for `apt-get download`.
# Each package is unpacked into <dir>/<package>/, so the photos are at
# <dir>/<package>/usr/share/backgrounds/… and the licences at
# <dir>/<package>/usr/share/doc/<package>/copyright.
set -eu

dir=${1:-${DEMO_PHOTO_SOURCES:-/tmp/demo-photo-sources}}
packages="lomiri-wallpapers-16.04 lomiri-wallpapers-20.04"

mkdir -p "$dir"
cd "$dir"
for pkg in $packages; do
  rm -f "${pkg}"_*.deb
  apt-get download "$pkg"
  rm -rf "$pkg"
  dpkg-deb -x "${pkg}"_*.deb "$pkg"
  echo "$pkg -> $dir/$pkg (licences: $dir/$pkg/usr/share/doc/$pkg/copyright)"
done
