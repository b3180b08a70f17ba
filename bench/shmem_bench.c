/*
 * shmem_bench.c - CPU latency/bandwidth micro-benchmarks written only against
 * the standard OpenSHMEM 1.4/1.5 API, so the same source builds with any
 * implementation's oshcc (ours and Open MPI's OSHMEM).
 *
 * PE 0 is the active side; its peer is the last PE (PE 1 with 2 PEs). All
 * other PEs wait in shmem_barrier_all while PE 0 measures (except in the
 * ping-pong benchmarks, where the last PE answers, and in barrier and
 * lock_cont*, where every PE takes part). Every number is the median over
 * REPS timed repetitions of ITERS operations each (after warm-up), reported
 * per operation in microseconds. Iteration counts shrink with the size (about
 * BYTES_BUDGET bytes per repetition), with a per-benchmark cap, and with the
 * measured speed (about REP_TARGET_US per repetition at most; where PE 0
 * alone loops, a repetition also stops after REP_LIMIT_US and counts the
 * operations done, for transports that stall now and then). PE 0 prints
 * one JSON line per (benchmark, size) on stdout.
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
 *   fadd           shmem_long_atomic_fetch_add (heap)
 *   add            shmem_long_atomic_add (heap) + shmem_quiet
 *   cswap          shmem_long_atomic_compare_swap (heap; every swap succeeds)
 *   afetch         shmem_long_atomic_fetch (heap)
 *   fadd_static, add_static, cswap_static, afetch_static
 *                  the same on a static long
 *   pingpong_sig   one-way latency of an 8-byte message bounced between PE 0
 *                  and the last PE: shmem_putmem_signal + shmem_signal_wait_until
 *                  where the library implements OpenSHMEM >= 1.5, else
 *                  shmem_putmem + shmem_fence + shmem_long_p (flag) +
 *                  shmem_long_wait_until ("variant" in the JSON line says which)
 *   pingpong_p     one-way latency: shmem_long_p (flag) + shmem_long_wait_until,
 *                  the same code for every implementation
 *   pingpong_sig_static, pingpong_p_static
 *                  the same with the message and flag in static variables
 *   lock           shmem_set_lock + shmem_clear_lock, uncontended (PE 0 only),
 *                  lock in the symmetric heap
 *   lock_cont      the same, every PE looping on the same lock: time per
 *                  acquire (first PE's start to last PE's end, same-node
 *                  clock, / (PEs x iters))
 *   lock_static, lock_cont_static
 *                  the same with the lock in a static long
 *   barrier        shmem_barrier_all (all PEs), back to back
 *   broadcast64, collect64, fcollect64, alltoall64, alltoalls64,
 *   long_sum_to_all
 *                  the OpenSHMEM 1.x active-set collectives over all PEs
 *                  (PE_start 0, logPE_stride 0, PE_size npes; root 0; -L
 *                  picks a strided set), at
 *                  8 B, 4 KiB and 1 MiB per PE (size = bytes each PE
 *                  contributes: broadcast's message, one block of
 *                  (f)collect/alltoall(s), the reduced vector of longs;
 *                  alltoalls64 takes its block's words every other word of
 *                  the source, sst 2, into packed blocks, dst 1). Every
 *                  call is followed by shmem_barrier_all (not timed) and
 *                  consecutive calls alternate between two pSync (and pWrk)
 *                  arrays, as the 1.x pSync rules require; each PE times its
 *                  own calls, and us is the mean over the set's PEs (as
 *                  OSU OMB does; "pe_us" lists each member's own time,
 *                  its median over the repetitions); the others only meet
 *                  them in the barriers
 *   memcpy         local memcpy on PE 0 (physical limit; no SHMEM involved)
 *
 * Start-up rows, printed by every run whatever -b selects (target: init and
 * finalize time, memory per PE beyond the heap):
 *   init           time in shmem_init, the longest of any PE (MPI's start-up
 *                  included on both sides: each library starts MPI itself)
 *   init_rss, init_pss
 *                  memory shmem_init added to a PE, in KiB ("KiB" instead of
 *                  "us" in the JSON line): VmRSS and Pss (shared pages split
 *                  between the processes mapping them), read from /proc just
 *                  before and after, the largest of any PE; heap pages count
 *                  only once touched, and none is touched yet
 *   finalize       PE 0's time in shmem_finalize after a barrier (the line
 *                  comes after it)
 *
 * Compile with -DBENCH_EMULATE_SIGNAL to force the emulated pingpong_sig
 * variant with a 1.5 library too.
 *
 * Usage: shmem_bench [-r reps] [-s scale] [-M bytes] [-S step] [-L log2]
 *                    [-b bench[,...]]
 *   -r reps   timed repetitions per point (default 7; median is reported)
 *   -s scale  multiply iteration counts (default 1.0; e.g. 0.2 for a smoke run)
 *   -M bytes  largest message size of the sized benchmarks (memcpy excepted)
 *   -S step   size multiplier from one point to the next (default 2; the
 *             largest size is always measured; memcpy and collectives keep
 *             their own sizes)
 *   -L log2   the collectives' active set: PE_start 0, logPE_stride log2,
 *             PE_size (npes - 1) / 2^log2 + 1, which must be >= 2 (default
 *             0: every PE); e.g. -L 1 on 4 PEs is PEs 0 and 2, a group
 *             spanning nodes other than every PE in forced-remote mode
 *   -b list   comma-separated benchmark names (default: all), or groups:
 *             rma, amo, pingpong, locks, sync (= pingpong, locks, barrier),
 *             coll (barrier and the collectives), ucx (put, get, fadd,
 *             barrier, pingpong_p: the forced-remote set of compare.sh -u)
 */
