/* fanout_probe.c - how fast one core can hand a small message to several
 * others, by the ways a same-node broadcast could write it (no library: the
 * hardware's part of shmem_broadcast's cost; bench/README.md, "Collectives
 * run 4").
 *
 * One root process and N-1 receivers (fork), sharing an anonymous mapping.
 * Each round the root "sends" sequence number i; every receiver spins until
 * it sees i, then stores i into its own acknowledgement line.  The root
 * times (TSC) from before its first store until it has seen each
 * acknowledgement, and records when each receiver's arrived.
 *
 * Ways of sending (each run times all four, one after the other):
 *   seq      one line per receiver at the receiver's side, written in
 *            receiver order (our msg::send loop today)
 *   rev      the same, in reverse receiver order
 *   prefetch the same as seq, after a prefetchw of every receiver's line
 *   outbox   one line at the root that every receiver polls
 *
 *   cc -O2 -o fanout_probe fanout_probe.c
 *   ./fanout_probe [-n PES] [-r ROUNDS] [-c CPU,CPU,...] [-t POLLS]
 *
 * -t: receivers poll this many times without a pause instruction before
 * they start pausing between polls (default 0: a pause after every poll,
 * like the library's waits; a pause costs about 140 cycles on Intel cores
 * since Skylake, so it delays the moment a waiter sees the line change).
 * Prints one table.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <x86intrin.h>

#define MAXPES 64
#define LINE 64

struct line { volatile uint64_t w[LINE / 8]; } __attribute__((aligned(LINE)));

struct shared {
    struct line inbox[MAXPES]; /* inbox[r]: the root's message to receiver r */
    struct line ack[MAXPES];   /* ack[r]: written by receiver r */
    struct line outbox;        /* the root's one line (outbox way) */
    struct line go;            /* w[0]: the way in use (1-based), 0 = stop */
};

enum { W_SEQ = 1, W_REV, W_PREFETCH, W_OUTBOX, W_COUNT };
static const char *way_name[] = {"", "seq", "rev", "prefetch", "outbox"};

static void pin(int cpu)
{
    cpu_set_t set;
    if (cpu < 0) return;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    if (sched_setaffinity(0, sizeof set, &set)) perror("sched_setaffinity");
}

static long tight_polls;

static void receiver(struct shared *s, int r)
{
    uint64_t next = 1;
    for (;;) {
        int way = (int)s->go.w[0];
        if (way == 0) return;
        volatile uint64_t *seq = way == W_OUTBOX ? &s->outbox.w[0] : &s->inbox[r].w[0];
        uint64_t v;
        for (long polls = 0;
             (v = __atomic_load_n(seq, __ATOMIC_ACQUIRE)) < next && (int)s->go.w[0] == way; polls++)
            if (polls >= tight_polls) _mm_pause();
        if (v < next) continue; /* the root changed ways (or stops) */
        next = v + 1;
        __atomic_store_n(&s->ack[r].w[0], v, __ATOMIC_RELEASE);
    }
}

static double tsc_per_ns(void)
{
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    uint64_t t0 = __rdtsc();
    struct timespec d = {0, 200000000};
    nanosleep(&d, NULL);
    uint64_t t1 = __rdtsc();
    clock_gettime(CLOCK_MONOTONIC, &b);
    return (double)(t1 - t0) / ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec));
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    int n = 4, rounds = 20000, cpus[MAXPES], opt;
    for (int i = 0; i < MAXPES; i++) cpus[i] = -1;
    while ((opt = getopt(argc, argv, "n:r:c:t:")) != -1) {
        if (opt == 'n') n = atoi(optarg);
        else if (opt == 'r') rounds = atoi(optarg);
        else if (opt == 't') tight_polls = atol(optarg);
        else if (opt == 'c') {
            int i = 0;
            for (char *t = strtok(optarg, ","); t && i < MAXPES; t = strtok(NULL, ",")) cpus[i++] = atoi(t);
        } else {
            fprintf(stderr, "usage: %s [-n PES] [-r ROUNDS] [-c CPU,CPU,...] [-t POLLS]\n", argv[0]);
            return 2;
        }
    }
    if (n < 2 || n > MAXPES) { fprintf(stderr, "fanout_probe: -n must be 2..%d\n", MAXPES); return 2; }
    struct shared *s = mmap(NULL, sizeof *s, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (s == MAP_FAILED) { perror("mmap"); return 1; }
    memset(s, 0, sizeof *s);
    s->go.w[0] = W_SEQ;
    for (int r = 1; r < n; r++)
        if (fork() == 0) { pin(cpus[r]); receiver(s, r); _exit(0); }
    pin(cpus[0]);
    const double f = tsc_per_ns();
    uint64_t *all = malloc(sizeof(uint64_t) * rounds), *each = malloc(sizeof(uint64_t) * rounds * n);
    uint64_t seq = 0;
    printf("# %d PEs, %d rounds per way, cpus", n, rounds);
    for (int i = 0; i < n; i++) printf(" %d", cpus[i]);
    printf(", %ld polls before pausing, TSC %.3f GHz; ns, median (p90) over rounds\n",
           tight_polls, f);
    printf("%-9s %12s", "way", "all acked");
    for (int r = 1; r < n; r++) printf("   recv %-2d acked", r);
    printf("\n");
    for (int way = W_SEQ; way < W_COUNT; way++) {
        s->go.w[0] = way;
        for (int it = -rounds / 10; it < rounds; it++) { /* the first tenth warms up */
            const uint64_t v = ++seq;
            uint64_t t[MAXPES] = {0};
            const uint64_t t0 = __rdtsc();
            switch (way) {
            case W_PREFETCH:
                for (int r = 1; r < n; r++) _m_prefetchw((void *)&s->inbox[r]);
                /* fall through */
            case W_SEQ:
            case W_REV:
                for (int k = 1; k < n; k++) {
                    const int r = way == W_REV ? n - k : k;
                    s->inbox[r].w[1] = v; /* the payload, then the sequence number */
                    __atomic_store_n(&s->inbox[r].w[0], v, __ATOMIC_RELEASE);
                }
                break;
            case W_OUTBOX:
                s->outbox.w[1] = v;
                __atomic_store_n(&s->outbox.w[0], v, __ATOMIC_RELEASE);
                break;
            }
            for (int left = n - 1; left;)
                for (int r = 1; r < n; r++)
                    if (!t[r] && __atomic_load_n(&s->ack[r].w[0], __ATOMIC_ACQUIRE) >= v) {
                        t[r] = __rdtsc();
                        left--;
                    }
            if (it < 0) continue;
            uint64_t last = 0;
            for (int r = 1; r < n; r++) {
                each[(size_t)r * rounds + it] = t[r] - t0;
                if (t[r] - t0 > last) last = t[r] - t0;
            }
            all[it] = last;
        }
        qsort(all, rounds, sizeof *all, cmp_u64);
        printf("%-9s %6.0f (%4.0f)", way_name[way], all[rounds / 2] / f, all[rounds * 9 / 10] / f);
        for (int r = 1; r < n; r++) {
            uint64_t *e = each + (size_t)r * rounds;
            qsort(e, rounds, sizeof *e, cmp_u64);
            printf("   %6.0f (%4.0f)", e[rounds / 2] / f, e[rounds * 9 / 10] / f);
        }
        printf("\n");
    }
    s->go.w[0] = 0;
    while (wait(NULL) > 0) {}
    return 0;
}
