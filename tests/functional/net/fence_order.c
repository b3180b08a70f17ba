/*
 * shmem_fence orders operations that UCX carries before the ones the
 * transport performs itself as copies or CPU atomics on a mapping.
 *
 * Over UCX's shared-memory transports (UCX_TLS=sm,self, set by the program)
 * with every PE its own emulated node, a PE's heap is mapped by its peers
 * (UCX allocated it: ucp_rkey_ptr works), so puts, gets and AMOs there are
 * plain copies and CPU atomics; its static data UCX only registered, and a
 * put there is a message the target's worker performs when it progresses.
 * PE 0 puts 64 KiB into every other PE's static array, fences, and then
 * stores a flag in the target's heap (in alternate rounds: adds 1 to a heap
 * counter); the target waits for the flag or the count and must find the
 * whole array of that round.  If fence only asked UCX to order UCX's own
 * operations, the flag, stored at once, would overtake the message.
 *
 * Runs as -np2-ucx1 and -np3-ucx1 (tests/local.mk); skipped elsewhere.
 * Argument: rounds (default 200).
 */
#include <stdlib.h>
#include <string.h>

#include "../common/ftest.h"

enum { BYTES = 64 * 1024 };

static unsigned char target[BYTES]; /* static data: reached through messages */

int main(int argc, char **argv) {
  setenv("UCX_TLS", "sm,self", 1);
  shmem_init();
  ft_begin();
  const char *ppn = getenv("ROCSHMEM_PES_PER_NODE");
  if (!ppn || strcmp(ppn, "1") != 0 || ft.npes < 2) {
    ft_skip("needs 2 or more PEs, each its own node (ROCSHMEM_PES_PER_NODE=1)",
            "fence between a message put and a store into a mapped heap, over UCX shared memory");
    shmem_finalize();
    return ft_finish();
  }
  const int rounds = argc > 1 ? atoi(argv[1]) : 200;
  long *flag = (long *)shmem_calloc(1, sizeof(long));
  long *count = (long *)shmem_calloc(1, sizeof(long));
  long *acks = (long *)shmem_calloc(1, sizeof(long));
  unsigned char *buf = (unsigned char *)malloc(BYTES);
  int stale = 0, first_stale = 0;
  shmem_barrier_all();

  for (int r = 1; r <= rounds; ++r) {
    const int by_amo = r % 2 == 0;
    if (ft.me == 0) {
      for (int pe = 1; pe < ft.npes; ++pe) {
        ft_fill(buf, BYTES, pe, r);
        shmem_putmem(target, buf, BYTES, pe);
        shmem_fence();
        if (by_amo)
          shmem_long_atomic_inc(count, pe);
        else
          shmem_long_p(flag, r, pe);
      }
      shmem_long_wait_until(acks, SHMEM_CMP_EQ, (long)r * (ft.npes - 1));
    } else {
      if (by_amo)
        shmem_long_wait_until(count, SHMEM_CMP_EQ, r / 2);
      else
        shmem_long_wait_until(flag, SHMEM_CMP_EQ, r);
      ft_fill(buf, BYTES, ft.me, r);
      if (memcmp(target, buf, BYTES) != 0 && stale++ == 0) first_stale = r;
      shmem_long_atomic_inc(acks, 0);
    }
  }
  FT_CHECK(stale == 0,
           "%d of %d rounds found the static array not yet (fully) written when the flag or "
           "count stored after shmem_fence had arrived (first: round %d)",
           stale, rounds, first_stale);
  ft_case("putmem of 64 KiB to static data, shmem_fence, then p / atomic_inc to the heap: "
          "the put complete when the later operation is seen, %d rounds on %d PE(s) "
          "(UCX_TLS=sm,self)",
          rounds, ft.npes - 1);
  free(buf);
  shmem_barrier_all();
  shmem_finalize();
  return ft_finish();
}
