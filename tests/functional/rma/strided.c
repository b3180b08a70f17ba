/*
 * Strided transfers (iput/iget) with strides 1, 2, 3 and negative ones, for
 * every typed and sized routine of common/typed_ops.h, on the symmetric heap
 * and on a static array.  A negative stride walks down from the given
 * address (rocshmem accepts any sign; the span touched must be symmetric).
 *
 * One TAP case per (operation, stride pair, memory), covering all 54 routine
 * families at once: each family uses its own slice of the buffers, so a case
 * costs two barriers however many families it checks.
 */
#include "../common/typed_ops.h"

enum {
  M = 9,                              /* elements per transfer */
  MAX_STRIDE = 3,
  SLICE_ELEMS = M * MAX_STRIDE + 2,   /* an element of slack at each end */
  SLICE_BYTES = SLICE_ELEMS * FT_MAX_ELEM,
  AREA = FT_N_OPS * SLICE_BYTES,
};

static const struct {
  ptrdiff_t dst, sst;
} strides[] = {{1, 1}, {2, 1}, {1, 2}, {3, 2}, {2, 3}, {-1, 1}, {1, -2}, {-3, -2}};
enum { N_STRIDES = sizeof strides / sizeof strides[0] };

static unsigned char static_area[2 * AREA]; /* .bss: dest area, then source area */

/* Element index (in a slice) of the k-th element of a transfer with this
 * stride: positive strides start at element 1, negative ones at the far end
 * and walk down.  Element 0 and the last one stay untouched either way. */
static size_t slot(ptrdiff_t stride, size_t k) {
  ptrdiff_t first = stride > 0 ? 1 : 1 + (ptrdiff_t)(M - 1) * -stride;
  return (size_t)(first + (ptrdiff_t)k * stride);
}

/* The slice must hold ft_val(pe, k, salt) at slot(stride, k) for k < M and the
 * sentinel everywhere else. */
static void check_slice(const void *slice, const ft_rma_ops *o, ptrdiff_t stride, int pe,
                        int salt, const char *what) {
  for (size_t i = 0; i < SLICE_ELEMS; ++i) {
    int expect = FT_SENTINEL;
    for (size_t k = 0; k < M; ++k)
      if (slot(stride, k) == i) expect = ft_val(pe, k, salt);
    FT_CHECK(o->eq(slice, i, expect), "%s %s: element %zu of the slice (expected %d)", o->name,
             what, i, expect);
  }
}

static void fill_slice(void *slice, const ft_rma_ops *o, ptrdiff_t stride, int pe, int salt) {
  for (size_t i = 0; i < SLICE_ELEMS; ++i) o->set(slice, i, FT_SENTINEL);
  for (size_t k = 0; k < M; ++k) o->set(slice, slot(stride, k), ft_val(pe, k, salt));
}

static void run(const char *mem, unsigned char *dst_area, unsigned char *src_area, int is_put,
                ptrdiff_t dst_stride, ptrdiff_t src_stride, int salt) {
  const int me = ft.me, n = ft.npes, right = (me + 1) % n, left = (me + n - 1) % n;
  unsigned char *priv = (unsigned char *)malloc(AREA);
  if (!priv) abort();

  /* iput: private source -> symmetric dest of the right neighbour.
   * iget: symmetric source of the right neighbour -> private dest. */
  for (int k = 0; k < FT_N_OPS; ++k) {
    const ft_rma_ops *o = ft_all_ops[k];
    unsigned char *d = (is_put ? dst_area : priv) + (size_t)k * SLICE_BYTES;
    unsigned char *s = (is_put ? priv : src_area) + (size_t)k * SLICE_BYTES;
    fill_slice(s, o, src_stride, me, salt + k);
    for (size_t i = 0; i < SLICE_ELEMS; ++i) o->set(d, i, FT_SENTINEL);
  }
  shmem_barrier_all();
  for (int k = 0; k < FT_N_OPS; ++k) {
    const ft_rma_ops *o = ft_all_ops[k];
    unsigned char *d = (is_put ? dst_area : priv) + (size_t)k * SLICE_BYTES;
    unsigned char *s = (is_put ? priv : src_area) + (size_t)k * SLICE_BYTES;
    void *d0 = ft_elem(d, o, slot(dst_stride, 0));
    void *s0 = ft_elem(s, o, slot(src_stride, 0));
    if (is_put)
      o->iput(d0, s0, dst_stride, src_stride, M, right);
    else
      o->iget(d0, s0, dst_stride, src_stride, M, right);
  }
  shmem_barrier_all();
  for (int k = 0; k < FT_N_OPS; ++k) {
    const ft_rma_ops *o = ft_all_ops[k];
    unsigned char *d = (is_put ? dst_area : priv) + (size_t)k * SLICE_BYTES;
    check_slice(d, o, dst_stride, is_put ? left : right, salt + k, is_put ? "iput" : "iget");
  }
  ft_case("%s with dst stride %td, src stride %td, %d elements, on the %s: all %d routine families",
          is_put ? "iput" : "iget", dst_stride, src_stride, M, mem, (int)FT_N_OPS);
  shmem_barrier_all(); /* the next case rewrites the areas */
  free(priv);
}

int main(void) {
  shmem_init();
  ft_begin();
  unsigned char *heap_area = (unsigned char *)shmem_malloc(2 * AREA);
  if (!heap_area) return 1;
  int salt = 0;
  for (int s = 0; s < N_STRIDES; ++s)
    for (int is_put = 1; is_put >= 0; --is_put) {
      run("symmetric heap", heap_area, heap_area + AREA, is_put, strides[s].dst, strides[s].sst,
          salt += 100);
      run("static .bss array", static_area, static_area + AREA, is_put, strides[s].dst,
          strides[s].sst, salt += 100);
    }
  int rc = ft_finish();
  shmem_free(heap_area);
  shmem_finalize();
  return rc;
}
