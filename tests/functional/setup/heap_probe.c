/*
 * Helper of environment.sh: starts, allocates argv[1] bytes of symmetric
 * heap (a size as the environment takes it, e.g. 1G) and writes its last
 * byte, sums the PE numbers with a team reduction, then prints on PE 0
 * "allocated N" or "refused N" and finalizes.
 * What the environment variables under test do is read from that line, the
 * exit status and stderr.
 */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  size_t bytes = argc > 1 ? strtoull(argv[1], NULL, 10) : 1;
  shmem_init();
  char *p = shmem_malloc(bytes);
  if (p) p[bytes - 1] = 1;
  static long me, sum; /* symmetric */
  me = shmem_my_pe();
  shmem_long_sum_reduce(SHMEM_TEAM_WORLD, &sum, &me, 1);
  if (shmem_my_pe() == 0) printf("%s %zu\n", p ? "allocated" : "refused", bytes);
  shmem_free(p);
  shmem_finalize();
  return 0;
}
