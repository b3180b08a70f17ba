/*
 * Deprecated OpenSHMEM 1.x / SGI names that legacy codes still use, through
 * the legacy header path <mpp/shmem.h>: start_pes, _my_pe, _num_pes, my_pe,
 * num_pes, shmalloc, shfree, shrealloc, shmemalign, and the old constants.
 */
#include <mpp/shmem.h>

#include "../common/ftest.h"

/* Old work-array idiom: constants must still compile. */
static long pSync[_SHMEM_BARRIER_SYNC_SIZE];

int main(void) {
  start_pes(0); /* the argument is ignored: the launcher decides */
  ft_begin();

  FT_CHECK(_my_pe() == shmem_my_pe() && my_pe() == shmem_my_pe(), "_my_pe/my_pe");
  FT_CHECK(_num_pes() == shmem_n_pes() && num_pes() == shmem_n_pes(), "_num_pes/num_pes");
  ft_case("start_pes initializes; _my_pe, my_pe, _num_pes, num_pes agree with shmem_*");

  for (int i = 0; i < _SHMEM_BARRIER_SYNC_SIZE; ++i) pSync[i] = _SHMEM_SYNC_VALUE;
  FT_CHECK(shmem_addr_accessible(pSync, (ft.me + 1) % ft.npes), "a static pSync is symmetric");
  FT_CHECK(_SHMEM_MAJOR_VERSION == 1 && _SHMEM_MINOR_VERSION == 6, "_SHMEM_*_VERSION");
  ft_case("legacy constants compile; a static pSync array is symmetric");

  const int me = ft.me, n = ft.npes, right = (me + 1) % n, left = (me + n - 1) % n;
  long *a = (long *)shmalloc(100 * sizeof(long));
  FT_CHECK(a != NULL, "shmalloc failed");
  if (!a) return ft_finish();
  shmem_long_p(&a[99], me, right);
  shmem_barrier_all();
  FT_CHECK(a[99] == left, "put into a shmalloc'd block");
  ft_case("shmalloc gives a symmetric block");

  for (int i = 0; i < 100; ++i) a[i] = me * 1000 + i;
  long *b = (long *)shrealloc(a, 100000 * sizeof(long));
  FT_CHECK(b != NULL, "shrealloc failed");
  if (!b) return ft_finish();
  for (int i = 0; i < 100; ++i) FT_CHECK(b[i] == me * 1000 + i, "word %d lost by shrealloc", i);
  shmem_long_p(&b[99999], me, right);
  shmem_barrier_all();
  FT_CHECK(b[99999] == left, "put into the end of a shrealloc'd block");
  ft_case("shrealloc keeps contents and stays symmetric");

  void *c = shmemalign(4096, 10);
  FT_CHECK(c != NULL && (uintptr_t)c % 4096 == 0, "shmemalign(4096, 10) = %p", c);
  shfree(c);
  shfree(b);
  ft_case("shmemalign aligns; shfree releases");

  int rc = ft_finish();
  shmem_finalize();
  return rc;
}
