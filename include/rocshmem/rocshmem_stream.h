/*
 * rocshmem host routines that need the GPU runtime's types: operations
 * enqueued on a stream (they run in stream order, after the work before them
 * and before the work after them, without blocking the host) and the
 * initialization of modules loaded at run time.  Available in builds with
 * GPU support (configure --with-cuda or --with-hip); include from host code
 * compiled by nvcc/hipcc, or by a host compiler with the GPU runtime's
 * include directory and -DROCSHMEM_GPU_CUDA=1 / -DROCSHMEM_GPU_HIP=1 (oshcc
 * adds these).
 */
#ifndef ROCSHMEM_STREAM_H
#define ROCSHMEM_STREAM_H

#include <rocshmem/gpu_platform.h>
#include <rocshmem/rocshmem.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- stream-ordered RMA and signals */
void rocshmem_putmem_on_stream(void *dest, const void *source, size_t nelems, int pe,
                               hipStream_t stream);
void rocshmem_getmem_on_stream(void *dest, const void *source, size_t nelems, int pe,
                               hipStream_t stream);
/* The data, then the signal update (ROCSHMEM_SIGNAL_SET / _ADD) on PE pe. */
void rocshmem_putmem_signal_on_stream(void *dest, const void *source, size_t nelems,
                                      uint64_t *sig_addr, uint64_t signal, int sig_op, int pe,
                                      hipStream_t stream);
/* Work after this in the stream waits until *sig_addr (local) compares true. */
void rocshmem_signal_wait_until_on_stream(uint64_t *sig_addr, int cmp, uint64_t cmp_value,
                                          hipStream_t stream);

/* ---------------------------------------------------------------- stream-ordered synchronization */
void rocshmem_quiet_on_stream(hipStream_t stream);
void rocshmem_barrier_all_on_stream(hipStream_t stream);
void rocshmem_barrier_on_stream(rocshmem_team_t team, hipStream_t stream);
void rocshmem_sync_all_on_stream(hipStream_t stream);
void rocshmem_team_sync_on_stream(rocshmem_team_t team, hipStream_t stream);

/* ---------------------------------------------------------------- stream-ordered collectives
 * Run by one work-group on the stream, with the device collectives'
 * algorithms; every member of the team enqueues the same collective in the
 * same order.  dest and source are in the GPU heap (rocshmem_malloc). */
/* dest[i * size ..] on member j = member i's source[j * size ..] (bytes) */
void rocshmem_alltoallmem_on_stream(rocshmem_team_t team, void *dest, const void *source,
                                    size_t size, hipStream_t stream);
/* every member's dest = member pe_root's source (nelems bytes) */
void rocshmem_broadcastmem_on_stream(rocshmem_team_t team, void *dest, const void *source,
                                     size_t nelems, int pe_root, hipStream_t stream);
/* rocshmem_TYPE_OP_reduce_on_stream for the reduction tables of types.def
 * (and sum/prod/min/max of half and bfloat16); dest may be source. */
#define ROCSHMEM_DECLARE_REDUCE_ON_STREAM(KEY, T, OP)                                         \
  void rocshmem_##KEY##_##OP##_reduce_on_stream(rocshmem_team_t team, T *dest, const T *source, \
                                                size_t nreduce, hipStream_t stream);
#define ROCSHMEM_DECLARE_REDUCE_ON_STREAM_BIT(KEY, T) \
  ROCSHMEM_DECLARE_REDUCE_ON_STREAM(KEY, T, and)      \
  ROCSHMEM_DECLARE_REDUCE_ON_STREAM(KEY, T, or) ROCSHMEM_DECLARE_REDUCE_ON_STREAM(KEY, T, xor)
#define ROCSHMEM_DECLARE_REDUCE_ON_STREAM_ARITH(KEY, T)                                           \
  ROCSHMEM_DECLARE_REDUCE_ON_STREAM(KEY, T, max) ROCSHMEM_DECLARE_REDUCE_ON_STREAM(KEY, T, min)   \
  ROCSHMEM_DECLARE_REDUCE_ON_STREAM(KEY, T, sum) ROCSHMEM_DECLARE_REDUCE_ON_STREAM(KEY, T, prod)
ROCSHMEM_REDUCE_BITWISE_TYPES(ROCSHMEM_DECLARE_REDUCE_ON_STREAM_BIT)
ROCSHMEM_REDUCE_ARITH_TYPES(ROCSHMEM_DECLARE_REDUCE_ON_STREAM_ARITH)
ROCSHMEM_RMA_DEVICE_EXTRA_TYPES(ROCSHMEM_DECLARE_REDUCE_ON_STREAM_ARITH)
#undef ROCSHMEM_DECLARE_REDUCE_ON_STREAM
#undef ROCSHMEM_DECLARE_REDUCE_ON_STREAM_BIT
#undef ROCSHMEM_DECLARE_REDUCE_ON_STREAM_ARITH

/* ---------------------------------------------------------------- modules loaded at run time
 * A module (cubin/fatbin/code object) device-linked against
 * librocshmem_device.a holds its own copy of the device state: call this
 * after loading it and before launching its kernels.  Returns
 * ROCSHMEM_SUCCESS, or ROCSHMEM_ERROR with a message on stderr. */
int rocshmem_hipmodule_init(hipModule_t module);
#ifdef ROCSHMEM_GPU_IS_CUDA
int rocshmem_cumodule_init(hipModule_t module); /* hipModule_t is CUmodule on CUDA */
#endif

#ifdef __cplusplus
}
#endif

#endif /* ROCSHMEM_STREAM_H */
