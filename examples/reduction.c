/* reduction.c - team reductions: sum, max and min over all PEs, and a sum
 * over a team of the even-numbered PEs.
 *
 *   oshcc -O2 -o reduction reduction.c && oshrun -np 4 ./reduction
 *
 * PE p contributes the vector (p + 1, 2(p + 1), ..., NELEMS(p + 1)), so the
 * sum of element i over N PEs is (i + 1) N (N + 1) / 2, the maximum (i + 1) N
 * and the minimum i + 1.  Every PE checks the results it received (every PE
 * of a team gets them); PE 0 prints the sums of element 0.
 */
#include <shmem.h>
#include <stdio.h>

#define NELEMS 8

static long src[NELEMS], sum[NELEMS], max[NELEMS], min[NELEMS], even_sum[NELEMS];
static double dsrc[NELEMS], dsum[NELEMS];

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    long n = npes;
    int bad = 0;

    for (int i = 0; i < NELEMS; i++) {
        src[i] = (long)(i + 1) * (me + 1);
        dsrc[i] = 0.5 * (double)src[i];
    }
    shmem_long_sum_reduce(SHMEM_TEAM_WORLD, sum, src, NELEMS);
    shmem_long_max_reduce(SHMEM_TEAM_WORLD, max, src, NELEMS);
    shmem_long_min_reduce(SHMEM_TEAM_WORLD, min, src, NELEMS);
    shmem_double_sum_reduce(SHMEM_TEAM_WORLD, dsum, dsrc, NELEMS);
    for (int i = 0; i < NELEMS; i++) {
        long k = i + 1;
        bad += sum[i] != k * n * (n + 1) / 2;
        bad += max[i] != k * n;
        bad += min[i] != k;
        bad += dsum[i] != 0.5 * (double)(k * n * (n + 1) / 2); /* exact in binary */
    }

    /* The even PEs 0, 2, 4 ... form a team: PE 2j contributes (i+1)(2j+1). */
    shmem_team_t even;
    long evens = (n + 1) / 2;
    shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, (int)evens, NULL, 0, &even);
    long even_total = -1;
    if (even != SHMEM_TEAM_INVALID) {
        shmem_long_sum_reduce(even, even_sum, src, NELEMS);
        for (int i = 0; i < NELEMS; i++)
            bad += even_sum[i] != (i + 1) * evens * evens; /* 1 + 3 + ... = evens^2 */
        even_total = even_sum[0];
        shmem_team_destroy(even);
    }

    if (bad) fprintf(stderr, "PE %d: %d wrong reduction results\n", me, bad);
    static int bad_sym, total_bad;
    bad_sym = bad;
    shmem_int_sum_reduce(SHMEM_TEAM_WORLD, &total_bad, &bad_sym, 1);
    if (me == 0)
        printf("reduction: %d PEs: sum %ld, max %ld, min %ld, double sum %.1f, even-PE team sum %ld, %s\n",
               npes, sum[0], max[0], min[0], dsum[0], even_total, total_bad ? "WRONG" : "OK");
    shmem_finalize();
    return total_bad != 0;
}
