/* Kernels of tests/gpu/ctx.cu, in their own translation unit. */
#ifndef ROCSHMEM_TESTS_GPU_CTX_KERNELS_H
#define ROCSHMEM_TESTS_GPU_CTX_KERNELS_H

#include <rocshmem/rocshmem_device.h>

typedef unsigned long long ull;

/* The block creates a context, every thread checks it got the same one;
 * thread 0 puts my_pe + 1 into slot[my_pe] of the next PE through it, quiets
 * it and the block destroys it.  errors counts mismatches and failures. */
__global__ void ctx_lifecycle(int *slot, ull *errors);
/* Creates contexts until create fails: out[0] = how many were created,
 * out[1] = whether the failing call returned non-zero with
 * ROCSHMEM_CTX_INVALID, out[2] = whether one can be created again after
 * destroying them all.  handles: room for 64. */
__global__ void ctx_exhaust(rocshmem_ctx_t *handles, ull *out);
/* A context of `team`: thread 0 puts my_pe + 100 into slot[my_pe] of team
 * member 0 (PE numbers are team indices), through ctx_int_p and
 * ctx_int_atomic_set. */
__global__ void team_ctx_put(rocshmem_team_t team, int *slot, ull *errors);
/* Non-blocking puts on a context of its own, ctx_quiet on it (and a quiet
 * of a second, idle context), then a flag through the default context:
 * the block checks the previous PE's data once its flag is seen. */
__global__ void ctx_quiet_order(unsigned char *data, const unsigned char *src, size_t bytes,
                                int *flag, int salt, ull *errors);

#endif
