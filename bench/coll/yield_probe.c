/* yield_probe.c - what a collective of PEs sharing cores costs at least,
 * without the library: how long a sched_yield hand-over between two
 * processes on one CPU takes, and a flat counter barrier of N processes that
 * polls a few times, then yields (the library's waits, sync/wait.h).  With
 * more PEs than cores every PE must run once between two barriers, so the
 * barrier cannot beat the hand-over (bench/README.md, "What bounds the misses").
 * With -f a waiter sleeps on a futex doorbell of its own instead of
 * yielding, and an arrival rings the doorbell of a sleeping peer: the
 * kernel then runs whoever is ready instead of bouncing between waiters
 * (3-4x slower on a 2-CPU VM, where a sleeping CPU's
 * wake-up costs more than the bounces).
 *
 *   cc -O2 -o yield_probe yield_probe.c
 *   ./yield_probe [-n PES] [-s SPINS] [-r ROUNDS] [-p] [-f]
 *
 * -n: processes of the barrier (default 4); -s: polls before each yield
 * (default 16, the library's ROCSHMEM_OVERSUBSCRIBED_SPIN_COUNT); -r:
 * barriers timed (default 20000, after 100 untimed); -p: pin process i to
 * CPU i mod (number of CPUs) instead of leaving placement to the scheduler;
 * -f: after the polls, sleep on the doorbell instead of yielding.
 * Prints the ping-pong's round trip (both processes pinned to CPU 0) and
 * the barrier's time per call, in us.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/futex.h>
#include <sys/syscall.h>

#define MAXPES 64
#define LINE 64 /* bytes: each counter has a cache line of its own */

static double now_us(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec * 1e-3;
}

static void pin(int cpu)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    sched_setaffinity(0, sizeof set, &set);
}

static void relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#else
    __asm__ volatile("" ::: "memory");
#endif
}

/* waits until *word >= want: `spins` polls with a pause, then a yield per poll */
static void wait_for(volatile uint64_t *word, uint64_t want, int spins)
{
    for (int i = 0; __atomic_load_n(word, __ATOMIC_ACQUIRE) < want; i++) {
        if (i < spins)
            relax();
        else
            sched_yield();
    }
}

/* A process's doorbell (-f): it sleeps on `ring` (a futex word in shared
 * memory, so not FUTEX_PRIVATE) after announcing it in `asleep`; a peer
 * that stores into its lines afterwards bumps `ring` and wakes it.  Both
 * sides fence between their store and their load (Dekker): either the
 * sleeper sees the peer's store on its re-check, or the peer sees
 * `asleep` and rings. */
struct doorbell {
    uint32_t ring, asleep;
    char pad[LINE - 2 * sizeof(uint32_t)];
};

static void wait_sleeping(struct doorbell *mine, volatile uint64_t *word, uint64_t want,
                          int spins)
{
    for (int i = 0; __atomic_load_n(word, __ATOMIC_ACQUIRE) < want; i++) {
        if (i < spins) {
            relax();
            continue;
        }
        uint32_t seen = __atomic_load_n(&mine->ring, __ATOMIC_ACQUIRE);
        __atomic_store_n(&mine->asleep, 1, __ATOMIC_RELAXED);
        __atomic_thread_fence(__ATOMIC_SEQ_CST);
        if (__atomic_load_n(word, __ATOMIC_ACQUIRE) < want)
            syscall(SYS_futex, &mine->ring, FUTEX_WAIT, seen, NULL, NULL, 0);
        __atomic_store_n(&mine->asleep, 0, __ATOMIC_RELAXED);
    }
}

static void wake_if_asleep(struct doorbell *theirs)
{
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    if (__atomic_load_n(&theirs->asleep, __ATOMIC_RELAXED)) {
        __atomic_fetch_add(&theirs->ring, 1, __ATOMIC_RELEASE);
        syscall(SYS_futex, &theirs->ring, FUTEX_WAKE, 1, NULL, NULL, 0);
    }
}

static void *shared(size_t bytes)
{
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) {
        perror("mmap");
        exit(1);
    }
    return p;
}

