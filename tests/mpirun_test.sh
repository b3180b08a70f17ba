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
#   ROCTEST_NET       emulated multi-node run (set by the -npN-ucxK.test
#                     wrappers): ucx1 = every PE its own node, reached over
#                     UCX on TCP (ROCSHMEM_PES_PER_NODE=1 UCX_TLS=tcp,self);
#                     ucx2 = nodes of 2 consecutive PEs (ROCSHMEM_PES_PER_NODE=2,
#                     UCX's own choice of transports: shared memory here).
#                     The whole test is skipped (TAP "1..0 # SKIP") when the
#                     library was built without UCX (rocshmem_info --build).
#   ROCTEST_BOOT      uniqueid: the PEs find each other through the library's
#                     unique-id bootstrap (PE 0 listening on 127.0.0.1), not
#                     MPI, each taking its rank from the launcher's variables:
#                     without MPI's collectives, those of groups spanning
#                     nodes run the library's own algorithms even where UCX
#                     reaches a peer by messages (nodes of several PEs).  Set
#                     by the -sm wrappers; not with --raw.
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

# Concurrent launches (make check -j2) share Open MPI's session directory
# /tmp/ompi.HOST.UID: one finishing removes it while another creates it, and
# orte_init fails ("A call to mkdir was unable to create the desired
# directory ... File exists": once in CI).  A private base per launch.
if [ -z "${OMPI_MCA_orte_tmpdir_base:-}" ]; then
  session_base=$(mktemp -d "${TMPDIR:-/tmp}/roctest-ompi.XXXXXX") || exit 99
  trap 'rm -rf "$session_base"' EXIT
  OMPI_MCA_orte_tmpdir_base=$session_base
  export OMPI_MCA_orte_tmpdir_base
fi

oshrun=${ROCTEST_OSHRUN:-${ROCTEST_BUILDDIR:-.}/oshmem_compat/oshrun}
limit=${ROCTEST_TIMEOUT:-300}
if [ ! -x "$oshrun" ]; then
  echo "Bail out! launcher $oshrun not found (set ROCTEST_BUILDDIR or ROCTEST_OSHRUN)"
  exit 99
fi

case ${ROCTEST_NET:-} in
  "") ;;
  ucx*)
    info=${ROCTEST_BUILDDIR:-.}/tools/rocshmem_info
    if [ ! -x "$info" ]; then
      echo "Bail out! $info not found: cannot tell whether UCX is built in"
      exit 99
    fi
    if "$info" --build | grep -Eq '^UCX: +no'; then
      echo "1..0 # SKIP rocshmem was built without UCX (rocshmem_info --build: UCX: no)"
      exit 0
    fi
    ROCSHMEM_PES_PER_NODE=${ROCTEST_NET#ucx}
    export ROCSHMEM_PES_PER_NODE
    if [ "$ROCSHMEM_PES_PER_NODE" = 1 ]; then
      : "${UCX_TLS:=tcp,self}"
      export UCX_TLS
    fi ;;
  *)
    echo "Bail out! unknown ROCTEST_NET=$ROCTEST_NET (expected ucx1 or ucx2)"
    exit 99 ;;
esac

# The launcher starts the processes; each names its rank to the unique-id
# bootstrap (RANK, WORLD_SIZE) from the launcher's variables, expanded by
# each process's shell, not this one.
# shellcheck disable=SC2016
rank_from_launcher='RANK=$OMPI_COMM_WORLD_RANK WORLD_SIZE=$OMPI_COMM_WORLD_SIZE exec "$@"'
case ${ROCTEST_BOOT:-} in
  "") ;;
  uniqueid)
    ROCSHMEM_BOOTSTRAP=uniqueid ROCSHMEM_MASTER_ADDR=127.0.0.1
    ROCSHMEM_MASTER_PORT=${ROCSHMEM_MASTER_PORT:-$(/bin/sh "$(dirname "$0")/free_port.sh")}
    export ROCSHMEM_BOOTSTRAP ROCSHMEM_MASTER_ADDR ROCSHMEM_MASTER_PORT ;;
  *)
    echo "Bail out! unknown ROCTEST_BOOT=$ROCTEST_BOOT (expected uniqueid)"
    exit 99 ;;
esac

if [ "$1" = "--raw" ]; then
  shift
  what="oshrun $*"
else
  np=$1
  shift
  what="$1 on $np PE(s)"
  [ -n "${ROCTEST_BOOT:-}" ] && set -- /bin/sh -c "$rank_from_launcher" rank "$@"
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
