#include "rma_kernels.h"

#include "gpu_test.h"

__global__ void fill_pattern(unsigned char *buf, size_t n, int pe, int salt) {
  for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    buf[i] = gt_byte(pe, i, salt);
}

template <int OP>
__device__ void move(int gran, void *d, const void *s, size_t n, int pe) {
  switch (OP) {
    case OP_PUT:
      if (gran == GRAN_THREAD) rocshmem_putmem(d, s, n, pe);
      if (gran == GRAN_WAVE) rocshmem_putmem_wave(d, s, n, pe);
      if (gran == GRAN_WG) rocshmem_putmem_wg(d, s, n, pe);
      break;
    case OP_GET:
      if (gran == GRAN_THREAD) rocshmem_getmem(d, s, n, pe);
      if (gran == GRAN_WAVE) rocshmem_getmem_wave(d, s, n, pe);
      if (gran == GRAN_WG) rocshmem_getmem_wg(d, s, n, pe);
      break;
    case OP_PUT_NBI:
      if (gran == GRAN_THREAD) rocshmem_putmem_nbi(d, s, n, pe);
      if (gran == GRAN_WAVE) rocshmem_putmem_nbi_wave(d, s, n, pe);
      if (gran == GRAN_WG) rocshmem_putmem_nbi_wg(d, s, n, pe);
      break;
    case OP_GET_NBI:
      if (gran == GRAN_THREAD) rocshmem_getmem_nbi(d, s, n, pe);
      if (gran == GRAN_WAVE) rocshmem_getmem_nbi_wave(d, s, n, pe);
      if (gran == GRAN_WG) rocshmem_getmem_nbi_wg(d, s, n, pe);
      break;
  }
}

__global__ void rma_bytes(int op, int gran, void *dest, const void *source, size_t n, int pe) {
  unsigned tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  bool member = gran == GRAN_WG || (gran == GRAN_WAVE && tid < unsigned(warpSize)) || tid == 0;
  if (blockIdx.x != 0 || !member) return;
  if (op == OP_PUT) move<OP_PUT>(gran, dest, source, n, pe);
  if (op == OP_GET) move<OP_GET>(gran, dest, source, n, pe);
  if (op == OP_PUT_NBI) move<OP_PUT_NBI>(gran, dest, source, n, pe);
  if (op == OP_GET_NBI) move<OP_GET_NBI>(gran, dest, source, n, pe);
  rocshmem_quiet();
}

__global__ void typed_put(int *ints, const int *local, rocshmem_half_t *halves,
                          rocshmem_bfloat16_t *bf16s, int pe, rocshmem_ctx_t ctx) {
  if (threadIdx.x != 0 || blockIdx.x != 0) return;
  int me = rocshmem_my_pe();
  rocshmem_int_p(&ints[0], 1000 + me, pe);
  rocshmem_int_p(misaligned_int(ints), 2000 + me, pe);
  rocshmem_ctx_int_iput(ctx, &ints[8], local, 2, 1, 4, pe);
  rocshmem_ctx_int_put(ctx, &ints[16], local, 4, pe);
  rocshmem_half_t h[2] = {rocshmem_half_t(float(me)), rocshmem_half_t(0.5f)};
  rocshmem_half_put(halves, h, 2, pe);
  rocshmem_bfloat16_p(bf16s, rocshmem_bfloat16_t(float(me + 2)), pe);
  rocshmem_ctx_quiet(ctx);
}

__global__ void typed_get(const int *ints, int *out, int pe) {
  if (threadIdx.x != 0 || blockIdx.x != 0) return;
  out[0] = rocshmem_int_g(&ints[0], pe);
  out[5] = rocshmem_int_g(misaligned_int(ints), pe);
  rocshmem_int_iget(out + 1, &ints[8], 1, 2, 4, pe);
}
