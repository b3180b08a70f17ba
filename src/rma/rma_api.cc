/* RMA entry points: putmem/getmem, every typed routine and the sized forms,
 * with and without a context, under both the rocshmem_* and shmem_* names
 * (long double, the sized forms and the 1.6 ibput/ibget: shmem_* only). */
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
  ROCSHMEM_API_RMA_SCALAR(PFX, KEY, T, ROCSHMEM_RMA_DEF_BODY)
#define DEFINE_TYPED_BOTH(KEY, T) DEFINE_TYPED(rocshmem, KEY, T) DEFINE_TYPED(shmem, KEY, T)
#define DEFINE_TYPED_SHMEM(KEY, T) DEFINE_TYPED(shmem, KEY, T)
ROCSHMEM_RMA_TYPES(DEFINE_TYPED_BOTH)
SHMEM_RMA_EXTRA_TYPES(DEFINE_TYPED_SHMEM)

/* OpenSHMEM 1.6 blocked strided RMA (shmem_* only): shmem_long_ibput ... */
#define DEFINE_BLOCKED(KEY, T) \
  ROCSHMEM_SHMEM_API_RMA_BLOCKED(ROCSHMEM_TYPED_NAME, shmem, KEY, T, ROCSHMEM_RMA_DEF_BODY)
SHMEM_RMA_TYPES(DEFINE_BLOCKED)

/* shmem_put32, shmem_iget128 ...: the bit count gives the element size. */
#define SIZED_BODY(NAME, CTX, OP, T, BITS, ...) \
  ROCSHMEM_RMA_DEF_BODY(NAME, CTX, OP, ::rocshmem::rma::Bits<BITS>, BITS, __VA_ARGS__)
#define DEFINE_SIZED(BITS)                                                   \
  ROCSHMEM_API_RMA_BULK(ROCSHMEM_SIZED_NAME, shmem, BITS, void, SIZED_BODY) \
  ROCSHMEM_API_RMA_STRIDED(ROCSHMEM_SIZED_NAME, shmem, BITS, void, SIZED_BODY) \
  ROCSHMEM_SHMEM_API_RMA_BLOCKED(ROCSHMEM_SIZED_NAME, shmem, BITS, void, SIZED_BODY)
SHMEM_RMA_SIZES(DEFINE_SIZED)

}  // extern "C"