#define _POSIX_C_SOURCE 200809L

#include <shmem.h>

#include <stdint.h>
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
#define LOCK_CONT_ITERS 2000L /* per PE */
#define PROBE_ITERS 32L       /* calibration probe of multi-PE benchmarks */
#define REP_TARGET_US 20000.0 /* cap on one timed repetition */
#define REP_LIMIT_US 200000.0 /* PE 0 alone: a repetition stops after this */
#define COLL_MAX    (1UL << 20) /* largest collective size per PE */
#define ALLTOALLS_SST 2         /* alltoalls64's source stride (its source is
                                   this many times the others') */
#define COLL_ITERS  5000L       /* cap on collective calls per repetition */

/* The largest pSync any 1.x collective needs (the sizes differ between
 * implementations: 1-3 longs in Open MPI 4.1.4, 64 in ours). */
#define MAX2(a, b) ((a) > (b) ? (a) : (b))
#define PSYNC_LEN                                                        \
    MAX2(MAX2(SHMEM_BCAST_SYNC_SIZE, SHMEM_COLLECT_SYNC_SIZE),           \
         MAX2(MAX2(SHMEM_REDUCE_SYNC_SIZE, SHMEM_ALLTOALL_SYNC_SIZE),    \
              SHMEM_BARRIER_SYNC_SIZE))
/* pWrk of a sum_to_all of COLL_MAX bytes of longs */
#define PWRK_LEN MAX2(COLL_MAX / sizeof(long) / 2 + 1,                   \
                      (size_t)SHMEM_REDUCE_MIN_WRKDATA_SIZE)

#if defined(SHMEM_MAJOR_VERSION) && defined(SHMEM_MINOR_VERSION) && \
    SHMEM_MAJOR_VERSION * 100 + SHMEM_MINOR_VERSION >= 105 &&      \
    !defined(BENCH_EMULATE_SIGNAL)
#define HAVE_PUT_SIGNAL 1
#define SIG_VARIANT "putmem_signal+signal_wait_until"
#else
#define HAVE_PUT_SIGNAL 0
#define SIG_VARIANT "putmem+fence+long_p+long_wait_until"
#endif

/* Remote targets in .bss: symmetric in every OpenSHMEM implementation. */
static char static_buf[4UL << 20];
static long static_long;
static long static_flag;  /* ping-pong flag (emulated signal, pingpong_p) */
static long static_lock;
#if HAVE_PUT_SIGNAL
static uint64_t static_sig;
#endif

static char *heap_buf;   /* symmetric, MAX_HEAP bytes: remote target/source */
static char *local_buf;  /* symmetric, MAX_HEAP bytes: local source/dest */
static long *heap_long;  /* symmetric: AMO / long_p / long_g target */
static long *heap_flag;  /* symmetric: ping-pong flag */
static long *heap_lock;  /* symmetric: lock */
static long *heap_ctl;   /* symmetric: iteration count sent by PE 0 */
static double *heap_times; /* symmetric, 2 x npes: start/end of every PE */
/* M_COLL on PE 0: each set member's time per call in every repetition of a
 * point (MAX_REPS x set_size), for the row's "pe_us" */
static double *coll_pe_reps;
static double *heap_startup; /* symmetric, STARTUP_VALUES x npes (PE 0's copy) */
#if HAVE_PUT_SIGNAL
static uint64_t *heap_sig; /* symmetric: ping-pong signal */
#endif
static char *cpy_src, *cpy_dst; /* private, MAX_MEMCPY bytes (PE 0 only) */
/* Collectives (allocated only when one is selected): symmetric source of
 * npes x COLL_MAX x ALLTOALLS_SST bytes, destination of npes x COLL_MAX,
 * two pSync and two pWrk arrays (on the heap: OSHMEM reaches static data
 * through a slower path). */
static char *coll_src, *coll_dst;
static long *psync[2], *pwrk[2];

static int me, npes, peer;
static int reps = 7;
static double scale = 1.0;
static size_t size_cap = MAX_MEMCPY; /* -M */
static size_t size_step = 2;         /* -S */
/* The collectives' active set (-L): PE_start 0, logPE_stride set_log,
 * PE_size set_size; in_set says whether this PE is one of them. */
static int set_log, set_size, in_set;

/* Called through a volatile pointer so the copies cannot be optimised away. */
static void *(*volatile memcpy_fn)(void *, const void *, size_t) = memcpy;

typedef void (*op_fn)(size_t size, long iters);

static double now_us(void);

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

/* ---- atomics: PE 0 on the last PE's variable ---------------------------- */

static void fadd_loop(long *t, long it)
{
    long s = 0;
    for (long i = 0; i < it; i++)
        s += shmem_long_atomic_fetch_add(t, 1, peer);
    sink = s;
}

static void add_loop(long *t, long it)
{
    for (long i = 0; i < it; i++) {
        shmem_long_atomic_add(t, 1, peer);
        shmem_quiet();
    }
}

/* Every swap succeeds: the condition is the value the last one stored (only
 * PE 0 writes the targets while this runs); if another benchmark changed the
 * target meanwhile, the first swap of the call fails and resynchronises. */
