/*
 * Collectives across the size where the same-node path (src/coll, msg::)
 * switches from data inside the message to reading the sender's buffer:
 *
 *  - broadcast, fcollect, alltoall, alltoalls (dst 2, sst 3) and long sum
 *    reduce of 1..130 longs a block (8..1040 bytes, across the 992-byte
 *    inline limit), back to back on SHMEM_TEAM_WORLD and on the even PEs,
 *    with no barrier in between and the source rewritten right after each
 *    call returns;
 *  - collect where every PE contributes a different size, some inline and
 *    some not, in one call;
 *  - a root that runs ahead: eight broadcasts from the same root in a row
 *    while the receivers sleep, so its messages wait for them to consume
 *    the earlier ones (each receiver holds a ring of four per sender).
 * Results are checked after every call (a later call would overwrite them).
 */
#include <time.h>

#include "../common/ftest.h"

#define MAXN 130 /* longs per block */

static long *src, *dst;

static long val(int pe, int iter, size_t i) { return (long)pe * 1000003L + iter * 131L + (long)i; }

static void fill(int iter, size_t n, int blocks) {
  for (size_t i = 0; i < n * (size_t)blocks; ++i) src[i] = val(ft.me, iter, i);
}

static void run_team(shmem_team_t team, const char *what) {
  if (team == SHMEM_TEAM_INVALID) return;
  const int n = shmem_team_n_pes(team), me = shmem_team_my_pe(team);
  int iter = 0;
  for (size_t k = 1; k <= MAXN; k += (k < 120 ? 17 : 1), ++iter) {
    /* broadcast from a rotating root */
    int root = iter % n;
    int root_world = shmem_team_translate_pe(team, root, SHMEM_TEAM_WORLD);
    fill(iter, k, 1);
    shmem_long_broadcast(team, dst, src, k, root);
    for (size_t i = 0; i < k; ++i)
      FT_CHECK(dst[i] == val(root_world, iter, i), "%s broadcast %zu: [%zu] = %ld", what, k, i,
               dst[i]);
    fill(iter + 1, k, 1); /* the source may be reused at once */
    /* fcollect */
    shmem_long_fcollect(team, dst, src, k);
    for (int m = 0; m < n; ++m) {
      int w = shmem_team_translate_pe(team, m, SHMEM_TEAM_WORLD);
      for (size_t i = 0; i < k; ++i)
        FT_CHECK(dst[m * k + i] == val(w, iter + 1, i), "%s fcollect %zu: block %d [%zu]", what,
                 k, m, i);
    }
    /* alltoall */
    fill(iter + 2, k, n);
    shmem_long_alltoall(team, dst, src, k);
    for (int m = 0; m < n; ++m) {
      int w = shmem_team_translate_pe(team, m, SHMEM_TEAM_WORLD);
      for (size_t i = 0; i < k; ++i)
        FT_CHECK(dst[m * k + i] == val(w, iter + 2, me * k + i), "%s alltoall %zu: block %d [%zu]",
                 what, k, m, i);
    }
    /* alltoalls, dst 2 and sst 3: my block for member j is k longs 3 apart
     * from long 3jk; the gaps of dest stay as they were */
    fill(iter + 5, 3 * k, n);
    for (size_t i = 0; i < 2 * k * n; ++i) dst[i] = -7;
    shmem_long_alltoalls(team, dst, src, 2, 3, k);
    for (int m = 0; m < n; ++m) {
      int w = shmem_team_translate_pe(team, m, SHMEM_TEAM_WORLD);
      for (size_t i = 0; i < k; ++i) {
        size_t at = 2 * (m * k + i);
        FT_CHECK(dst[at] == val(w, iter + 5, 3 * (me * k + i)) && dst[at + 1] == -7,
                 "%s alltoalls %zu: block %d [%zu] = %ld (gap %ld)", what, k, m, i, dst[at],
                 dst[at + 1]);
      }
    }
    /* sum reduce, in place every other time */
    fill(iter + 3, k, 1);
    long *out = (iter & 1) ? src : dst;
    shmem_long_sum_reduce(team, out, src, k);
    for (size_t i = 0; i < k; ++i) {
      long want = 0;
      for (int m = 0; m < n; ++m) want += val(shmem_team_translate_pe(team, m, SHMEM_TEAM_WORLD), iter + 3, i);
      FT_CHECK(out[i] == want, "%s sum_reduce %zu: [%zu] = %ld, want %ld", what, k, i, out[i], want);
    }
    /* collect: member m contributes (k + 70 * m) % (MAXN + 1) longs */
    size_t mine = (k + 70 * (size_t)me) % (MAXN + 1);
    fill(iter + 4, mine, 1);
    shmem_long_collect(team, dst, src, mine);
    size_t at = 0;
    for (int m = 0; m < n; ++m) {
      int w = shmem_team_translate_pe(team, m, SHMEM_TEAM_WORLD);
      size_t theirs = (k + 70 * (size_t)m) % (MAXN + 1);
      for (size_t i = 0; i < theirs; ++i)
        FT_CHECK(dst[at + i] == val(w, iter + 4, i), "%s collect %zu: member %d [%zu]", what, k,
                 m, i);
      at += theirs;
    }
  }
  /* a root that runs ahead of the others: they start late, so it writes
   * more messages than each receiver's ring holds before any is consumed */
  if (me != 0) {
    struct timespec late = {0, 20 * 1000 * 1000};
    nanosleep(&late, NULL);
  }
  for (int r = 0; r < 8; ++r) {
    if (me == 0) fill(100 + r, 2, 1);
    if (me == 0) src[2] = r;
    shmem_long_broadcast(team, dst, src, 3, 0);
    FT_CHECK(dst[2] == r, "%s broadcast ahead %d: got %ld", what, r, dst[2]);
  }
}

int main(void) {
  shmem_init();
  ft_begin();
  size_t words = (size_t)MAXN * ft.npes + MAXN * 2;
  src = (long *)shmem_malloc(words * sizeof(long) * 3);
  dst = (long *)shmem_malloc(words * sizeof(long) * 2);
  run_team(SHMEM_TEAM_WORLD, "world");
  ft_case("inline and by-reference sizes on SHMEM_TEAM_WORLD, back to back");
  shmem_team_t even;
  shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, (ft.npes + 1) / 2, NULL, 0, &even);
  run_team(even, "even");
  ft_case("the same on the even PEs (the odd ones skip)");
  shmem_team_destroy(even);
  shmem_free(src);
  shmem_free(dst);
  int rc = ft_finish();
  shmem_finalize();
  return rc;
}
