# Shared set-up of the tests of the installed tree (sourced, POSIX sh).
#
# `make check` stages `make install` under tests/stage (DESTDIR) and passes
# its prefix as ROCTEST_STAGE_PREFIX; the wrappers are pointed at it with
# ROCSHMEM_PREFIX (the variable for a moved installation).  By hand:
#   ROCTEST_STAGE_PREFIX=$HOME/rocshmem ROCTEST_SRCDIR=. sh tests/install/examples.sh
# tests an existing installation instead.
. "${ROCTEST_SRCDIR:-.}/tests/functional/common/tap.sh"

srcdir=${ROCTEST_SRCDIR:-.}
stage=${ROCTEST_STAGE_PREFIX:-}
if [ -z "$stage" ] || [ ! -x "$stage/bin/oshcc" ]; then
  echo "Bail out! no installation at '$stage' (ROCTEST_STAGE_PREFIX; make check stages one)"
  exit 99
fi
ROCSHMEM_PREFIX=$stage
export ROCSHMEM_PREFIX
# The installed programs (rocshmem_info) carry the configured prefix's rpath;
# the staged library must win over an older installation there.
LD_LIBRARY_PATH=$stage/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export LD_LIBRARY_PATH

# Open MPI refuses root without these, and more PEs than cores without
# oversubscription (as in tests/mpirun_test.sh).
: "${OMPI_ALLOW_RUN_AS_ROOT:=1}"
: "${OMPI_ALLOW_RUN_AS_ROOT_CONFIRM:=1}"
: "${OMPI_MCA_rmaps_base_oversubscribe:=1}"
: "${OMPI_MCA_btl_vader_single_copy_mechanism:=none}"
export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM \
  OMPI_MCA_rmaps_base_oversubscribe OMPI_MCA_btl_vader_single_copy_mechanism

tmp=$(mktemp -d "${TMPDIR:-/tmp}/rocinst.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
# Open MPI's session directory in this script's own folder: the scripts run
# concurrently under make check -j2, and launches sharing /tmp/ompi.HOST.UID
# race (one removes it while another creates it: "A call to mkdir was unable
# to create the desired directory ... File exists", seen in CI), as
# tests/mpirun_test.sh says for the other tests.
if [ -z "${OMPI_MCA_orte_tmpdir_base:-}" ]; then
  mkdir -p "$tmp/ompi" && OMPI_MCA_orte_tmpdir_base=$tmp/ompi
  export OMPI_MCA_orte_tmpdir_base
fi

# check DESCRIPTION COMMAND...: a case that passes when COMMAND succeeds; its
# output goes to the log on failure.
check() {
  desc=$1
  shift
  if "$@" >"$tmp/check.out" 2>&1; then
    tap_result 0 "$desc"
  else
    tap_result 1 "$desc"
    tap_diag <"$tmp/check.out"
  fi
}

# Runs COMMAND... under a time limit (a hung PE must not hang make check).
limited() { timeout -k 10 "${ROCTEST_TIMEOUT:-300}" "$@"; }

# need_oshfort DESCRIPTION: the installed oshfort in $oshfort, or the whole
# script skipped (one SKIP case named DESCRIPTION) where configure found no
# Fortran compiler and installed none.
need_oshfort() {
  oshfort=$stage/bin/oshfort
  if [ ! -x "$oshfort" ]; then
    tap_skip "$1" "no oshfort: configure found no Fortran compiler"
    tap_finish
    exit
  fi
}
