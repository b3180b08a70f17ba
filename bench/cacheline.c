/*
 * cacheline.c - physical limit probe, no SHMEM: the round trip of one cache
 * line between two cores. Two threads, pinned to two different CPUs, bounce
 * a counter in one 64-byte line; one round trip = two one-way hand-offs.
 * Any synchronisation between PEs on two cores needs at least one one-way
 * hand-off (a 2-PE barrier: each PE must see the other's arrival), so
 * one_way_ns is the physical floor for barrier latency. (A put + quiet or a
 * get need not move a line back and forth, so they can be faster.)
 *
 * Usage: cacheline [-r reps] [-n round_trips] [-a cpu_a] [-b cpu_b]
 * (defaults: 15 repetitions of 20000 round trips, CPUs 0 and 1).
 * Prints one JSON line: {"bench":"cacheline_rtt","size":64,...,"us":RTT}:
 * us = median round trip, us_min = best repetition (short repetitions, so
 * that on a busy machine some of them run without preemption: the floor).
 * Build: cc -O2 -std=c99 -pthread cacheline.c -o cacheline
 */
#define _GNU_SOURCE /* pthread_setaffinity_np, CPU_SET */

#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#define MAX_REPS 64
#define MAX_REP_US 200000.0

static struct {
    volatile long v;
    char pad[64 - sizeof(long)];
} line __attribute__((aligned(64)));

static long round_trips = 20000;
static int cpu_a = 0, cpu_b = 1;

static void pin(int cpu)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    if (pthread_setaffinity_np(pthread_self(), sizeof set, &set) != 0)
        fprintf(stderr, "cacheline: cannot pin to CPU %d (continuing)\n", cpu);
}

/* Answers odd values with the next even one, until told to stop (-1). */
static void *echo(void *arg)
{
    (void)arg;
    pin(cpu_b);
    for (;;) {
        long x;
        while (((x = __atomic_load_n(&line.v, __ATOMIC_ACQUIRE)) & 1) == 0)
            ;
        if (x < 0)
            return NULL;
        __atomic_store_n(&line.v, x + 1, __ATOMIC_RELEASE);
    }
}

static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec * 1e-3;
}

/* Round trips from this thread; returns microseconds per round trip. Stops
 * early after MAX_REP_US (a busy machine can deschedule the partner). */
static double bounce(long n)
{
    long x = __atomic_load_n(&line.v, __ATOMIC_ACQUIRE), i;
    double t0 = now_us(), t = t0;
    for (i = 0; i < n; i++) {
        __atomic_store_n(&line.v, x + 1, __ATOMIC_RELEASE);
        while (__atomic_load_n(&line.v, __ATOMIC_ACQUIRE) != x + 2)
            ;
        x += 2;
        if ((i & 1023) == 1023 && (t = now_us()) - t0 > MAX_REP_US) {
            i++;
            break;
        }
    }
    if (i == n)
        t = now_us();
    return (t - t0) / i;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    int c, reps = 15;
    double t[MAX_REPS];
    pthread_t thr;

    while ((c = getopt(argc, argv, "r:n:a:b:")) != -1) {
        switch (c) {
        case 'r': reps = atoi(optarg); break;
        case 'n': round_trips = atol(optarg); break;
        case 'a': cpu_a = atoi(optarg); break;
        case 'b': cpu_b = atoi(optarg); break;
        default: reps = 0;
        }
    }
    if (reps < 1 || reps > MAX_REPS || round_trips < 1) {
        fprintf(stderr, "usage: cacheline [-r reps(1..%d)] [-n round_trips] "
                        "[-a cpu] [-b cpu]\n", MAX_REPS);
        return 1;
    }
    if (sysconf(_SC_NPROCESSORS_ONLN) < 2) {
        fprintf(stderr, "cacheline: needs at least 2 CPUs\n");
        return 1;
    }

    pin(cpu_a);
    if (pthread_create(&thr, NULL, echo, NULL) != 0) {
        fprintf(stderr, "cacheline: pthread_create failed\n");
        return 1;
    }
    bounce(round_trips / 10 + 1); /* warm-up */
    for (int r = 0; r < reps; r++)
        t[r] = bounce(round_trips);
    __atomic_store_n(&line.v, -1L, __ATOMIC_RELEASE);
    pthread_join(thr, NULL);

    qsort(t, (size_t)reps, sizeof t[0], cmp_double);
    double med = reps % 2 ? t[reps / 2] : 0.5 * (t[reps / 2 - 1] + t[reps / 2]);
    printf("{\"bench\":\"cacheline_rtt\",\"size\":64,\"pes\":1,\"us\":%.4f,"
           "\"one_way_ns\":%.1f,\"us_min\":%.4f,\"us_max\":%.4f,"
           "\"iters\":%ld,\"reps\":%d,\"cpus\":[%d,%d]}\n",
           med, med * 500.0, t[0], t[reps - 1], round_trips, reps,
           cpu_a, cpu_b);
    return 0;
}
