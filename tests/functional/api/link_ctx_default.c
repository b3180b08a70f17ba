/* Link test (built by header_compile.sh, never run): rocshmem.h declares the
 * object ROCSHMEM_CTX_DEFAULT, so the library must define it. */
#include <rocshmem/rocshmem.h>

int main(void) { return ROCSHMEM_CTX_DEFAULT != 0; }
