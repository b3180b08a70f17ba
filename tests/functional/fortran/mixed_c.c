/* The C half of mixed.f90: called from Fortran (by reference, gfortran's
 * name with one underscore), it reaches the Fortran COMMON block /mixblk/
 * as the global mixblk_ and checks what the Fortran side says. */
#include <shmem.h>

extern struct {
  int vals[8];
  int from_fortran[8];
} mixblk_;

void mixed_c_side_(const int *me, const int *npes, const int *cmps, const int *max_name_len,
                   const int *barrier_sync_size, int *ok) {
  const int c_cmps[6] = {SHMEM_CMP_EQ, SHMEM_CMP_NE, SHMEM_CMP_GT,
                         SHMEM_CMP_GE, SHMEM_CMP_LT, SHMEM_CMP_LE};
  int right = (*me + 1) % *npes, values[8], got[8], good = 1;
  good &= *me == shmem_my_pe() && *npes == shmem_n_pes();
  for (int i = 0; i < 6; ++i) good &= cmps[i] == c_cmps[i];
  good &= *max_name_len == SHMEM_MAX_NAME_LEN && *barrier_sync_size == SHMEM_BARRIER_SYNC_SIZE;
  for (int i = 0; i < 8; ++i) values[i] = 1000 * *me + i + 1;
  shmem_int_put(mixblk_.vals, values, 8, right);
  shmem_int_get(got, mixblk_.from_fortran, 8, right);
  for (int i = 0; i < 8; ++i) good &= got[i] == 7 * right + i + 1;
  *ok = good;
}
