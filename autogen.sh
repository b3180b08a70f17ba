#!/bin/sh
# Regenerates the autotools build system (configure, Makefile.in, libtool).
set -e
cd "$(dirname "$0")"
mkdir -p config
autoreconf --install --force --warnings=no-portability
