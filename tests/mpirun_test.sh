#!/bin/sh
# Runs a functional test program on NP PEs through the build tree's oshrun, so
# that the launcher wrapper is tested along with the library, under a time
# limit so that a hang fails the test instead of blocking CI.
#
# Usage: mpirun_test.sh NP PROGRAM [ARGS...]
#        mpirun_test.sh --raw LAUNCHER-ARGS...   (anything else oshrun accepts)
#
# Environment:
#   ROCTEST_BUILDDIR  top build directory (set by `make check` and by the
#                           generated *-npN.test wrappers)
#   ROCTEST_OSHRUN    launcher (default: $ROCTEST_BUILDDIR/oshmem_compat/oshrun)
#   ROCTEST_TIMEOUT   seconds before the run is killed (default 300)
#
# Exit status: the launcher's; 124 after a timeout (with a TAP "Bail out!"
# line, so the TAP driver says why the test failed).

if [ $# -lt 2 ]; then
  echo "usage: $0 NP PROGRAM [ARGS...] | --raw LAUNCHER-ARGS..." >&2
  exit 99
fi

# Open MPI refuses to run as root (CI containers) without both variables, and
# refuses more ranks than cores (the 4-PE runs on 2-core CI machines) without
# oversubscription.  Containers often forbid process_vm_readv, which Open
# MPI's shared-memory BTL would otherwise use for large MPI messages.  Each can
# be overridden from outside.
: "${OMPI_ALLOW_RUN_AS_ROOT:=1}"
: "${OMPI_ALLOW_RUN_AS_ROOT_CONFIRM:=1}"
: "${OMPI_MCA_rmaps_base_oversubscribe:=1}"
: "${OMPI_MCA_btl_vader_single_copy_mechanism:=none}"
export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM \
  OMPI_MCA_rmaps_base_oversubscribe OMPI_MCA_btl_vader_single_copy_mechanism

oshrun=${ROCTEST_OSHRUN:-${ROCTEST_BUILDDIR:-.}/oshmem_compat/oshrun}
limit=${ROCTEST_TIMEOUT:-300}
if [ ! -x "$oshrun" ]; then
  echo "Bail out! launcher $oshrun not found (set ROCTEST_BUILDDIR or ROCTEST_OSHRUN)"
  exit 99
fi

if [ "$1" = "--raw" ]; then
  shift
  what="oshrun $*"
else
  np=$1
  shift
  what="$1 on $np PE(s)"
  set -- -np "$np" "$@"
fi

# -k: mpirun forwards SIGTERM to its ranks; a rank stuck in a signal-proof
# state must not outlive the test either.
timeout -k 10 "$limit" "$oshrun" "$@"
rc=$?
if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
  echo "Bail out! $what did not finish within ${limit} s (hang?)"
fi
exit $rc
