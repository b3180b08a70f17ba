/*
 * shmem_bench.c - CPU latency/bandwidth micro-benchmarks written only against
 * the standard OpenSHMEM 1.4/1.5 API, so the same source builds with any
 * implementation's oshcc (ours and Open MPI's OSHMEM).
 *
 * PE 0 is the active side; its peer is the last PE (PE 1 with 2 PEs). All
 * other PEs wait in shmem_barrier_all while PE 0 measures. Every number is the
 * median over REPS timed repetitions of ITERS operations each (after warm-up),
 * reported per operation in microseconds. Iteration counts shrink with the
 * size (about BYTES_BUDGET bytes per repetition) and with the measured speed
 * (about REP_TARGET_US per repetition at most). PE 0 prints one JSON line per
 * (benchmark, size) on stdout.
 *
 * Benchmarks (name: what one operation is):
 *   put            shmem_putmem to the symmetric heap + shmem_quiet
 *   get            shmem_getmem from the symmetric heap
 *   put_static     shmem_putmem to a static .bss array + shmem_quiet
 *   get_static     shmem_getmem from a static .bss array
 *   long_p         shmem_long_p (heap) + shmem_quiet
 *   long_g         shmem_long_g (heap)
 *   long_p_static  shmem_long_p (static variable) + shmem_quiet
 *   long_g_static  shmem_long_g (static variable)
 *   barrier        shmem_barrier_all (all PEs)
 *   memcpy         local memcpy on PE 0 (physical limit; no SHMEM involved)
 *
 * Usage: shmem_bench [-r reps] [-s scale] [-b bench[,bench...]]
 *   -r reps   timed repetitions per point (default 7; median is reported)
 *   -s scale  multiply iteration counts (default 1.0; e.g. 0.2 for a smoke run)
 *   -b list   comma-separated benchmark names (default: all)
 */
#define _POSIX_C_SOURCE 200809L

#include <shmem.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MAX_HEAP    (4UL << 20)  /* largest put/get size on the heap */
#define MAX_STATIC  (1UL << 20)  /* largest put/get size on a static array */
#define MAX_MEMCPY  (64UL << 20) /* memcpy also beyond cache, for context */
#define MIN_SIZE    8UL
#define MAX_REPS    64
#define BYTES_BUDGET (128UL << 20) /* bytes moved per timed repetition */
#define MAX_ITERS   20000L
#define MIN_ITERS   10L
#define BARRIER_ITERS 5000L
#define REP_TARGET_US 20000.0 /* cap on one timed repetition (PE 0 ops) */

/* Remote targets in .bss: symmetric in every OpenSHMEM implementation. */
static char static_buf[4UL << 20];
static long static_long;

static char *heap_buf;   /* symmetric, MAX_HEAP bytes: remote target/source */
static char *local_buf;  /* symmetric, MAX_HEAP bytes: local source/dest */
static long *heap_long;  /* symmetric */
static char *cpy_src, *cpy_dst; /* private, MAX_MEMCPY bytes (PE 0 only) */

static int me, npes, peer;
static int reps = 7;
static double scale = 1.0;

/* Called through a volatile pointer so the copies cannot be optimised away. */
static void *(*volatile memcpy_fn)(void *, const void *, size_t) = memcpy;

typedef void (*op_fn)(size_t size, long iters);

static void op_put(size_t n, long it)
{
    for (long i = 0; i < it; i++) {
        shmem_putmem(heap_buf, local_buf, n, peer);
        shmem_quiet();
    }
}

static void op_get(size_t n, long it)
{
    for (long i = 0; i < it; i++)
        shmem_getmem(local_buf, heap_buf, n, peer);
}

static void op_put_static(size_t n, long it)
{
    for (long i = 0; i < it; i++) {
        shmem_putmem(static_buf, local_buf, n, peer);
        shmem_quiet();
    }
}

static void op_get_static(size_t n, long it)
{
    for (long i = 0; i < it; i++)
        shmem_getmem(local_buf, static_buf, n, peer);
}

static void op_long_p(size_t n, long it)
{
    (void)n;
    for (long i = 0; i < it; i++) {
        shmem_long_p(heap_long, i, peer);
        shmem_quiet();
    }
}

static volatile long sink;

static void op_long_g(size_t n, long it)
{
    long s = 0;
    (void)n;
    for (long i = 0; i < it; i++)
        s += shmem_long_g(heap_long, peer);
    sink = s;
}

static void op_long_p_static(size_t n, long it)
{
    (void)n;
    for (long i = 0; i < it; i++) {
        shmem_long_p(&static_long, i, peer);
        shmem_quiet();
    }
}

static void op_long_g_static(size_t n, long it)
{
    long s = 0;
    (void)n;
    for (long i = 0; i < it; i++)
        s += shmem_long_g(&static_long, peer);
    sink = s;
}

static void op_barrier(size_t n, long it)
{
    (void)n;
    for (long i = 0; i < it; i++)
        shmem_barrier_all();
}

static void op_memcpy(size_t n, long it)
{
    for (long i = 0; i < it; i++)
        memcpy_fn(cpy_dst, cpy_src, n);
}

struct bench {
    const char *name;
    op_fn fn;
    size_t min_size, max_size; /* powers of 2 from min to max; 0: no size */
    int all_pes;               /* 1: every PE runs the op, else PE 0 only */
    int enabled;
};

