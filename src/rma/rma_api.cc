/* RMA entry points: putmem/getmem and every typed routine, under both the
 * rocshmem_* and shmem_* names (long double: shmem_* only). */
#include <shmem.h>

#include "core/api.h"
#include "rma/rma.h"

extern "C" {

#define DEFINE_MEM(PFX) \
  ROCSHMEM_API_RMA_BULK(ROCSHMEM_MEM_NAME, PFX, , void, ROCSHMEM_RMA_DEF_BODY)
ROCSHMEM_API_PREFIXES(DEFINE_MEM)

#define DEFINE_TYPED(PFX, KEY, T)                                                   \
  ROCSHMEM_API_RMA_BULK(ROCSHMEM_TYPED_NAME, PFX, KEY, T, ROCSHMEM_RMA_DEF_BODY)    \
  ROCSHMEM_API_RMA_STRIDED(ROCSHMEM_TYPED_NAME, PFX, KEY, T, ROCSHMEM_RMA_DEF_BODY) \
  ROCSHMEM_API_RMA_SCALAR(PFX, KEY, T, ROCSHMEM_RMA_DEF_P, ROCSHMEM_RMA_DEF_G)
#define DEFINE_TYPED_BOTH(KEY, T) DEFINE_TYPED(rocshmem, KEY, T) DEFINE_TYPED(shmem, KEY, T)
#define DEFINE_TYPED_SHMEM(KEY, T) DEFINE_TYPED(shmem, KEY, T)
ROCSHMEM_RMA_TYPES(DEFINE_TYPED_BOTH)
SHMEM_RMA_EXTRA_TYPES(DEFINE_TYPED_SHMEM)

/* shmem_put32, shmem_iget128 ...: BITS gives the element size. */
#define SIZED_BODY(OP, NAME, T, BITS, ...) \
  { ::rocshmem::rma::OP<(BITS) / 8>(ROCSHMEM_STR(NAME), __VA_ARGS__); }
#define DEFINE_SIZED(BITS)                                                   \
  ROCSHMEM_API_RMA_BULK(ROCSHMEM_SIZED_NAME, shmem, BITS, void, SIZED_BODY) \
  ROCSHMEM_API_RMA_STRIDED(ROCSHMEM_SIZED_NAME, shmem, BITS, void, SIZED_BODY)
SHMEM_RMA_SIZES(DEFINE_SIZED)

}  // extern "C"
