/* Compile test (header_compile.sh): a C11 generic call inside code generated
 * from the public type tables, the style the library itself uses.  Fails today
 * because shmem_generic.h expands its _Generic lists from those same table
 * macros, which the preprocessor does not re-expand inside themselves. */
#include <shmem.h>

#define PUT_ONE(KEY, T)                                     \
  static void put_##KEY(T *dest, const T *source, int pe) { \
    shmem_put(dest, source, 1, pe);                         \
  }
ROCSHMEM_RMA_BASE_TYPES(PUT_ONE)

int main(void) { return 0; }