static void cswap_loop(long *t, long *guess, long it)
{
    long v = *guess;
    for (long i = 0; i < it; i++) {
        long old = shmem_long_atomic_compare_swap(t, v, v + 1, peer);
        v = old == v ? v + 1 : old;
    }
    *guess = v;
}

static void afetch_loop(long *t, long it)
{
    long s = 0;
    for (long i = 0; i < it; i++)
        s += shmem_long_atomic_fetch(t, peer);
    sink = s;
}

static long heap_guess, static_guess;

static void op_fadd(size_t n, long it) { (void)n; fadd_loop(heap_long, it); }
static void op_add(size_t n, long it) { (void)n; add_loop(heap_long, it); }
static void op_cswap(size_t n, long it) { (void)n; cswap_loop(heap_long, &heap_guess, it); }
static void op_afetch(size_t n, long it) { (void)n; afetch_loop(heap_long, it); }
static void op_fadd_static(size_t n, long it) { (void)n; fadd_loop(&static_long, it); }
static void op_add_static(size_t n, long it) { (void)n; add_loop(&static_long, it); }
static void op_cswap_static(size_t n, long it)
{
    (void)n;
    cswap_loop(&static_long, &static_guess, it);
}
static void op_afetch_static(size_t n, long it) { (void)n; afetch_loop(&static_long, it); }

/* ---- ping-pong between PE 0 and the last PE ------------------------------
 * Both sides count the same sequence (seq): message k carries flag/signal
 * value k, so the flags only grow and need no reset between repetitions. */

static long seq;

/* One 8-byte message + notification to `to`, and waiting for one. */
#if HAVE_PUT_SIGNAL
static void sig_send(char *buf, uint64_t *sig, int to)
{
    shmem_putmem_signal(buf, local_buf, 8, sig, (uint64_t)seq,
                        SHMEM_SIGNAL_SET, to);
}
static void sig_wait(uint64_t *sig)
{
    shmem_signal_wait_until(sig, SHMEM_CMP_GE, (uint64_t)seq);
}
#else
static void sig_send(char *buf, long *flag, int to)
{
    shmem_putmem(buf, local_buf, 8, to);
    shmem_fence(); /* the data before the flag */
    shmem_long_p(flag, seq, to);
}
static void sig_wait(long *flag)
{
    shmem_long_wait_until(flag, SHMEM_CMP_GE, seq);
}
#endif

#if HAVE_PUT_SIGNAL
#define SIG_HEAP heap_sig
#define SIG_STATIC (&static_sig)
#else
#define SIG_HEAP heap_flag
#define SIG_STATIC (&static_flag)
#endif

static void pingpong_sig_loop(char *buf, void *sigp, long it)
{
#if HAVE_PUT_SIGNAL
    uint64_t *sig = sigp;
#else
    long *sig = sigp;
#endif
    for (long i = 0; i < it; i++) {
        seq++;
        if (me == 0) {
            sig_send(buf, sig, peer);
            sig_wait(sig);
        } else {
            sig_wait(sig);
            sig_send(buf, sig, 0);
        }
    }
}

static void pingpong_p_loop(long *flag, long it)
{
    for (long i = 0; i < it; i++) {
        seq++;
        if (me == 0) {
            shmem_long_p(flag, seq, peer);
            shmem_long_wait_until(flag, SHMEM_CMP_GE, seq);
        } else {
            shmem_long_wait_until(flag, SHMEM_CMP_GE, seq);
            shmem_long_p(flag, seq, 0);
        }
    }
}

static void op_pingpong_sig(size_t n, long it)
{
    (void)n;
    pingpong_sig_loop(heap_buf, SIG_HEAP, it);
}
static void op_pingpong_sig_static(size_t n, long it)
{
    (void)n;
    pingpong_sig_loop(static_buf, SIG_STATIC, it);
}
static void op_pingpong_p(size_t n, long it) { (void)n; pingpong_p_loop(heap_flag, it); }
static void op_pingpong_p_static(size_t n, long it)
{
    (void)n;
    pingpong_p_loop(&static_flag, it);
}

/* ---- locks ----------------------------------------------------------------- */

static void lock_loop(long *lock, long it)
{
    for (long i = 0; i < it; i++) {
        shmem_set_lock(lock);
        shmem_clear_lock(lock);
    }
}

static void op_lock(size_t n, long it) { (void)n; lock_loop(heap_lock, it); }
static void op_lock_static(size_t n, long it) { (void)n; lock_loop(&static_lock, it); }

static void op_barrier(size_t n, long it)
{
    (void)n;
    for (long i = 0; i < it; i++)
        shmem_barrier_all();
}

/* ---- 1.x active-set collectives over the -L set -------------------------
 * One call, with the k-th (0/1) pSync/pWrk pair. Sizes are multiples of 8. */

