/* Deprecated OpenSHMEM 1.x / SGI names that legacy codes still call. */
#include <shmem.h>

#include "core/runtime.h"
#include "memory/symmetric_alloc.h"

extern "C" {

/* npes is ignored, as every implementation since SGI's does: the launcher
 * decides the PE count. */
void start_pes(int npes) {
  (void)npes;
  rocshmem::runtime_init("start_pes", ROCSHMEM_THREAD_SINGLE);
}

#define DEFINE_PE_QUERY(NAME, FIELD)       \
  int NAME(void) {                         \
    rocshmem::require_init(#NAME);         \
    return rocshmem::g_runtime.FIELD;      \
  }
DEFINE_PE_QUERY(_my_pe, my_pe)
DEFINE_PE_QUERY(my_pe, my_pe)
DEFINE_PE_QUERY(_num_pes, n_pes)
DEFINE_PE_QUERY(num_pes, n_pes)

void *shmalloc(size_t size) { return rocshmem::sym_malloc("shmalloc", size, 64); }
void shfree(void *ptr) { rocshmem::sym_free("shfree", ptr); }
void *shrealloc(void *ptr, size_t size) { return rocshmem::sym_realloc("shrealloc", ptr, size); }
void *shmemalign(size_t alignment, size_t size) {
  return rocshmem::sym_malloc("shmemalign", size, alignment);
}
void globalexit(int status) { shmem_global_exit(status); }

}  // extern "C"