/* Two processes on CPU 0 hand a counter back and forth, yielding while they
 * wait: each hand-over is one context switch. */
static void ping_pong(int rounds)
{
    volatile uint64_t *w = shared(2 * LINE);
    volatile uint64_t *out = w, *back = w + LINE / sizeof(uint64_t);
    volatile double *result = shared(LINE);
    for (int me = 0; me < 2; me++) {
        if (fork() != 0)
            continue;
        pin(0);
        double t0 = now_us();
        for (uint64_t i = 1; i <= (uint64_t)rounds; i++) {
            if (me == 0) {
                __atomic_store_n(out, i, __ATOMIC_RELEASE);
                wait_for(back, i, 0);
            } else {
                wait_for(out, i, 0);
                __atomic_store_n(back, i, __ATOMIC_RELEASE);
            }
        }
        if (me == 0)
            *result = (now_us() - t0) / rounds;
        _exit(0);
    }
    while (wait(NULL) > 0)
        ;
    printf("yield ping-pong on one CPU: %.2f us round trip (two context switches)\n", *result);
}

/* Process me stores its count into its own line at every other process
 * (one writer per line, like the library's barrier counters), then waits
 * for theirs. */
static void flat_barrier(int n, int spins, int rounds, int pinned, int sleep)
{
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    volatile uint64_t *arrive = shared((size_t)n * n * LINE);
    struct doorbell *bells = shared((size_t)n * sizeof(struct doorbell));
    volatile double *result = shared(LINE);
    const size_t stride = LINE / sizeof(uint64_t);
    for (int me = 0; me < n; me++) {
        if (fork() != 0)
            continue;
        if (pinned)
            pin((int)(me % ncpu));
        double t0 = 0;
        for (uint64_t k = 1; k <= (uint64_t)rounds + 100; k++) {
            if (k == 101)
                t0 = now_us();
            for (int j = 0; j < n; j++)
                if (j != me)
                    __atomic_store_n(&arrive[(j * n + me) * stride], k, __ATOMIC_RELEASE);
            for (int j = 0; j < n && sleep; j++)
                if (j != me)
                    wake_if_asleep(&bells[j]);
            for (int j = 0; j < n; j++) {
                if (j == me)
                    continue;
                if (sleep)
                    wait_sleeping(&bells[me], &arrive[(me * n + j) * stride], k, spins);
                else
                    wait_for(&arrive[(me * n + j) * stride], k, spins);
            }
        }
        if (me == 0)
            *result = (now_us() - t0) / rounds;
        _exit(0);
    }
    while (wait(NULL) > 0)
        ;
    printf("flat barrier, %d processes on %ld CPUs (%s), %d polls then %s: %.2f us\n", n, ncpu,
           pinned ? "pinned round-robin" : "placed by the scheduler", spins,
           sleep ? "a futex sleep" : "yield", *result);
}

int main(int argc, char **argv)
{
    int n = 4, spins = 16, rounds = 20000, pinned = 0, sleep = 0, opt;
    while ((opt = getopt(argc, argv, "n:s:r:pfh")) != -1) {
        switch (opt) {
        case 'n': n = atoi(optarg); break;
        case 's': spins = atoi(optarg); break;
        case 'r': rounds = atoi(optarg); break;
        case 'p': pinned = 1; break;
        case 'f': sleep = 1; break;
        default:
            fprintf(stderr, "usage: %s [-n PES (2..%d)] [-s SPINS] [-r ROUNDS] [-p] [-f]\n", argv[0],
                    MAXPES);
            return opt == 'h' ? 0 : 2;
        }
    }
    if (n < 2 || n > MAXPES || spins < 0 || rounds < 1) {
        fprintf(stderr, "%s: -n must be 2..%d, -s >= 0, -r >= 1\n", argv[0], MAXPES);
        return 2;
    }
    setvbuf(stdout, NULL, _IOLBF, 0);
    ping_pong(rounds);
    flat_barrier(n, spins, rounds, pinned, sleep);
    return 0;
}
