/* Device entry points: the _wave and _wg forms of RMA and put-with-signal,
 * for the device RMA table and the mem forms. */
#include "device/entry.h"

#define ROCSHMEM_DEVICE_DEFINE_GROUP_TYPED(KEY, T)                                      \
  ROCSHMEM_DEVICE_GROUP_RMA(ROCSHMEM_TYPED_NAME_WAVE, ROCSHMEM_TYPED_NAME_WG, KEY, T,   \
                            ROCSHMEM_DEVICE_BODY_WAVE, ROCSHMEM_DEVICE_BODY_WG)

#if ROCSHMEM_DEVICE_PASS
extern "C" {
ROCSHMEM_RMA_DEVICE_TYPES(ROCSHMEM_DEVICE_DEFINE_GROUP_TYPED)
ROCSHMEM_DEVICE_GROUP_RMA(ROCSHMEM_MEM_NAME_WAVE, ROCSHMEM_MEM_NAME_WG, , void,
                          ROCSHMEM_DEVICE_BODY_WAVE, ROCSHMEM_DEVICE_BODY_WG)
}
#endif
