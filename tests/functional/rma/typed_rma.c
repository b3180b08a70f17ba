/*
 * Every typed RMA routine: put, get, p, g, iput, iget, put_nbi and get_nbi
 * for the 25 shmem_TYPE_* families, the 24 rocshmem_TYPE_* families and the
 * 5 sized shmem_*BITS families (table in common/typed_ops.h, expanded from
 * <rocshmem/types.def>).  One TAP case per routine; every PE talks to its
 * right neighbour in a ring (itself when alone), so with 1, 2, 3 and 4 PEs the
 * self, pairwise and ring paths are all exercised.
 *
 * Each case also checks that nothing beyond the transfer was written (a
 * sentinel after the last element catches a wrong element size).
 */
#include "../common/typed_ops.h"

enum {
  N = 37,        /* elements per contiguous transfer: odd, several cache lines */
  M = 12,        /* elements per strided transfer */
  DST_STRIDE = 2,
  SRC_STRIDE = 3,
  LEN = 3 * N,   /* buffer length in elements (holds M * SRC_STRIDE) */
};

static void fill(void *buf, const ft_rma_ops *o, size_t n, int pe, int salt) {
  for (size_t i = 0; i < n; ++i) o->set(buf, i, ft_val(pe, i, salt));
}
static void fill_sentinel(void *buf, const ft_rma_ops *o, size_t n) {
  for (size_t i = 0; i < n; ++i) o->set(buf, i, FT_SENTINEL);
}

/* buf[first + k*stride] for k < count must hold ft_val(pe, k*src_stride,
 * salt) (the element the strided source had there); every other element of
 * buf[0, LEN) the sentinel. */
static void check_strided(const void *buf, const ft_rma_ops *o, size_t count, size_t stride,
                          size_t src_stride, int pe, int salt, const char *what) {
  for (size_t i = 0; i < LEN; ++i) {
    int expect = FT_SENTINEL;
    if (i % stride == 0 && i / stride < count) expect = ft_val(pe, (i / stride) * src_stride, salt);
    FT_CHECK(o->eq(buf, i, expect), "%s %s: element %zu is wrong (expected %d)", o->name, what, i,
             expect);
  }
}

static void check_contiguous(const void *buf, const ft_rma_ops *o, int pe, int salt,
                             const char *what) {
  check_strided(buf, o, N, 1, 1, pe, salt, what);
}

static void test_ops(const ft_rma_ops *o) {
  const int me = ft.me, n = ft.npes, right = (me + 1) % n, left = (me + n - 1) % n;
  void *dst = shmem_malloc(LEN * o->size); /* symmetric target of puts */
  void *src = shmem_malloc(LEN * o->size); /* symmetric source of gets */
  void *loc = malloc(LEN * o->size);       /* private: sources need not be symmetric */
  FT_CHECK(dst && src && loc, "allocation failed");
  if (!dst || !src || !loc) abort();

  /* put: my values land in my right neighbour's dst, so I check my left's. */
  fill(loc, o, N, me, 1);
  fill_sentinel(dst, o, LEN);
  shmem_barrier_all();
  o->put(dst, loc, N, right);
  shmem_barrier_all();
  check_contiguous(dst, o, left, 1, "put");
  ft_case("%s put: %d elements to the next PE", o->name, N);

  /* get */
  fill(src, o, LEN, me, 2);
  fill_sentinel(loc, o, LEN);
  shmem_barrier_all();
  o->get(loc, src, N, right);
  check_contiguous(loc, o, right, 2, "get");
  ft_case("%s get: %d elements from the next PE", o->name, N);

  if (o->p) {
    fill_sentinel(dst, o, LEN);
    shmem_barrier_all(); /* everyone is done with the get from src above too */
    for (size_t i = 0; i < N; ++i) o->p(ft_elem(dst, o, i), ft_val(me, i, 3), right);
    shmem_barrier_all();
    check_contiguous(dst, o, left, 3, "p");
    ft_case("%s p: %d single elements to the next PE", o->name, N);

    fill(src, o, LEN, me, 4);
    shmem_barrier_all();
    for (size_t i = 0; i < N; ++i)
      FT_CHECK(o->g_eq(ft_elem(src, o, i), right, ft_val(right, i, 4)), "%s g: element %zu",
               o->name, i);
    ft_case("%s g: %d single elements from the next PE", o->name, N);
  }

  /* iput: loc[k*SRC_STRIDE] -> dst[k*DST_STRIDE] on the right neighbour */
  fill(loc, o, LEN, me, 5);
  fill_sentinel(dst, o, LEN);
  shmem_barrier_all();
  o->iput(dst, loc, DST_STRIDE, SRC_STRIDE, M, right);
  shmem_barrier_all();
  check_strided(dst, o, M, DST_STRIDE, SRC_STRIDE, left, 5, "iput");
  ft_case("%s iput: %d elements, dst stride %d, src stride %d", o->name, M, DST_STRIDE,
          SRC_STRIDE);

  /* iget: the right neighbour's src[k*DST_STRIDE] -> loc[k*SRC_STRIDE] */
  fill(src, o, LEN, me, 6);
  fill_sentinel(loc, o, LEN);
  shmem_barrier_all();
  o->iget(loc, src, SRC_STRIDE, DST_STRIDE, M, right);
  check_strided(loc, o, M, SRC_STRIDE, DST_STRIDE, right, 6, "iget");
  ft_case("%s iget: %d elements, dst stride %d, src stride %d", o->name, M, SRC_STRIDE,
          DST_STRIDE);

  /* put_nbi: completed by shmem_quiet alone; the MPI barrier only tells the
   * neighbour to look (a rocshmem barrier would complete the put itself). */
  fill(loc, o, N, me, 7);
  fill_sentinel(dst, o, LEN);
  shmem_barrier_all();
  o->put_nbi(dst, loc, N, right);
  shmem_quiet();
  ft_mpi_barrier();
  check_contiguous(dst, o, left, 7, "put_nbi");
  ft_case("%s put_nbi: %d elements to the next PE, completed by shmem_quiet", o->name, N);

  /* get_nbi: the destination is valid after shmem_quiet. */
  fill(src, o, LEN, me, 8);
  fill_sentinel(loc, o, LEN);
  shmem_barrier_all();
  o->get_nbi(loc, src, N, right);
  shmem_quiet();
  check_contiguous(loc, o, right, 8, "get_nbi");
  ft_case("%s get_nbi: %d elements from the next PE, completed by shmem_quiet", o->name, N);

  shmem_barrier_all(); /* nobody still reads src when it is freed */
  free(loc);
  shmem_free(src);
  shmem_free(dst);
}

int main(void) {
  shmem_init();
  ft_begin();
  for (size_t k = 0; k < FT_N_OPS; ++k) test_ops(ft_all_ops[k]);
  int rc = ft_finish();
  shmem_finalize();
  return rc;
}
