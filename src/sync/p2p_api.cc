/* Point-to-point synchronization entry points under both prefixes. */
#include <shmem.h>

#include "core/api.h"
#include "sync/p2p.h"

extern "C" {

#define DEFINE_P2P_BOTH(KEY, T)                                 \
  ROCSHMEM_API_P2P(rocshmem, KEY, T, ROCSHMEM_P2P_DEF_BODY)     \
  ROCSHMEM_API_P2P(shmem, KEY, T, ROCSHMEM_P2P_DEF_BODY)
ROCSHMEM_P2P_TYPES(DEFINE_P2P_BOTH)

}  // extern "C"