static void c_broadcast(size_t n, int k)
{
    shmem_broadcast64(coll_dst, coll_src, n / 8, 0, 0, set_log, set_size, psync[k]);
}
static void c_collect(size_t n, int k)
{
    shmem_collect64(coll_dst, coll_src, n / 8, 0, set_log, set_size, psync[k]);
}
static void c_fcollect(size_t n, int k)
{
    shmem_fcollect64(coll_dst, coll_src, n / 8, 0, set_log, set_size, psync[k]);
}
static void c_alltoall(size_t n, int k)
{
    shmem_alltoall64(coll_dst, coll_src, n / 8, 0, set_log, set_size, psync[k]);
}
static void c_alltoalls(size_t n, int k)
{
    shmem_alltoalls64(coll_dst, coll_src, 1, ALLTOALLS_SST, n / 8, 0, set_log, set_size,
                      psync[k]);
}
static void c_sum_to_all(size_t n, int k)
{
    shmem_long_sum_to_all((long *)coll_dst, (const long *)coll_src,
                          (int)(n / sizeof(long)), 0, set_log, set_size, pwrk[k],
                          psync[k]);
}

static double coll_us; /* this PE's time inside the calls of the last loop */
static double timer_us; /* what the two clock reads around a call add */

/* Each call is timed on its own and followed by an untimed barrier: no PE
 * enters call i+1 before every PE has left call i (the 1.x rule for reusing
 * pSync; the alternating arrays are the second half of the usual idiom), and
 * every call starts from a synchronised state, as in OSU OMB.  PEs outside
 * the set only take part in the barriers. */
static void coll_loop(void (*call)(size_t, int), size_t n, long it)
{
    double in = 0.0;
    for (long i = 0; i < it; i++) {
        double t0 = now_us();
        if (in_set)
            call(n, (int)(i & 1));
        in += now_us() - t0;
        shmem_barrier_all();
    }
    coll_us = in;
}

static void op_broadcast(size_t n, long it) { coll_loop(c_broadcast, n, it); }
static void op_collect(size_t n, long it) { coll_loop(c_collect, n, it); }
static void op_fcollect(size_t n, long it) { coll_loop(c_fcollect, n, it); }
static void op_alltoall(size_t n, long it) { coll_loop(c_alltoall, n, it); }
static void op_alltoalls(size_t n, long it) { coll_loop(c_alltoalls, n, it); }
static void op_sum_to_all(size_t n, long it) { coll_loop(c_sum_to_all, n, it); }

static void op_memcpy(size_t n, long it)
{
    for (long i = 0; i < it; i++)
        memcpy_fn(cpy_dst, cpy_src, n);
}

/* Who runs an operation and how its time is counted. */
enum mode {
    M_PE0,     /* PE 0 only; time per op on PE 0 */
    M_ALL,     /* every PE (barrier); time per op on PE 0 */
    M_PAIR,    /* PE 0 and the last PE (ping-pong); one-way = round trip / 2 */
    M_CONTEND, /* every PE; first start to last end / (PEs x iters) */
    M_COLL,    /* every PE; mean over PEs of the time inside the calls */
};

struct bench {
    const char *name;
    op_fn fn;
    size_t min_size, max_size; /* powers of 2 from min to max; 0: no size */
    enum mode mode;
    long max_iters;            /* cap on iterations (0: MAX_ITERS) */
    const char *variant;       /* printed in the JSON line if set */
    int enabled;
};

static struct bench benches[] = {
    { "memcpy",        op_memcpy,        MIN_SIZE, MAX_MEMCPY, M_PE0, 0, NULL, 1 },
    { "put",           op_put,           MIN_SIZE, MAX_HEAP,   M_PE0, 0, NULL, 1 },
    { "get",           op_get,           MIN_SIZE, MAX_HEAP,   M_PE0, 0, NULL, 1 },
    { "put_static",    op_put_static,    MIN_SIZE, MAX_STATIC, M_PE0, 0, NULL, 1 },
    { "get_static",    op_get_static,    MIN_SIZE, MAX_STATIC, M_PE0, 0, NULL, 1 },
    { "long_p",        op_long_p,        8,        8,          M_PE0, 0, NULL, 1 },
    { "long_g",        op_long_g,        8,        8,          M_PE0, 0, NULL, 1 },
    { "long_p_static", op_long_p_static, 8,        8,          M_PE0, 0, NULL, 1 },
    { "long_g_static", op_long_g_static, 8,        8,          M_PE0, 0, NULL, 1 },
    { "fadd",          op_fadd,          8,        8,          M_PE0, 0, NULL, 1 },
    { "add",           op_add,           8,        8,          M_PE0, 0, NULL, 1 },
    { "cswap",         op_cswap,         8,        8,          M_PE0, 0, NULL, 1 },
    { "afetch",        op_afetch,        8,        8,          M_PE0, 0, NULL, 1 },
    { "fadd_static",   op_fadd_static,   8,        8,          M_PE0, 0, NULL, 1 },
    { "add_static",    op_add_static,    8,        8,          M_PE0, 0, NULL, 1 },
    { "cswap_static",  op_cswap_static,  8,        8,          M_PE0, 0, NULL, 1 },
    { "afetch_static", op_afetch_static, 8,        8,          M_PE0, 0, NULL, 1 },
    { "pingpong_sig",  op_pingpong_sig,  8,        8,          M_PAIR, 0, SIG_VARIANT, 1 },
    { "pingpong_p",    op_pingpong_p,    8,        8,          M_PAIR, 0,
      "long_p+long_wait_until", 1 },
    { "pingpong_sig_static", op_pingpong_sig_static, 8, 8,     M_PAIR, 0, SIG_VARIANT, 1 },
    { "pingpong_p_static", op_pingpong_p_static, 8, 8,         M_PAIR, 0,
      "long_p+long_wait_until", 1 },
    { "lock",          op_lock,          0,        0,          M_PE0, 0, NULL, 1 },
    { "lock_static",   op_lock_static,   0,        0,          M_PE0, 0, NULL, 1 },
    { "lock_cont",     op_lock,          0,        0,          M_CONTEND, LOCK_CONT_ITERS,
      NULL, 1 },
    { "lock_cont_static", op_lock_static, 0,       0,          M_CONTEND, LOCK_CONT_ITERS,
      NULL, 1 },
    { "barrier",       op_barrier,       0,        0,          M_ALL, BARRIER_ITERS, NULL, 1 },
    /* collectives: sizes from coll_sizes[], not min..max */
    { "broadcast64",   op_broadcast,     8, COLL_MAX,  M_COLL, COLL_ITERS, NULL, 1 },
    { "collect64",     op_collect,       8, COLL_MAX,  M_COLL, COLL_ITERS, NULL, 1 },
    { "fcollect64",    op_fcollect,      8, COLL_MAX,  M_COLL, COLL_ITERS, NULL, 1 },
    { "alltoall64",    op_alltoall,      8, COLL_MAX,  M_COLL, COLL_ITERS, NULL, 1 },
    { "alltoalls64",   op_alltoalls,     8, COLL_MAX,  M_COLL, COLL_ITERS, NULL, 1 },
    { "long_sum_to_all", op_sum_to_all,  8, COLL_MAX,  M_COLL, COLL_ITERS, NULL, 1 },
};
#define NBENCH (sizeof benches / sizeof benches[0])

