/* Must NOT compile (header_compile.sh checks that it fails): the C11 generic
 * shmem_put has no routine for a struct, and selects a declaration that
 * takes no arguments, so the mistake is caught at compile time. */
#include <shmem.h>

struct not_an_rma_type { int x; };
static struct not_an_rma_type dest[4], source[4];

int main(void) {
  shmem_put(dest, source, 4, 0);
  return 0;
}
