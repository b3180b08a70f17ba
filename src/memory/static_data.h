/* Global and static variables of the executable as symmetric objects.
 *
 * Legacy OpenSHMEM codes use `static long pSync[...]` and globals as remote
 * targets.  At init we move the executable's writable data (.data and .bss,
 * after the RELRO part) into a memfd: copy the bytes into it (of .bss only
 * the pages the program has touched: the others read as zero in the memfd
 * too), then map it MAP_FIXED|MAP_SHARED over the same addresses.  The
 * program sees no change; same-node peers can now map the memfd too, and
 * remote addresses translate by offset from the segment start (ASLR moves it
 * between processes).
 *
 * Consequence worth knowing: after init, a fork()ed child shares these
 * variables with its parent instead of getting a copy. */
#ifndef ROCSHMEM_MEMORY_STATIC_DATA_H
#define ROCSHMEM_MEMORY_STATIC_DATA_H

#include <string>

#include "memory/shm_segment.h"

namespace rocshmem {

/* Makes the range shared (once per process: later calls return the same
 * segment, so shmem_init after shmem_finalize works). */
bool static_data_share(ShmSegment *out, std::string *error);

}  // namespace rocshmem

#endif
