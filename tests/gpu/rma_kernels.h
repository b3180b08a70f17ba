/* Kernels of tests/gpu/rma.cu, in their own translation unit. */
#ifndef ROCSHMEM_TESTS_GPU_RMA_KERNELS_H
#define ROCSHMEM_TESTS_GPU_RMA_KERNELS_H

#include <rocshmem/rocshmem_device.h>

enum RmaOp { OP_PUT, OP_GET, OP_PUT_NBI, OP_GET_NBI, OP_COUNT };
enum Granularity { GRAN_THREAD, GRAN_WAVE, GRAN_WG, GRAN_COUNT };

__global__ void fill_pattern(unsigned char *buf, size_t n, int pe, int salt);
/* One thread / the first wave / the whole of block 0 moves n bytes between
 * dest (local for gets, on pe for puts) and source, then quiets. */
__global__ void rma_bytes(int op, int gran, void *dest, const void *source, size_t n, int pe);
/* The int typed_put and typed_get reach 2 bytes past ints[24]: not
 * naturally aligned, which p and g serve as any other address. */
inline __host__ __device__ int *misaligned_int(int *ints) {
  return reinterpret_cast<int *>(reinterpret_cast<char *>(ints + 24) + 2);
}
inline __host__ __device__ const int *misaligned_int(const int *ints) {
  return misaligned_int(const_cast<int *>(ints));
}
/* Typed forms: p (aligned and not), iput, put of half and bfloat16,
 * through ctx forms too. */
__global__ void typed_put(int *ints, const int *local, rocshmem_half_t *halves,
                          rocshmem_bfloat16_t *bf16s, int pe, rocshmem_ctx_t ctx);
/* g (aligned and not) and iget of what typed_put left on pe; out[0..6). */
__global__ void typed_get(const int *ints, int *out, int pe);

#endif
