#include "coll_kernels.h"

__device__ static unsigned tid() { return threadIdx.x; }
__device__ static bool member(int gran) {
  return gran == GRAN_WG || (gran == GRAN_WAVE && tid() < unsigned(warpSize)) || tid() == 0;
}

__global__ void team_query(rocshmem_team_t team, rocshmem_team_t world, int *out) {
  if (tid() != 0) return;
  out[0] = rocshmem_team_my_pe(team);
  out[1] = rocshmem_team_n_pes(team);
  out[2] = rocshmem_team_translate_pe(team, 0, ROCSHMEM_TEAM_WORLD);
  out[3] = rocshmem_team_translate_pe(ROCSHMEM_TEAM_WORLD, rocshmem_my_pe(), team);
  out[4] = rocshmem_team_my_pe(ROCSHMEM_TEAM_INVALID);
  out[5] = rocshmem_team_n_pes(ROCSHMEM_TEAM_INVALID);
  out[6] = ROCSHMEM_TEAM_WORLD == world;
  out[7] = rocshmem_team_n_pes(ROCSHMEM_TEAM_SHARED);
  out[8] = rocshmem_team_translate_pe(team, rocshmem_team_n_pes(team), ROCSHMEM_TEAM_WORLD);
}

/* FORM: empty, _wave or _wg */
#define DATA_COLL_CALLS(FORM)                                                               \
  if (op == COLL_BROADCAST && typed)                                                       \
    rocshmem_int_broadcast##FORM(team, (int *)dest, (const int *)source, nbytes / 4, root); \
  else if (op == COLL_BROADCAST)                                                           \
    rocshmem_broadcastmem##FORM(team, dest, source, nbytes, root);                         \
  else if (op == COLL_FCOLLECT && typed)                                                   \
    rocshmem_int_fcollect##FORM(team, (int *)dest, (const int *)source, nbytes / 4);       \
  else if (op == COLL_FCOLLECT)                                                            \
    rocshmem_fcollectmem##FORM(team, dest, source, nbytes);                                \
  else if (typed)                                                                          \
    rocshmem_int_alltoall##FORM(team, (int *)dest, (const int *)source, nbytes / 4);       \
  else                                                                                     \
    rocshmem_alltoallmem##FORM(team, dest, source, nbytes);

__global__ void data_coll(int op, int gran, int typed, rocshmem_team_t team, void *dest,
                          const void *source, size_t nbytes, int root) {
  if (!member(gran)) return;
  if (gran == GRAN_THREAD) {
    DATA_COLL_CALLS()
  } else if (gran == GRAN_WAVE) {
    DATA_COLL_CALLS(_wave)
  } else {
    DATA_COLL_CALLS(_wg)
  }
}

__global__ void team_barrier_rounds(int gran, rocshmem_team_t team, int *slot, int rounds,
                                    ull *errors) {
  if (!member(gran)) return;
  int me = rocshmem_team_my_pe(team), n = rocshmem_team_n_pes(team);
  int next = rocshmem_team_translate_pe(team, (me + 1) % n, ROCSHMEM_TEAM_WORLD);
  for (int r = 1; r <= rounds; ++r) {
    if (tid() == 0) rocshmem_int_p(slot, r, next);
    if (gran == GRAN_THREAD) rocshmem_barrier(team);
    if (gran == GRAN_WAVE) rocshmem_barrier_wave(team);
    if (gran == GRAN_WG) rocshmem_barrier_wg(team);
    if (tid() == 0 && *(volatile int *)slot != r) atomicAdd(errors, 1ull);
    if (gran == GRAN_THREAD) rocshmem_team_sync(team);
    if (gran == GRAN_WAVE) rocshmem_team_sync_wave(team);
    if (gran == GRAN_WG) rocshmem_team_sync_wg(team);
  }
}

__global__ void world_sum(int *buf, size_t n) {
  if (tid() == 0) rocshmem_int_sum_reduce(ROCSHMEM_TEAM_WORLD, buf, buf, n);
}