/* Sizes of the collectives (bytes per PE). */
static const size_t coll_sizes[] = { 8, 4096, COLL_MAX };
#define NCOLL_SIZES (sizeof coll_sizes / sizeof coll_sizes[0])

/* The size after SIZE, or 0 when SIZE was the last one. Sizeless benchmarks
 * run once, at size 0. */
static size_t next_size(const struct bench *b, size_t size)
{
    int own = b->fn == op_memcpy; /* memcpy keeps its own sizes */
    size_t cap = own ? b->max_size : size_cap;
    size_t last = b->max_size < cap ? b->max_size : cap;
    size_t next = size * (own ? 2 : size_step);
    if (b->mode != M_COLL && size < last && next > last)
        next = last; /* a step larger than 2 still ends on the largest size */
    if (b->mode == M_COLL) {
        next = 0;
        for (size_t i = 0; i < NCOLL_SIZES; i++)
            if (coll_sizes[i] > size) {
                next = coll_sizes[i];
                break;
            }
    }
    return size && next && next <= last ? next : 0;
}

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

/* Sorts v[0..n) and returns its median. */
static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof v[0], cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* The KiB of the line starting with key in a /proc file ("VmRSS:" of
 * /proc/self/status, "Pss:" of /proc/self/smaps_rollup); -1 if absent. */
static long proc_kib(const char *path, const char *key)
{
    char line[256];
    long kib = -1;
    size_t n = strlen(key);
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    while (fgets(line, sizeof line, f))
        if (strncmp(line, key, n) == 0) {
            kib = strtol(line + n, NULL, 10);
            break;
        }
    fclose(f);
    return kib;
}

/* What start-up cost this PE: shmem_init's time, and its VmRSS and Pss
 * growth (KiB; -1 where /proc does not say).  Read before shmem_init (the
 * clock last) and after it (the clock first), then startup_diff(). */
enum { STARTUP_INIT_US, STARTUP_RSS_KIB, STARTUP_PSS_KIB, STARTUP_VALUES };
static double startup[STARTUP_VALUES];

static void startup_memory(double v[STARTUP_VALUES])
{
    v[STARTUP_RSS_KIB] = proc_kib("/proc/self/status", "VmRSS:");
    v[STARTUP_PSS_KIB] = proc_kib("/proc/self/smaps_rollup", "Pss:");
}

static void startup_diff(const double before[STARTUP_VALUES])
{
    for (int v = 0; v < STARTUP_VALUES; v++)
        startup[v] = startup[v] < 0 || before[v] < 0 ? -1 : startup[v] - before[v];
}

/* PE 0 prints the largest of every PE's start-up values (collective). */
static void startup_report(void)
{
    static const char *const name[STARTUP_VALUES] = { "init", "init_rss",
                                                      "init_pss" };
    shmem_putmem(&heap_startup[STARTUP_VALUES * me], startup, sizeof startup, 0);
    shmem_barrier_all();
    if (me != 0)
        return;
    for (int v = 0; v < STARTUP_VALUES; v++) {
        double most = heap_startup[v];
        for (int pe = 1; pe < npes; pe++)
            if (heap_startup[STARTUP_VALUES * pe + v] > most || most < 0)
                most = heap_startup[STARTUP_VALUES * pe + v];
        if (most < 0)
            continue; /* no /proc figures */
        printf("{\"bench\":\"%s\",\"size\":0,\"pes\":%d,\"%s\":%.6g,"
               "\"reps\":1}\n", name[v], npes, v == STARTUP_INIT_US ? "us" : "KiB",
               most);
    }
    fflush(stdout);
}

static long iters_for(const struct bench *b, size_t size)
{
    long cap = b->max_iters ? b->max_iters : MAX_ITERS;
    long it = size ? (long)(BYTES_BUDGET / size) : cap;
    if (it > cap)
        it = cap;
    if (it < MIN_ITERS)
        it = MIN_ITERS;
    it = (long)(it * scale);
    return it < 1 ? 1 : it;
}

