#include "ctx_kernels.h"

#include "gpu_test.h"

__global__ void ctx_lifecycle(int *slot, ull *errors) {
  __shared__ rocshmem_ctx_t first;
  rocshmem_ctx_t ctx = ROCSHMEM_CTX_INVALID;
  int rc = rocshmem_wg_ctx_create(0, &ctx);
  if (threadIdx.x == 0) first = ctx;
  __syncthreads();
  if (rc != 0 || ctx == ROCSHMEM_CTX_INVALID || ctx != first || ctx == ROCSHMEM_CTX_DEFAULT)
    atomicAdd(errors, 1ull);
  if (threadIdx.x == 0) {
    int me = rocshmem_my_pe();
    rocshmem_ctx_int_p(ctx, &slot[me], me + 1, (me + 1) % rocshmem_n_pes());
    rocshmem_ctx_quiet(ctx);
  }
  rocshmem_wg_ctx_destroy(ctx);
}

__global__ void ctx_exhaust(rocshmem_ctx_t *handles, ull *out) {
  int created = 0, rc = 0;
  rocshmem_ctx_t ctx = ROCSHMEM_CTX_INVALID;
  while (created < 64 && (rc = rocshmem_wg_ctx_create(0, &ctx)) == 0) {
    if (threadIdx.x == 0) handles[created] = ctx;
    ++created;
  }
  __syncthreads();
  for (int i = 0; i < created; ++i) rocshmem_wg_ctx_destroy(handles[i]);
  int again = rocshmem_wg_ctx_create(ROCSHMEM_CTX_PRIVATE, &ctx);
  if (again == 0) rocshmem_wg_ctx_destroy(ctx);
  if (threadIdx.x == 0) {
    out[0] = created;
    out[1] = rc != 0;
    out[2] = again == 0;
  }
}

__global__ void team_ctx_put(rocshmem_team_t team, int *slot, ull *errors) {
  rocshmem_ctx_t ctx = ROCSHMEM_CTX_INVALID;
  if (rocshmem_wg_team_create_ctx(team, 0, &ctx) != 0) {
    if (threadIdx.x == 0) atomicAdd(errors, 1ull);
    return;
  }
  if (threadIdx.x == 0) {
    int me = rocshmem_my_pe();
    rocshmem_ctx_int_p(ctx, &slot[2 * me], me + 100, 0);
    rocshmem_ctx_int_atomic_set(ctx, &slot[2 * me + 1], me + 200, 0);
    rocshmem_ctx_quiet(ctx);
  }
  rocshmem_wg_ctx_destroy(ctx);
}

__global__ void ctx_quiet_order(unsigned char *data, const unsigned char *src, size_t bytes,
                                int *flag, int salt, ull *errors) {
  rocshmem_ctx_t mine, idle;
  int rc = rocshmem_wg_ctx_create(0, &mine) | rocshmem_wg_ctx_create(0, &idle);
  int me = rocshmem_my_pe(), n = rocshmem_n_pes();
  if (rc == 0 && threadIdx.x == 0) {
    rocshmem_ctx_putmem_nbi(mine, data, src, bytes, (me + 1) % n);
    rocshmem_ctx_quiet(idle);
    rocshmem_ctx_quiet(mine);
    rocshmem_int_p(flag, salt, (me + 1) % n);
    rocshmem_int_wait_until(flag, ROCSHMEM_CMP_EQ, salt);
  }
  __syncthreads();
  ull bad = rc != 0;
  for (size_t i = threadIdx.x; rc == 0 && i < bytes; i += blockDim.x)
    bad += *(volatile unsigned char *)&data[i] != gt_byte((me + n - 1) % n, i, salt);
  if (bad) atomicAdd(errors, bad);
  rocshmem_wg_ctx_destroy(idle);
  rocshmem_wg_ctx_destroy(mine);
}
