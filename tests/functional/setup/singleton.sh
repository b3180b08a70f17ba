#!/bin/sh
# Programs started without any launcher (no mpirun, no oshrun): a rocshmem
# program must run as a single PE (singleton bootstrap), and a hybrid program
# that calls MPI_Init first must run as an MPI singleton.
#
# Launcher markers are removed from the environment first, in case `make
# check` itself runs under a launcher.
. "${ROCTEST_SRCDIR:-.}/tests/functional/common/tap.sh"

builddir=${ROCTEST_BUILDDIR:-.}
limit=${ROCTEST_TIMEOUT:-120}
unset OMPI_COMM_WORLD_SIZE OMPI_COMM_WORLD_RANK PMIX_RANK PMI_RANK PMI_SIZE SLURM_PROCID \
  MPI_LOCALNRANKS
# Open MPI refuses root without these, even for a singleton.
OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM

tap_run_program "singleton" \
  timeout -k 10 "$limit" "$builddir/tests/functional/setup/singleton"
tap_run_program "MPI singleton, MPI_Init first" \
  timeout -k 10 "$limit" "$builddir/tests/functional/setup/hybrid_mpi_first"
tap_finish
