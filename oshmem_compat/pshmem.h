/* OpenSHMEM profiling interface header.  The pshmem_* names arrive with the
 * profiling work; until then this header only makes the standard include
 * resolve. */
#ifndef ROCSHMEM_PSHMEM_H
#define ROCSHMEM_PSHMEM_H
#include <shmem.h>
#endif
