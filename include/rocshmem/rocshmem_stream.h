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
