/*
 * Link test (built by header_compile.sh, never run): takes the address of
 * every routine that <shmem.h> and <rocshmem/rocshmem.h> declare, expanded
 * from the same type tables as the headers, so a declared but undefined
 * routine fails to link.  Function pointers of any type may be converted to
 * another function pointer type (only calls through them would need the
 * original type).
 */
#include <shmem.h>

typedef void (*any_fn)(void);
#define REF(f) (any_fn) f,

#define REF_COMMON(PFX)                                                                \
  REF(PFX##_init) REF(PFX##_init_thread) REF(PFX##_query_thread) REF(PFX##_finalize)   \
  REF(PFX##_my_pe) REF(PFX##_n_pes) REF(PFX##_pe_accessible) REF(PFX##_addr_accessible) \
  REF(PFX##_ptr) REF(PFX##_info_get_version) REF(PFX##_info_get_name)                  \
  REF(PFX##_global_exit) REF(PFX##_malloc) REF(PFX##_calloc) REF(PFX##_align)          \
  REF(PFX##_realloc) REF(PFX##_malloc_with_hints) REF(PFX##_free) REF(PFX##_fence)     \
  REF(PFX##_quiet) REF(PFX##_barrier_all) REF(PFX##_sync_all) REF(PFX##_putmem)        \
  REF(PFX##_getmem) REF(PFX##_putmem_nbi) REF(PFX##_getmem_nbi)

#define REF_TYPED(PFX, KEY)                                                            \
  REF(PFX##_##KEY##_put) REF(PFX##_##KEY##_get) REF(PFX##_##KEY##_put_nbi)             \
  REF(PFX##_##KEY##_get_nbi) REF(PFX##_##KEY##_iput) REF(PFX##_##KEY##_iget)           \
  REF(PFX##_##KEY##_p) REF(PFX##_##KEY##_g)
#define REF_SHMEM_TYPED(KEY, T) REF_TYPED(shmem, KEY)
#define REF_ROCSHMEM_TYPED(KEY, T) REF_TYPED(rocshmem, KEY)

#define REF_SIZED(BITS)                                                                \
  REF(shmem_put##BITS) REF(shmem_get##BITS) REF(shmem_put##BITS##_nbi)                 \
  REF(shmem_get##BITS##_nbi) REF(shmem_iput##BITS) REF(shmem_iget##BITS)

any_fn every_routine[] = {
    REF_COMMON(shmem) REF_COMMON(rocshmem)
    SHMEM_RMA_TYPES(REF_SHMEM_TYPED) ROCSHMEM_RMA_TYPES(REF_ROCSHMEM_TYPED)
    SHMEM_RMA_SIZES(REF_SIZED)
    REF(start_pes) REF(_my_pe) REF(_num_pes) REF(my_pe) REF(num_pes) REF(shmalloc)
    REF(shfree) REF(shrealloc) REF(shmemalign) REF(globalexit)
};

int main(void) { return every_routine[0] == 0; }