static struct bench benches[] = {
    { "memcpy",        op_memcpy,        MIN_SIZE, MAX_MEMCPY, 0, 1 },
    { "put",           op_put,           MIN_SIZE, MAX_HEAP,   0, 1 },
    { "get",           op_get,           MIN_SIZE, MAX_HEAP,   0, 1 },
    { "put_static",    op_put_static,    MIN_SIZE, MAX_STATIC, 0, 1 },
    { "get_static",    op_get_static,    MIN_SIZE, MAX_STATIC, 0, 1 },
    { "long_p",        op_long_p,        8,        8,          0, 1 },
    { "long_g",        op_long_g,        8,        8,          0, 1 },
    { "long_p_static", op_long_p_static, 8,        8,          0, 1 },
    { "long_g_static", op_long_g_static, 8,        8,          0, 1 },
    { "barrier",       op_barrier,       0,        0,          1, 1 },
};
#define NBENCH (sizeof benches / sizeof benches[0])

static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec * 1e-3;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static long iters_for(size_t size)
{
    long it = size ? (long)(BYTES_BUDGET / size) : BARRIER_ITERS;
    if (it > MAX_ITERS)
        it = MAX_ITERS;
    if (it < MIN_ITERS)
        it = MIN_ITERS;
    it = (long)(it * scale);
    return it < 1 ? 1 : it;
}

/* Runs one (benchmark, size) point; every PE must call it. */
static void run_point(const struct bench *b, size_t size)
{
    long iters = iters_for(size);
    int active = b->all_pes || me == 0;
    double t[MAX_REPS];

    /* Warm-up: touches buffers, connections and code paths. On PE 0 it also
     * calibrates: slow operations get fewer iterations (about REP_TARGET_US
     * per repetition) so that runs stay short, e.g. when oversubscribed. */
    shmem_barrier_all();
    if (active) {
        long w = iters / 10 + 1;
        double t0 = now_us();
        b->fn(size, w);
        double per_op = (now_us() - t0) / w;
        if (!b->all_pes && per_op * iters > REP_TARGET_US) {
            iters = (long)(REP_TARGET_US / per_op);
            if (iters < MIN_ITERS)
                iters = MIN_ITERS;
        }
    }
    shmem_barrier_all();

    for (int r = 0; r < reps; r++) {
        shmem_barrier_all();
        if (active) {
            double t0 = now_us();
            b->fn(size, iters);
            t[r] = (now_us() - t0) / iters;
        }
        shmem_barrier_all();
    }

    if (me != 0)
        return;
    qsort(t, (size_t)reps, sizeof t[0], cmp_double);
    double med = reps % 2 ? t[reps / 2] : 0.5 * (t[reps / 2 - 1] + t[reps / 2]);
    printf("{\"bench\":\"%s\",\"size\":%zu,\"pes\":%d,\"us\":%.6g,"
           "\"MBps\":%.6g,\"us_min\":%.6g,\"us_max\":%.6g,"
           "\"iters\":%ld,\"reps\":%d}\n",
           b->name, size, npes, med, med > 0 ? size / med : 0.0,
           t[0], t[reps - 1], iters, reps);
    fflush(stdout);
}

static const char *unknown;

static int select_benches(char *list)
{
    for (size_t i = 0; i < NBENCH; i++)
        benches[i].enabled = 0;
    for (char *tok = strtok(list, ","); tok; tok = strtok(NULL, ",")) {
        size_t i;
        for (i = 0; i < NBENCH; i++)
            if (strcmp(tok, benches[i].name) == 0)
                break;
        if (i == NBENCH) {
            unknown = tok; /* reported by PE 0 after shmem_init */
            return -1;
        }
        benches[i].enabled = 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    int c, bad = 0;

    while ((c = getopt(argc, argv, "r:s:b:")) != -1) {
        switch (c) {
        case 'r': reps = atoi(optarg); break;
        case 's': scale = atof(optarg); break;
        case 'b': bad |= select_benches(optarg) != 0; break;
        default: bad = 1;
        }
    }
    if (reps < 1 || reps > MAX_REPS || scale <= 0.0)
        bad = 1;

    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    peer = npes - 1;

    if (bad || npes < 2) {
        if (me == 0 && unknown)
            fprintf(stderr, "shmem_bench: unknown benchmark '%s'\n", unknown);
        if (me == 0)
            fprintf(stderr, "usage: oshrun -np N (N >= 2) shmem_bench "
                            "[-r reps(1..%d)] [-s scale] [-b bench,...]\n",
                    MAX_REPS);
        shmem_finalize();
        return 1;
    }

    heap_buf = shmem_malloc(MAX_HEAP);
    local_buf = shmem_malloc(MAX_HEAP);
    heap_long = shmem_malloc(sizeof(long));
    if (!heap_buf || !local_buf || !heap_long) {
        fprintf(stderr, "PE %d: shmem_malloc failed\n", me);
        shmem_global_exit(1);
    }
    memset(heap_buf, me, MAX_HEAP);
    memset(local_buf, me + 1, MAX_HEAP);
    memset(static_buf, me, sizeof static_buf);
    *heap_long = me;
    static_long = me;

    if (me == 0) {
        cpy_src = malloc(MAX_MEMCPY);
        cpy_dst = malloc(MAX_MEMCPY);
        if (!cpy_src || !cpy_dst) {
            fprintf(stderr, "PE 0: malloc failed\n");
            shmem_global_exit(1);
        }
        memset(cpy_src, 1, MAX_MEMCPY);
        memset(cpy_dst, 2, MAX_MEMCPY);
    }
    shmem_barrier_all();

    for (size_t i = 0; i < NBENCH; i++) {
        const struct bench *b = &benches[i];
        if (!b->enabled)
            continue;
        for (size_t size = b->min_size; size <= b->max_size;
             size = size ? size * 2 : b->max_size + 1)
            run_point(b, size);
    }

    shmem_barrier_all();
    free(cpy_src);
    free(cpy_dst);
    shmem_free(heap_long);
    shmem_free(local_buf);
    shmem_free(heap_buf);
    shmem_finalize();
    return 0;
}
