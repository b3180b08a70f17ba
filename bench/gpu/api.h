/*
 * The macro layer of bench/gpu/gpu_bench.cu: one benchmark source, two
 * libraries.  B_* names map to rocshmem (our <rocshmem/rocshmem_device.h>,
 * default) or to NVSHMEM (-DUSE_NVSHMEM: nvshmem_* / nvshmemx_*_block).
 *
 *   B_wg suffix = workgroup (block) scope: every thread of the block calls
 *   with the same arguments (rocshmem_*_wg, nvshmemx_*_block).
 *
 * B_init() runs after MPI_Init and cudaSetDevice:
 *  - ours: rocshmem_init() (it sees that MPI is initialized and uses it);
 *  - NVSHMEM: the unique-ID bootstrap (rank 0 nvshmemx_get_uniqueid,
 *    MPI_Bcast, nvshmemx_set_attr_uniqueid_args, nvshmemx_init_attr with
 *    NVSHMEMX_INIT_WITH_UNIQUEID), so that NVSHMEM's MPI bootstrap plugin
 *    (built against some other MPI) is never loaded.
 */
#ifndef BENCH_GPU_API_H
#define BENCH_GPU_API_H

#include <mpi.h>

#ifdef USE_NVSHMEM
#include <cuda_runtime.h>
#include <nvshmem.h>
#include <nvshmemx.h>

#define B_LIB "nvshmem"
#define B_putmem nvshmem_putmem
#define B_putmem_nbi nvshmem_putmem_nbi
#define B_putmem_wg nvshmemx_putmem_block
#define B_putmem_wave nvshmemx_putmem_warp
#define B_long_g nvshmem_long_g
#define B_putmem_nbi_wg nvshmemx_putmem_nbi_block
#define B_getmem nvshmem_getmem
#define B_quiet nvshmem_quiet
#define B_int_p nvshmem_int_p
#define B_long_atomic_fetch_add nvshmem_long_atomic_fetch_add
#define B_barrier_all nvshmem_barrier_all /* host, and device (one thread per PE) */
#define B_malloc nvshmem_malloc
#define B_free nvshmem_free
#define B_my_pe nvshmem_my_pe
#define B_n_pes nvshmem_n_pes
#define B_finalize nvshmem_finalize
/* Collectives (block scope; every PE's kernel calls them) */
typedef nvshmem_team_t B_team_t;
#define B_TEAM_WORLD NVSHMEM_TEAM_WORLD
#define B_barrier_all_wg nvshmemx_barrier_all_block
/* broadcast as bytes through the char form: the 3.4.5 headers declare
 * nvshmemx_broadcastmem_block without PE_root (host/nvshmemx_coll_api.h),
 * though its definition takes one, so a call with a root does not compile */
#define B_broadcastmem_wg(team, dest, source, nelems, root) \
  nvshmemx_char_broadcast_block(team, (char *)(dest), (const char *)(source), nelems, root)
#define B_fcollectmem_wg nvshmemx_fcollectmem_block
#define B_alltoallmem_wg nvshmemx_alltoallmem_block
#define B_float_sum_reduce_wg nvshmemx_float_sum_reduce_block

static inline int B_init(void) {
  int rank = 0, nranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nranks);
  nvshmemx_uniqueid_t uid = NVSHMEMX_UNIQUEID_INITIALIZER;
  if (rank == 0 && nvshmemx_get_uniqueid(&uid) != 0) return -1;
  MPI_Bcast(&uid, sizeof uid, MPI_BYTE, 0, MPI_COMM_WORLD);
  nvshmemx_init_attr_t attr = NVSHMEMX_INIT_ATTR_INITIALIZER;
  if (nvshmemx_set_attr_uniqueid_args(rank, nranks, &uid, &attr) != 0) return -1;
  return nvshmemx_init_attr(NVSHMEMX_INIT_WITH_UNIQUEID, &attr);
}

static inline const char *B_version(void) {
  static char buf[96];
  int major = 0, minor = 0;
  nvshmem_info_get_version(&major, &minor);
  snprintf(buf, sizeof buf, "NVSHMEM %d.%d (headers %d.%d.%d)", major, minor,
           NVSHMEM_VENDOR_MAJOR_VERSION, NVSHMEM_VENDOR_MINOR_VERSION,
           NVSHMEM_VENDOR_PATCH_VERSION);
  return buf;
}

#else /* ours */
#include <rocshmem/rocshmem_device.h>
#include <rocshmem/rocshmem.h>

#define B_LIB "ours"
#define B_putmem rocshmem_putmem
#define B_putmem_nbi rocshmem_putmem_nbi
#define B_putmem_wg rocshmem_putmem_wg
#define B_putmem_wave rocshmem_putmem_wave
#define B_long_g rocshmem_long_g
#define B_putmem_nbi_wg rocshmem_putmem_nbi_wg
#define B_getmem rocshmem_getmem
#define B_quiet rocshmem_quiet
#define B_int_p rocshmem_int_p
#define B_long_atomic_fetch_add rocshmem_long_atomic_fetch_add
#define B_barrier_all rocshmem_barrier_all /* host, and device (one thread per PE) */
#define B_malloc rocshmem_malloc
#define B_free rocshmem_free
#define B_my_pe rocshmem_my_pe
#define B_n_pes rocshmem_n_pes
#define B_finalize rocshmem_finalize
/* Collectives (workgroup scope; every PE's kernel calls them).  The team
 * handle is a host value passed to the kernel. */
typedef rocshmem_team_t B_team_t;
#define B_TEAM_WORLD ROCSHMEM_TEAM_WORLD
#define B_barrier_all_wg rocshmem_barrier_all_wg
#define B_broadcastmem_wg rocshmem_broadcastmem_wg
#define B_fcollectmem_wg rocshmem_fcollectmem_wg
#define B_alltoallmem_wg rocshmem_alltoallmem_wg
#define B_float_sum_reduce_wg rocshmem_float_sum_reduce_wg

static inline int B_init(void) {
  rocshmem_init();
  return 0;
}

static inline const char *B_version(void) {
#ifdef BENCH_OURS_VERSION
  return "rocshmem " BENCH_OURS_VERSION;
#else
  return "rocshmem";
#endif
}
#endif /* USE_NVSHMEM */

#endif /* BENCH_GPU_API_H */
