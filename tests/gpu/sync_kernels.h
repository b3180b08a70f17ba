/* Kernels of tests/gpu/sync.cu, in their own translation unit. */
#ifndef ROCSHMEM_TESTS_GPU_SYNC_KERNELS_H
#define ROCSHMEM_TESTS_GPU_SYNC_KERNELS_H

#include <rocshmem/rocshmem_device.h>

enum { GRAN_THREAD, GRAN_WAVE, GRAN_WG, GRAN_COUNT };
typedef unsigned long long ull;

/* rounds of: p to the next PE, barrier_all(_wave/_wg), check, sync_all */
__global__ void barrier_rounds(int *slot, int rounds, int gran, ull *errors);
/* out: [pe] ptr non-null, [n+pe] pe_accessible, [2n] ptr(me) == buf,
 * [2n+1] my_pe, [2n+2] n_pes, [2n+3] ptr(non-heap) == null; stores me at
 * the next PE's buf through rocshmem_ptr. */
__global__ void ptr_check(int *buf, int *out);
/* iters chunks of `chunk` bytes to the next PE with put_signal (signal
 * add 1), then waits for the previous PE's and checks each chunk once its
 * signal count is seen. */
__global__ void signal_ring(unsigned char *data, const unsigned char *src, uint64_t *sig,
                            size_t chunk, int iters, int gran, ull *errors);
__global__ void wait_setter(long *ivars, int pe);
/* the wait_until/test set forms on ivars set by wait_setter; results in out */
__global__ void wait_sets(long *ivars, ull *out);

#endif
