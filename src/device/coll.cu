/* Device entry points: the thread forms of broadcast, fcollect and alltoall (device RMA table and mem forms). */
#include "device/coll_entry.h"

#define ROCSHMEM_COLL_TYPED_NAMER ROCSHMEM_TYPED_NAME
#define ROCSHMEM_COLL_MEM_NAMER ROCSHMEM_MEM_NAME
#define ROCSHMEM_COLL_BODY ROCSHMEM_DEVICE_COLL_BODY_THREAD

#if ROCSHMEM_DEVICE_PASS
extern "C" {
ROCSHMEM_COLL_FORM_DATA()
}
#endif