__global__ void back_to_back(rocshmem_team_t team, int *src, int *out, int *red, int iters,
                             ull *errors) {
  const int me = rocshmem_team_my_pe(team), n = rocshmem_team_n_pes(team);
  const int my_pe = rocshmem_my_pe();
  for (int it = 0; it < iters; ++it) {
    /* Two sets of destinations, used in turn: OpenSHMEM wants every member's
     * dest ready before any member calls fcollect or alltoall, and their put
     * path stores straight into the other members' dest, so a member that
     * starts the next round writes there while this PE may still check this
     * round's (seen with MPS off, where the PEs' kernels take turns on the
     * GPU).  The round after next is behind this PE's next sync. */
    int *fc = out + (it % 2) * 3 * n, *a2a = fc + n, *bc = fc + 2 * n;
    const int base = it * 10;
    if (tid() < unsigned(n)) src[tid()] = my_pe * 1000 + base + int(tid());
    if (tid() == 0) red[0] = my_pe + it;
    __syncthreads();
    rocshmem_int_fcollect_wg(team, fc, src, 1);
    rocshmem_int_alltoall_wg(team, a2a, src, 1);
    rocshmem_int_broadcast_wg(team, bc, src, 1, it % n);
    rocshmem_int_sum_reduce_wg(team, red, red, 1);
    if (tid() == 0) {
      int sum = 0;
      for (int m = 0; m < n; ++m) {
        int pe = rocshmem_team_translate_pe(team, m, ROCSHMEM_TEAM_WORLD);
        sum += pe + it;
        if (fc[m] != pe * 1000 + base) atomicAdd(errors, 1ull);
        if (a2a[m] != pe * 1000 + base + me) atomicAdd(errors, 1ull);
      }
      int root = rocshmem_team_translate_pe(team, it % n, ROCSHMEM_TEAM_WORLD);
      if (bc[0] != root * 1000 + base) atomicAdd(errors, 1ull);
      if (red[0] != sum) atomicAdd(errors, 1ull);
    }
    __syncthreads();
  }
}

__global__ void bad_team(int *buf) {
  if (tid() == 0) rocshmem_int_sum_reduce((rocshmem_team_t)0x1234, buf, buf, 1);
}

/* ---------------------------------------------------------------- reductions by type */
template <class T>
__device__ void fill_values(T *buf, size_t n, int pe, int bitwise) {
  for (size_t i = threadIdx.x + blockIdx.x * blockDim.x; i < n; i += blockDim.x * gridDim.x) {
    ull v = gt_reduce_value(pe, i, bitwise);
    buf[i] = bitwise ? static_cast<T>(v) : static_cast<T>(float(v));
  }
}

#define REDUCE_CALL(KEY, OP, FORM)                                   \
  (scatter ? rocshmem_##KEY##_##OP##_reduce_scatter##FORM(team, dest, source, n) \
           : rocshmem_##KEY##_##OP##_reduce##FORM(team, dest, source, n))
#define REDUCE_FORMS(KEY, OP)                       \
  if (gran == GRAN_THREAD) REDUCE_CALL(KEY, OP, );  \
  else if (gran == GRAN_WAVE) REDUCE_CALL(KEY, OP, _wave); \
  else REDUCE_CALL(KEY, OP, _wg);
#define REDUCE_ARITH_CASES(KEY)                         \
  case OP_MAX: REDUCE_FORMS(KEY, max) break;            \
  case OP_MIN: REDUCE_FORMS(KEY, min) break;            \
  case OP_SUM: REDUCE_FORMS(KEY, sum) break;            \
  case OP_PROD: REDUCE_FORMS(KEY, prod) break;
#define REDUCE_BIT_CASES(KEY)                           \
  case OP_AND: REDUCE_FORMS(KEY, and) break;            \
  case OP_OR: REDUCE_FORMS(KEY, or) break;              \
  case OP_XOR: REDUCE_FORMS(KEY, xor) break;

#define DEFINE_FILL(KEY, T)                                           \
  __global__ void fill_##KEY(T *buf, size_t n, int pe, int bitwise) { \
    fill_values<T>(buf, n, pe, bitwise);                              \
  }
#define DEFINE_REDUCE(NAME, T, CASES)                                                      \
  __global__ void NAME(int op, int gran, int scatter, rocshmem_team_t team, T *dest,       \
                       const T *source, size_t n) {                                        \
    if (!member(gran)) return;                                                            \
    switch (op) { CASES }                                                                 \
  }
#define DEFINE_ARITH(KEY, T) DEFINE_FILL(KEY, T) DEFINE_REDUCE(reduce_##KEY, T, REDUCE_ARITH_CASES(KEY))
#define DEFINE_BIT(KEY, T) DEFINE_REDUCE(reduce_bit_##KEY, T, REDUCE_BIT_CASES(KEY))
ROCSHMEM_REDUCE_ARITH_TYPES(DEFINE_ARITH)
ROCSHMEM_RMA_DEVICE_EXTRA_TYPES(DEFINE_ARITH)
ROCSHMEM_REDUCE_BITWISE_TYPES(DEFINE_BIT)
