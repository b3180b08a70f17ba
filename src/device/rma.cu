/* Device entry points: RMA and put-with-signal, thread granularity, for the
 * device RMA table (types.def: the host table plus half and bfloat16) and
 * the mem forms. */
#include "device/entry.h"

#define ROCSHMEM_DEVICE_DEFINE_TYPED(KEY, T) \
  ROCSHMEM_DEVICE_THREAD_RMA(KEY, T, ROCSHMEM_DEVICE_BODY_THREAD, ROCSHMEM_DEVICE_CTX_BODY)

#if ROCSHMEM_DEVICE_PASS
extern "C" {
ROCSHMEM_RMA_DEVICE_TYPES(ROCSHMEM_DEVICE_DEFINE_TYPED)
ROCSHMEM_API_RMA_BULK(ROCSHMEM_MEM_NAME, rocshmem, , void, ROCSHMEM_DEVICE_BODY_THREAD)
ROCSHMEM_API_PUT_SIGNAL(ROCSHMEM_MEM_NAME, rocshmem, , void, ROCSHMEM_DEVICE_BODY_THREAD)
}
#endif