static double last_wall; /* PE 0's loop time in the last timed() */
static long last_done;    /* operations the last timed() completed */

static int is_active(const struct bench *b)
{
    switch (b->mode) {
    case M_PE0: return me == 0;
    case M_PAIR: return me == 0 || me == peer;
    default: return 1;
    }
}

/* One timed loop of n operations, entered and left by every PE. Returns the
 * elapsed time in us (meaningful on PE 0). M_CONTEND: from the first PE's
 * start to the last PE's end (each PE reads its own clock: CLOCK_MONOTONIC
 * is one clock for all processes of a node; PE 0's clock alone could miss
 * acquisitions made while PE 0 was descheduled after the barrier).
 * M_COLL: the mean over the set's PEs of each one's time inside the calls.
 * The loop time on PE 0 (for calibration) is left in last_wall. */
static double timed(const struct bench *b, size_t size, long n)
{
    shmem_barrier_all();
    double t0 = now_us();
    last_done = n;
    if (b->mode == M_PE0 && me == 0) {
        /* in chunks: a repetition whose operations turn out much slower
         * than calibrated (a stalling transport) stops after REP_LIMIT_US
         * and counts the operations done */
        long chunk = n / 16 > 0 ? n / 16 : 1, left = n;
        while (left > 0) {
            long k = left < chunk ? left : chunk;
            b->fn(size, k);
            left -= k;
            if (left > 0 && now_us() - t0 > REP_LIMIT_US)
                break;
        }
        last_done = n - left;
    } else if (is_active(b)) {
        b->fn(size, n);
    }
    double t1 = now_us();
    last_wall = t1 - t0;
    if (b->mode != M_CONTEND && b->mode != M_COLL) {
        shmem_barrier_all();
        return t1 - t0;
    }
    double mine[2] = { t0, t1 };
    if (b->mode == M_COLL)
        mine[0] = coll_us;
    shmem_putmem(&heap_times[2 * me], mine, sizeof mine, 0);
    shmem_barrier_all(); /* completes the puts */
    if (me != 0)
        return 0.0;
    if (b->mode == M_COLL) {
        double sum = 0.0;
        for (int pe = 0; pe < npes; pe += 1 << set_log)
            sum += heap_times[2 * pe];
        return sum / set_size;
    }
    double first = heap_times[0], last = heap_times[1];
    for (int pe = 1; pe < npes; pe++) {
        if (heap_times[2 * pe] < first)
            first = heap_times[2 * pe];
        if (heap_times[2 * pe + 1] > last)
            last = heap_times[2 * pe + 1];
    }
    return last - first;
}

/* Iterations so that one repetition takes about REP_TARGET_US at most. */
static long calibrate(long iters, double per_iter)
{
    if (per_iter * iters > REP_TARGET_US) {
        iters = (long)(REP_TARGET_US / per_iter);
        if (iters < MIN_ITERS)
            iters = MIN_ITERS;
    }
    return iters;
}

/* PE 0's iteration count, returned on every PE. */
static long share_iters(long iters)
{
    if (me == 0)
        for (int pe = 1; pe < npes; pe++)
            shmem_long_p(heap_ctl, iters, pe);
    shmem_barrier_all(); /* completes the puts */
    return me == 0 ? iters : *(volatile long *)heap_ctl;
}

/* Runs one (benchmark, size) point; every PE must call it. */
static void run_point(const struct bench *b, size_t size)
{
    long iters = iters_for(b, size);
    double t[MAX_REPS];
    /* M_COLL: PE 0's loop time per call, the untimed barrier included (a
     * row's time depends on where the barrier lets each member wait; this
     * one does not) */
    double loop[MAX_REPS];
    /* ops counted per loop iteration: a round trip is two one-way trips */
    double per = b->mode == M_PAIR ? 2.0 : b->mode == M_CONTEND ? npes : 1.0;

    /* Warm-up: touches buffers, connections and code paths; it also
     * calibrates: slow operations get fewer iterations (about REP_TARGET_US
     * per repetition) so that runs stay short, e.g. when oversubscribed or
     * over TCP. A short probe comes first, so that a slow operation does not
     * spend seconds in a warm-up sized for fast ones. */
    long probe = iters / 10 + 1 < PROBE_ITERS ? iters / 10 + 1 : PROBE_ITERS;
    if (b->mode == M_PE0) {
        /* only PE 0 needs to know the counts (the others only meet it in
         * the barriers of timed()) */
        double dt = timed(b, size, probe);
        long w = calibrate(iters, dt / last_done) / 10 + 1;
        dt = timed(b, size, w);
        if (me == 0) /* from the full count again */
            iters = calibrate(iters, dt / last_done);
    } else {
        /* every active PE must run the same count: a short probe after a
         * cold start sets it, then the warm-up corrects it (a short probe
         * can miss the scheduler's time slices); PE 0 sends it each time */
        timed(b, size, 2);
        double dt = timed(b, size, probe);
        if (b->mode == M_COLL)
            dt = last_wall; /* the untimed barriers count for the run time */
        iters = share_iters(calibrate(iters, dt / probe));
        long w = iters / 10 + 1;
        dt = timed(b, size, w);
        if (b->mode == M_COLL)
            dt = last_wall;
        iters = share_iters(calibrate(iters, dt / w));
    }

    for (int r = 0; r < reps; r++) {
        t[r] = timed(b, size, iters) / (last_done * per);
        loop[r] = last_wall / last_done;
        if (b->mode == M_COLL && me == 0) /* timed() left each member's time here */
            for (int k = 0; k < set_size; k++)
                coll_pe_reps[r * set_size + k] =
                    heap_times[2 * (k << set_log)] / (last_done * per);
    }

    if (me != 0)
        return;
    double med = median(t, reps);
    printf("{\"bench\":\"%s\",\"size\":%zu,\"pes\":%d,\"us\":%.6g,"
           "\"MBps\":%.6g,\"us_min\":%.6g,\"us_max\":%.6g,"
           "\"iters\":%ld,\"reps\":%d",
           b->name, size, npes, med, med > 0 ? size / med : 0.0,
           t[0], t[reps - 1], iters, reps);
    if (b->variant)
        printf(",\"variant\":\"%s\"", b->variant);
    if (b->mode == M_COLL) {
        printf(",\"timer_us\":%.3g,\"active_set\":[0,%d,%d],\"loop_us\":%.4g", timer_us,
               set_log, set_size, median(loop, reps));
        /* each member's median over the repetitions: who waits (a
         * broadcast's receivers for the root, say) */
        printf(",\"pe_us\":[");
        for (int k = 0; k < set_size; k++) {
            double v[MAX_REPS];
            for (int r = 0; r < reps; r++)
                v[r] = coll_pe_reps[r * set_size + k];
            printf("%s%.4g", k ? "," : "", median(v, reps));
        }
        printf("]");
    }
    printf("}\n");
    fflush(stdout);
}

