/* reduce_scatter_probe.c - rocshmem_long_sum_reduce_scatter on
 * ROCSHMEM_TEAM_WORLD, which OSHMEM lacks (OpenSHMEM 1.4 has no
 * reduce-scatter), so shmem_bench has no row for it: this times our library
 * against itself, e.g. one build against another by swapping
 * librocshmem.so with LD_LIBRARY_PATH.
 *
 *   oshcc -O2 -o reduce_scatter_probe reduce_scatter_probe.c
 *   oshrun -np 2 ./reduce_scatter_probe
 *
 * For 8 B, 4 KiB and 1 MiB per PE (each PE's block of the result; the
 * source is the number of PEs times that), PE 0 prints the median over 7
 * repetitions of its mean time per call; every call is followed by an
 * untimed shmem_barrier_all, as in shmem_bench's collective rows.
 */
#include <shmem.h>
#include <rocshmem/rocshmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define REPS 7
#define MAX_BLOCK (1 << 20)

static double now_us(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(void)
{
    static const size_t sizes[] = { 8, 4096, MAX_BLOCK };
    shmem_init();
    const int npes = shmem_n_pes(), me = shmem_my_pe();
    const size_t src_longs = (size_t)npes * MAX_BLOCK / sizeof(long);
    long *src = shmem_malloc(src_longs * sizeof(long));
    long *dst = shmem_malloc(MAX_BLOCK);
    if (!src || !dst) {
        fprintf(stderr, "PE %d: shmem_malloc failed\n", me);
        shmem_global_exit(1);
    }
    for (size_t i = 0; i < src_longs; ++i)
        src[i] = (long)i + me;
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; ++s) {
        const size_t nreduce = sizes[s] / sizeof(long);
        const int iters = sizes[s] >= MAX_BLOCK ? 20 : 2000;
        double reps[REPS];
        for (int r = 0; r < REPS; ++r) {
            double in = 0.0;
            for (int i = 0; i < iters; ++i) {
                double t0 = now_us();
                rocshmem_long_sum_reduce_scatter(ROCSHMEM_TEAM_WORLD, dst, src, nreduce);
                in += now_us() - t0;
                shmem_barrier_all();
            }
            reps[r] = in / iters;
        }
        qsort(reps, REPS, sizeof reps[0], by_value);
        if (me == 0)
            printf("reduce_scatter %7zu B per PE, %d PEs: PE 0 median %.3f us\n", sizes[s], npes,
                   reps[REPS / 2]);
    }
    shmem_free(dst);
    shmem_free(src);
    shmem_finalize();
    return 0;
}
