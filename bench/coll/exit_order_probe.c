/* exit_order_probe.c - who leaves shmem_barrier_all first, and how long each
 * PE then spends in the 8-byte collective after it: OSHMEM lets a broadcast
 * root out of the barrier first (bench/README.md, "What bounds the misses").
 *
 * shmem_bench's collective rows time each call on its own, with an untimed
 * barrier_all between calls, and report the mean over the PEs.  A PE that
 * leaves that barrier before the PE it needs data from waits for it inside
 * the timed call, so the rows depend on the barrier's exit order as much as
 * on the collective.  This probe measures the order: every PE reads
 * CLOCK_MONOTONIC (one clock for all processes of a host) as it leaves each
 * barrier and again as it leaves the collective; PE 0 prints, over the
 * second half of the iterations, each PE's mean exit time relative to PE 0
 * and its mean time in the call, and the whole loop's time per iteration
 * (barrier plus collective: what the exit order cannot move).  Builds with any OpenSHMEM's oshcc (1.x
 * active-set forms), so both sides of a comparison run the same code:
 *
 *   oshcc -O2 -o exit_order_probe exit_order_probe.c
 *   oshrun -np 2 ./exit_order_probe [fcollect|broadcast] [iterations]
 */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_PES 64

static long psync[2][SHMEM_COLLECT_SYNC_SIZE];
static long src[1], dst[MAX_PES];

static double now_us(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec * 1e-3;
}

int main(int argc, char **argv)
{
    const int bcast = argc > 1 && strcmp(argv[1], "broadcast") == 0;
    const long n = argc > 2 ? atol(argv[2]) : 20000;
    for (int i = 0; i < SHMEM_COLLECT_SYNC_SIZE; i++)
        psync[0][i] = psync[1][i] = SHMEM_SYNC_VALUE;
    shmem_init();
    const int me = shmem_my_pe(), npes = shmem_n_pes();
    if (npes > MAX_PES || n < 2) {
        if (me == 0)
            fprintf(stderr, "exit_order_probe: at most %d PEs and 2 iterations\n", MAX_PES);
        shmem_global_exit(1);
    }
    /* [pe][0]: sum of exit times - PE 0's; [pe][1]: sum of times in the call */
    double *sums = shmem_calloc(2 * (size_t)npes, sizeof(double));
    double *exits = malloc(sizeof(double) * n), *calls = malloc(sizeof(double) * n);
    double *pe0_exits = shmem_malloc(sizeof(double) * n);
    const double start = now_us();
    for (long i = 0; i < n; i++) {
        shmem_barrier_all();
        exits[i] = now_us();
        if (bcast)
            shmem_broadcast64(dst, src, 1, 0, 0, 0, npes, psync[i & 1]);
        else
            shmem_fcollect64(dst, src, 1, 0, 0, npes, psync[i & 1]);
        calls[i] = now_us() - exits[i];
    }
    const double cycle = (now_us() - start) / n;
    if (me == 0)
        memcpy(pe0_exits, exits, sizeof(double) * n);
    shmem_barrier_all();
    if (me != 0)
        shmem_getmem(pe0_exits, pe0_exits, sizeof(double) * n, 0);
    double mine[2] = {0.0, 0.0};
    for (long i = n / 2; i < n; i++) {
        mine[0] += exits[i] - pe0_exits[i];
        mine[1] += calls[i];
    }
    shmem_putmem(&sums[2 * me], mine, sizeof mine, 0);
    shmem_barrier_all();
    if (me == 0) {
        const double k = (double)(n - n / 2);
        printf("%s 8 B, %d PEs, %ld iterations (means of the last %.0f):\n",
               bcast ? "broadcast64 (root PE 0)" : "fcollect64", npes, n, k);
        printf("  barrier_all + the call: %.3f us per iteration (PE 0's loop)\n", cycle);
        for (int pe = 0; pe < npes; pe++)
            printf("  PE %d leaves the barrier %+.3f us after PE 0, then %.3f us in the call\n",
                   pe, sums[2 * pe] / k, sums[2 * pe + 1] / k);
    }
    shmem_free(pe0_exits);
    shmem_free(sums);
    free(exits);
    free(calls);
    shmem_finalize();
    return 0;
}