static const char *unknown;

/* Names that select several benchmarks at once. */
static const struct {
    const char *name, *members;
} groups[] = {
    { "rma", "put,get,put_static,get_static,long_p,long_g,long_p_static,"
             "long_g_static" },
    { "amo", "fadd,add,cswap,afetch,fadd_static,add_static,cswap_static,"
             "afetch_static" },
    { "pingpong", "pingpong_sig,pingpong_p,pingpong_sig_static,"
                  "pingpong_p_static" },
    { "locks", "lock,lock_static,lock_cont,lock_cont_static" },
    { "sync", "pingpong_sig,pingpong_p,pingpong_sig_static,pingpong_p_static,"
              "lock,lock_static,lock_cont,lock_cont_static,barrier" },
    { "coll", "barrier,broadcast64,collect64,fcollect64,alltoall64,"
              "alltoalls64,long_sum_to_all" },
    { "ucx", "put,get,fadd,barrier,pingpong_p" },
};
#define NGROUP (sizeof groups / sizeof groups[0])

static int enable(const char *name)
{
    for (size_t i = 0; i < NBENCH; i++)
        if (strcmp(name, benches[i].name) == 0) {
            benches[i].enabled = 1;
            return 0;
        }
    return -1;
}

static int select_benches(char *list)
{
    static char copy[256];
    for (size_t i = 0; i < NBENCH; i++)
        benches[i].enabled = 0;
    for (char *tok = strtok(list, ","); tok; tok = strtok(NULL, ",")) {
        size_t g;
        for (g = 0; g < NGROUP; g++)
            if (strcmp(tok, groups[g].name) == 0)
                break;
        if (g < NGROUP) {
            /* members are known names; a second strtok would clobber ours */
            const char *m = groups[g].members;
            while (*m) {
                size_t len = strcspn(m, ",");
                memcpy(copy, m, len);
                copy[len] = 0;
                enable(copy);
                m += len + (m[len] == ',');
            }
        } else if (enable(tok) != 0) {
            unknown = tok; /* reported by PE 0 after shmem_init */
            return -1;
        }
    }
    return 0;
}

