/*
 * Run without any launcher (by singleton.sh): the program is one PE, with no
 * MPI job behind it.  Everything that works on one PE under mpirun must work
 * here too: RMA to itself on the heap and on static data, barriers,
 * allocation, shmem_ptr.
 */
#include "../common/ftest.h"

static long statics[16];

int main(void) {
  shmem_init();
  ft_begin();
  FT_CHECK(shmem_n_pes() == 1 && shmem_my_pe() == 0, "PE %d of %d", shmem_my_pe(), shmem_n_pes());
  ft_case("without a launcher the program is PE 0 of 1");

  FT_CHECK(!ft_mpi_up(), "MPI was initialized, though no launcher started the program");
  ft_case("the singleton bootstrap does not start MPI");

  long *heap = (long *)shmem_malloc(16 * sizeof(long));
  long src[16], back[16];
  for (int i = 0; i < 16; ++i) src[i] = 100 + i;
  shmem_long_put(heap, src, 16, 0);
  shmem_long_put(statics, src, 16, 0);
  shmem_barrier_all();
  shmem_long_get(back, heap, 16, 0);
  for (int i = 0; i < 16; ++i)
    FT_CHECK(heap[i] == 100 + i && statics[i] == 100 + i && back[i] == 100 + i, "element %d", i);
  shmem_long_p(&statics[3], 7, 0);
  FT_CHECK(shmem_long_g(&statics[3], 0) == 7, "p/g on static data");
  ft_case("put, get, p, g to itself on the heap and on static data");

  FT_CHECK(shmem_ptr(heap, 0) == heap && shmem_ptr(statics, 0) == statics, "shmem_ptr(self)");
  FT_CHECK(shmem_pe_accessible(0) && !shmem_pe_accessible(1), "shmem_pe_accessible");
  ft_case("shmem_ptr and shmem_pe_accessible on one PE");

  for (int i = 0; i < 100; ++i) shmem_barrier_all();
  shmem_sync_all();
  shmem_quiet();
  shmem_fence();
  void *p = shmem_realloc(heap, 1 << 20);
  FT_CHECK(p != NULL, "shmem_realloc");
  shmem_free(p);
  ft_case("barriers, quiet, fence and realloc/free on one PE");

  shmem_finalize();
  return ft_finish();
}
