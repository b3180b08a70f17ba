/* AMO entry points for the standard, extended and bitwise tables, with and
 * without a context, under both prefixes. */
#include <shmem.h>

#include "amo/amo.h"
#include "core/api.h"

extern "C" {

#define DEFINE_STD(PFX, KEY, T) ROCSHMEM_API_AMO_STANDARD(PFX, KEY, T, ROCSHMEM_AMO_DEF_BODY)
#define DEFINE_EXT(PFX, KEY, T) ROCSHMEM_API_AMO_EXTENDED(PFX, KEY, T, ROCSHMEM_AMO_DEF_BODY)
#define DEFINE_BIT(PFX, KEY, T) ROCSHMEM_API_AMO_BITWISE(PFX, KEY, T, ROCSHMEM_AMO_DEF_BODY)
#define DEFINE_STD_BOTH(KEY, T) DEFINE_STD(rocshmem, KEY, T) DEFINE_STD(shmem, KEY, T)
#define DEFINE_EXT_BOTH(KEY, T) DEFINE_EXT(rocshmem, KEY, T) DEFINE_EXT(shmem, KEY, T)
#define DEFINE_BIT_BOTH(KEY, T) DEFINE_BIT(rocshmem, KEY, T) DEFINE_BIT(shmem, KEY, T)
ROCSHMEM_AMO_STANDARD_TYPES(DEFINE_STD_BOTH)
ROCSHMEM_AMO_EXTENDED_TYPES(DEFINE_EXT_BOTH)
ROCSHMEM_AMO_BITWISE_TYPES(DEFINE_BIT_BOTH)

}  // extern "C"
