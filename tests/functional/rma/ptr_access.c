/*
 * shmem_ptr, shmem_addr_accessible and shmem_pe_accessible (and their
 * rocshmem_ twins).  Every PE of these runs shares the node, so every PE is
 * accessible, every symmetric address is, and shmem_ptr must give a usable
 * load/store address for all of them -- for the heap and for static data.
 */
#include <limits.h>

#include "../common/ftest.h"

static long static_words[64];              /* .bss */
static long static_init[8] = {1, 2, 3, 4}; /* .data */

typedef int (*pe_acc_fn)(int);
typedef int (*addr_acc_fn)(const void *, int);
typedef void *(*ptr_fn)(const void *, int);

static void test_prefix(const char *pfx, pe_acc_fn pe_acc, addr_acc_fn addr_acc, ptr_fn ptr,
                        long *heap) {
  const int me = ft.me, n = ft.npes, right = (me + 1) % n, left = (me + n - 1) % n;
  long stack_word = 0;
  long *malloced = (long *)malloc(sizeof(long));

  for (int pe = 0; pe < n; ++pe) FT_CHECK(pe_acc(pe) == 1, "%s_pe_accessible(%d) != 1", pfx, pe);
  ft_case("%s_pe_accessible is 1 for every PE", pfx);

  const int bad_pes[] = {-1, n, n + 1, INT_MAX, INT_MIN};
  for (size_t k = 0; k < sizeof bad_pes / sizeof bad_pes[0]; ++k)
    FT_CHECK(pe_acc(bad_pes[k]) == 0, "%s_pe_accessible(%d) != 0", pfx, bad_pes[k]);
  ft_case("%s_pe_accessible is 0 for -1, n_pes (%d) and other out-of-range PEs", pfx, n);

  for (int pe = 0; pe < n; ++pe) {
    FT_CHECK(addr_acc(heap, pe) == 1, "heap block, pe %d", pe);
    FT_CHECK(addr_acc(heap + 15, pe) == 1, "inside a heap block, pe %d", pe);
    FT_CHECK(addr_acc(static_words, pe) == 1, ".bss, pe %d", pe);
    FT_CHECK(addr_acc(&static_words[63], pe) == 1, "end of a .bss array, pe %d", pe);
    FT_CHECK(addr_acc(static_init, pe) == 1, ".data, pe %d", pe);
  }
  ft_case("%s_addr_accessible is 1 for heap, .bss and .data addresses on every PE", pfx);

  for (int pe = 0; pe < n; ++pe) {
    FT_CHECK(addr_acc(&stack_word, pe) == 0, "stack variable, pe %d", pe);
    FT_CHECK(addr_acc(malloced, pe) == 0, "malloc'd memory, pe %d", pe);
    FT_CHECK(addr_acc("a string literal", pe) == 0, "read-only data, pe %d", pe);
    FT_CHECK(addr_acc(NULL, pe) == 0, "NULL, pe %d", pe);
  }
  FT_CHECK(addr_acc(heap, n) == 0 && addr_acc(heap, -1) == 0, "out-of-range PE");
  ft_case("%s_addr_accessible is 0 for stack, malloc, read-only, NULL and out-of-range PEs", pfx);

  FT_CHECK(ptr(heap, me) == heap, "%s_ptr(heap, me) = %p, not the address itself %p", pfx,
           ptr(heap, me), (void *)heap);
  FT_CHECK(ptr(static_words, me) == static_words, "%s_ptr(.bss, me) is not the address itself",
           pfx);
  ft_case("%s_ptr to my own PE is the address itself", pfx);

  for (int pe = 0; pe < n; ++pe) {
    FT_CHECK(ptr(heap, pe) != NULL, "heap, pe %d", pe);
    FT_CHECK(ptr(static_words, pe) != NULL, ".bss, pe %d", pe);
    FT_CHECK(ptr(static_init, pe) != NULL, ".data, pe %d", pe);
    /* Offsets within an object carry over to the peer's mapping. */
    FT_CHECK((char *)ptr(heap + 7, pe) - (char *)ptr(heap, pe) == 7 * (ptrdiff_t)sizeof(long),
             "offset within a heap block, pe %d", pe);
  }
  ft_case("%s_ptr is non-NULL for heap, .bss and .data on every (same-node) PE", pfx);

  FT_CHECK(ptr(&stack_word, right) == NULL, "stack");
  FT_CHECK(ptr(malloced, right) == NULL, "malloc");
  FT_CHECK(ptr(heap, n) == NULL && ptr(heap, -1) == NULL, "out-of-range PE");
  ft_case("%s_ptr is NULL for non-symmetric addresses and out-of-range PEs", pfx);

  /* Stores through the pointer are the peer's memory: visible to its loads
   * after a barrier, and to RMA. */
  heap[0] = -1;
  static_words[0] = -1;
  static_init[5] = -1;
  shmem_barrier_all();
  *(long *)ptr(&heap[0], right) = 1000 + me;
  *(long *)ptr(&static_words[0], right) = 2000 + me;
  *(long *)ptr(&static_init[5], right) = 3000 + me;
  shmem_barrier_all();
  FT_CHECK(heap[0] == 1000 + left, "heap word %ld, expected %d", heap[0], 1000 + left);
  FT_CHECK(static_words[0] == 2000 + left, ".bss word %ld", static_words[0]);
  FT_CHECK(static_init[5] == 3000 + left, ".data word %ld", static_init[5]);
  ft_case("stores through %s_ptr land in the next PE's heap, .bss and .data", pfx);

  /* Loads through the pointer see what the peer stored, and agree with g. */
  heap[1] = 500 + me;
  shmem_barrier_all();
  for (int pe = 0; pe < n; ++pe) {
    long via_ptr = *(const long *)ptr(&heap[1], pe);
    FT_CHECK(via_ptr == 500 + pe, "load from pe %d gave %ld", pe, via_ptr);
    FT_CHECK(shmem_long_g(&heap[1], pe) == via_ptr, "shmem_long_g disagrees for pe %d", pe);
  }
  ft_case("loads through %s_ptr see every PE's heap and agree with shmem_long_g", pfx);

  shmem_barrier_all();
  free(malloced);
}

int main(void) {
  shmem_init();
  ft_begin();
  long *heap = (long *)shmem_malloc(16 * sizeof(long));
  if (!heap) return 1;
  test_prefix("shmem", shmem_pe_accessible, shmem_addr_accessible, shmem_ptr, heap);
  test_prefix("rocshmem", rocshmem_pe_accessible, rocshmem_addr_accessible, rocshmem_ptr, heap);
  int rc = ft_finish();
  shmem_free(heap);
  shmem_finalize();
  return rc;
}
