/* Must NOT compile (header_compile.sh checks that it fails, as C11 and as
 * C++, and that the compiler's message names the routine and says the type
 * is not supported).  BAD_CASE picks the call: each passes a type outside
 * that generic's table (header_compile.sh knows which routine each names). */
#include <shmem.h>

struct not_an_rma_type { int x; };
static struct not_an_rma_type dest[4], source[4];
static float f;
static short s;

int main(void) {
#if BAD_CASE == 1
  shmem_put(dest, source, 4, 0); /* a struct: no RMA type */
#elif BAD_CASE == 2
  shmem_atomic_and(&f, 1.0f, 0); /* float: no bitwise AMO type */
#elif BAD_CASE == 3
  shmem_atomic_fetch_xor(SHMEM_CTX_DEFAULT, &f, 1.0f, 0); /* context form */
#elif BAD_CASE == 4
  shmem_and_reduce(SHMEM_TEAM_WORLD, &f, &f, 1); /* float: no bitwise reduction */
#elif BAD_CASE == 5
  shmem_atomic_add(&s, (short)1, 0); /* short: no standard AMO type */
#elif BAD_CASE == 6
  shmem_swap(&s, (short)1, 0); /* short: not a deprecated shmem_swap type */
#else
#error "define BAD_CASE"
#endif
  (void)dest, (void)source, (void)f, (void)s;
  return 0;
}
