/*
 * Repeated shmem_init / shmem_finalize in one process.  OpenSHMEM 1.5 leaves
 * re-initialization after finalize to the implementation; rocshmem supports
 * it (runtime_finalize resets the runtime; MPI stays up, owned by whoever
 * started it).  Each cycle allocates, moves data around the ring through
 * the heap and a static variable, and finalizes; afterwards the process
 * must hold as many descriptors and mappings as after the first cycle:
 * a cycle that leaks a memfd or a mapping would show here.
 */
#include <dirent.h>

#include "stress.h"

static long static_word; /* symmetric in every cycle */

static int count_entries(const char *dir) {
  DIR *d = opendir(dir);
  int n = 0;
  if (!d) return -1;
  while (readdir(d)) ++n;
  closedir(d);
  return n;
}
static int count_lines(const char *file) {
  FILE *f = fopen(file, "r");
  int n = 0, c;
  if (!f) return -1;
  while ((c = fgetc(f)) != EOF) n += c == '\n';
  fclose(f);
  return n;
}

static void cycle(int k) {
  shmem_init();
  ft_begin();
  const int me = ft.me, n = ft.npes, next = (me + 1) % n, prev = (me - 1 + n) % n;
  long *ring = (long *)shmem_malloc(1024 * sizeof(long));
  long buf[1024];
  for (int i = 0; i < 1024; ++i) buf[i] = ft_val(me, (size_t)i, k);
  shmem_long_put(ring, buf, 1024, next);
  shmem_long_p(&static_word, me * 1000 + k, next);
  shmem_barrier_all();
  for (int i = 0; i < 1024; ++i)
    FT_CHECK(ring[i] == ft_val(prev, (size_t)i, k), "cycle %d: ring[%d] = %ld", k, i, ring[i]);
  FT_CHECK(static_word == prev * 1000 + k, "cycle %d: static word %ld", k, static_word);
  shmem_free(ring);
  shmem_finalize();
}

int main(void) {
  const char *env = getenv("ROCTEST_STRESS_CYCLES");
  const int cycles = env ? atoi(env) : 5;
  cycle(0);
  /* After the first finalize MPI is still up (rocshmem never finalizes it),
   * so the descriptor counts below include MPI's own, which stay put. */
  const int fds = count_entries("/proc/self/fd"), maps = count_lines("/proc/self/maps");
  for (int k = 1; k < cycles; ++k) cycle(k);
  const int fds_end = count_entries("/proc/self/fd"), maps_end = count_lines("/proc/self/maps");
  FT_CHECK(fds_end == fds, "open descriptors: %d after the first cycle, %d after %d", fds, fds_end, cycles);
  FT_CHECK(maps_end <= maps + 2, "mappings: %d after the first cycle, %d after %d", maps, maps_end, cycles);
  ft_case("%d init/finalize cycles in one process: data moves in each, no descriptor or mapping leaks",
          cycles);
  return ft_finish();
}
