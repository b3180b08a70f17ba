/* Kernels of tests/gpu/proxy.cu, in their own translation unit. */
#ifndef ROCSHMEM_TESTS_GPU_PROXY_KERNELS_H
#define ROCSHMEM_TESTS_GPU_PROXY_KERNELS_H

#include <rocshmem/rocshmem_device.h>

typedef unsigned long long ull;

/* Thread 0 puts `chunks` chunks to the next PE with putmem_nbi, then fence
 * (ordering only) or quiet, then sets *flag there to `round`; the whole block
 * then waits for the previous PE's flag and counts the bytes of data that
 * are not yet the previous PE's pattern (gt_byte(prev, i, round)). */
__global__ void nbi_then_flag(unsigned char *data, const unsigned char *src, size_t chunk,
                              int chunks, int *flag, int round, int use_quiet, ull *errors);
/* Every thread: `iters` fetch_add(words[0], 1) and add(words[1], 1) on PE
 * 0; sums[0] += the fetched values. */
__global__ void hammer(ull *words, int iters, ull *sums);
/* `iters` chunks to the next PE with putmem_signal_nbi (signal add 1), then
 * the block waits for each of the previous PE's signals and counts the
 * bytes of its chunk that are wrong. */
__global__ void signal_stream(unsigned char *data, const unsigned char *src, uint64_t *sig,
                              size_t chunk, int iters, ull *errors);
/* out[pe] = rocshmem_ptr(buf, pe) != NULL, out[n + pe] = pe_accessible */
__global__ void reachability(int *buf, int *out);
/* Who calls sized_put's put: thread 0 (rocshmem_putmem), warp 0
 * (rocshmem_putmem_wave) or the whole block (rocshmem_putmem_wg). */
enum PutForm { kThreadPut, kWavePut, kBlockPut };
/* One blocking put of `bytes` from src to dest at the next PE in `form`;
 * then the block overwrites src at once (the put must have taken its data
 * by the time it returned) and thread 0 quiets. */
__global__ void sized_put(unsigned char *dest, unsigned char *src, size_t bytes, int form);
/* Every thread puts `per_thread` pieces of `piece` bytes to the next PE with
 * putmem_nbi (its k-th at (k * blockDim.x + threadIdx.x) * piece in both
 * buffers), then quiets. */
__global__ void many_puts(unsigned char *dest, const unsigned char *src, size_t piece,
                          int per_thread);
/* Posts non-blocking puts to the next PE forever (the finalize report). */
__global__ void endless_puts(unsigned char *dest, const unsigned char *src, size_t bytes);

#endif