int main(int argc, char **argv)
{
    int c, bad = 0, help = 0;

    /* getopt would read "--help" as the unknown options -, h, e, l, p */
    for (c = 1; c < argc; c++)
        if (strcmp(argv[c], "--help") == 0) {
            help = 1;
            argv[c] = "-h";
        }
    while ((c = getopt(argc, argv, "hr:s:M:S:L:b:")) != -1) {
        switch (c) {
        case 'h': help = 1; break;
        case 'r': reps = atoi(optarg); break;
        case 's': scale = atof(optarg); break;
        case 'S':
            size_step = (size_t)strtoul(optarg, NULL, 10);
            bad |= size_step < 2;
            break;
        case 'M': {
            char *end;
            unsigned long long v = strtoull(optarg, &end, 10);
            if (*end || v < MIN_SIZE)
                bad = 1;
            else
                size_cap = (size_t)v;
            break;
        }
        case 'L':
            set_log = atoi(optarg);
            bad |= set_log < 0 || set_log > 30;
            break;
        case 'b': bad |= select_benches(optarg) != 0; break;
        default: bad = 1;
        }
    }
    if (reps < 1 || reps > MAX_REPS || scale <= 0.0)
        bad = 1;

    double before_init[STARTUP_VALUES];
    startup_memory(before_init);
    before_init[STARTUP_INIT_US] = now_us();
    shmem_init();
    startup[STARTUP_INIT_US] = now_us();
    startup_memory(startup);
    startup_diff(before_init);
    me = shmem_my_pe();
    npes = shmem_n_pes();
    peer = npes - 1;
    if (!bad) {
        set_size = (npes - 1) / (1 << set_log) + 1;
        in_set = me % (1 << set_log) == 0;
        bad |= set_size < 2;
    }

    if (help || bad || npes < 2) {
        if (me == 0 && unknown)
            fprintf(stderr, "shmem_bench: unknown benchmark '%s'\n", unknown);
        if (me == 0)
            fprintf(help ? stdout : stderr, "usage: oshrun -np N (N >= 2) shmem_bench "
                            "[-r reps(1..%d)] [-s scale] [-M max_bytes] "
                            "[-S size_step] [-L log2_stride (set >= 2 PEs)] "
                            "[-b bench,...] [-h|--help]\n"
                            "groups for -b: rma amo pingpong locks sync coll "
                            "ucx\n",
                    MAX_REPS);
        shmem_finalize();
        return help ? 0 : 1;
    }

    heap_buf = shmem_malloc(MAX_HEAP);
    local_buf = shmem_malloc(MAX_HEAP);
    heap_long = shmem_malloc(sizeof(long));
    heap_flag = shmem_malloc(sizeof(long));
    heap_lock = shmem_malloc(sizeof(long));
    heap_ctl = shmem_malloc(sizeof(long));
    heap_times = shmem_malloc(2 * (size_t)npes * sizeof(double));
    heap_startup = shmem_malloc(STARTUP_VALUES * (size_t)npes * sizeof(double));
#if HAVE_PUT_SIGNAL
    heap_sig = shmem_malloc(sizeof(uint64_t));
    if (!heap_sig) {
        fprintf(stderr, "PE %d: shmem_malloc failed\n", me);
        shmem_global_exit(1);
    }
    *heap_sig = 0;
#endif
    if (!heap_buf || !local_buf || !heap_long || !heap_flag || !heap_lock ||
        !heap_ctl || !heap_times || !heap_startup) {
        fprintf(stderr, "PE %d: shmem_malloc failed\n", me);
        shmem_global_exit(1);
    }
    int want_coll = 0;
    for (size_t i = 0; i < NBENCH; i++)
        want_coll |= benches[i].enabled && benches[i].mode == M_COLL;
    if (want_coll) { /* every PE parsed the same -b: symmetric */
        coll_src = shmem_malloc((size_t)npes * COLL_MAX * ALLTOALLS_SST);
        coll_dst = shmem_malloc((size_t)npes * COLL_MAX);
        for (int k = 0; k < 2; k++) {
            psync[k] = shmem_malloc(PSYNC_LEN * sizeof(long));
            pwrk[k] = shmem_malloc(PWRK_LEN * sizeof(long));
            if (!psync[k] || !pwrk[k]) {
                fprintf(stderr, "PE %d: shmem_malloc failed\n", me);
                shmem_global_exit(1);
            }
            for (size_t j = 0; j < PSYNC_LEN; j++)
                psync[k][j] = SHMEM_SYNC_VALUE;
        }
        coll_pe_reps = malloc((size_t)MAX_REPS * set_size * sizeof(double));
        if (!coll_src || !coll_dst || !coll_pe_reps) {
            fprintf(stderr, "PE %d: out of memory for the collectives\n", me);
            shmem_global_exit(1);
        }
        memset(coll_src, me + 1, (size_t)npes * COLL_MAX * ALLTOALLS_SST);
        memset(coll_dst, 0, (size_t)npes * COLL_MAX);
        /* the cost of the per-call timing itself (included in every
         * collective row, on both sides alike) */
        double in = 0.0;
        for (long i = 0; i < 100000; i++) {
            double t0 = now_us();
            in += now_us() - t0;
        }
        timer_us = in / 100000;
    } /* the barrier below orders the pSync set-up before any use */

    memset(heap_buf, me, MAX_HEAP);
    memset(local_buf, me + 1, MAX_HEAP);
    memset(static_buf, me, sizeof static_buf);
    *heap_long = me;
    static_long = me;
    *heap_flag = 0;
    *heap_lock = 0; /* locks must start cleared */
    *heap_ctl = 0;

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
    startup_report();

    for (size_t i = 0; i < NBENCH; i++) {
        const struct bench *b = &benches[i];
        if (!b->enabled)
            continue;
        for (size_t size = b->min_size;; size = next_size(b, size)) {
            run_point(b, size);
            if (!size || !next_size(b, size))
                break;
        }
    }

    shmem_barrier_all();
    free(cpy_src);
    free(cpy_dst);
    if (want_coll) {
        for (int k = 1; k >= 0; k--) {
            shmem_free(pwrk[k]);
            shmem_free(psync[k]);
        }
        shmem_free(coll_dst);
        shmem_free(coll_src);
        free(coll_pe_reps);
    }
#if HAVE_PUT_SIGNAL
    shmem_free(heap_sig);
#endif
    shmem_free(heap_startup);
    shmem_free(heap_times);
    shmem_free(heap_ctl);
    shmem_free(heap_lock);
    shmem_free(heap_flag);
    shmem_free(heap_long);
    shmem_free(local_buf);
    shmem_free(heap_buf);
    shmem_barrier_all(); /* every PE enters finalize together */
    double t_fin = now_us();
    shmem_finalize();
    t_fin = now_us() - t_fin;
    if (me == 0)
        printf("{\"bench\":\"finalize\",\"size\":0,\"pes\":%d,\"us\":%.6g,"
               "\"reps\":1}\n", npes, t_fin);
    return 0;
}
