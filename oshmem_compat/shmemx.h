/* rocshmem extensions to OpenSHMEM (shmemx_* names only).  OpenSHMEM 1.6
 * additions will appear here until the standard names are claimed. */
#ifndef ROCSHMEM_SHMEMX_H
#define ROCSHMEM_SHMEMX_H
#include <shmem.h>
#endif
