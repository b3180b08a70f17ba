/* Legacy SGI/Cray include path. */
#include <shmem.h>
