/* circular_shift.c - rotate a distributed array by one element, many times.
 *
 *   oshcc -O2 -o circular_shift circular_shift.c && oshrun -np 4 ./circular_shift
 *
 * A global array of NPES * BLOCK longs is spread over the PEs in blocks
 * (PE p holds elements p*BLOCK .. p*BLOCK+BLOCK-1) and starts as a[g] = g.
 * One shift moves every element one place up, the last one wrapping round to
 * the front, so each PE must send the last element of its block to the next
 * PE.  After SHIFTS shifts a[g] = (g - SHIFTS) mod N; every PE checks its own
 * block and PE 0 prints the element now at global index 0.
 */
#include <shmem.h>
#include <stdio.h>
#include <string.h>

#define BLOCK 5
#define SHIFTS 17

static long block[BLOCK];
static long carry;       /* the element arriving from the left-hand PE */
static int bad;          /* this PE's wrong elements, summed by PE 0 */
static int total_bad;

int main(void)
{
    shmem_init();
    int me = shmem_my_pe();
    int npes = shmem_n_pes();
    long n = (long)npes * BLOCK;

    for (int i = 0; i < BLOCK; i++)
        block[i] = (long)me * BLOCK + i;
    shmem_barrier_all();

    for (int s = 0; s < SHIFTS; s++) {
        /* The last element leaves for the next PE (with one PE: for itself). */
        shmem_long_p(&carry, block[BLOCK - 1], (me + 1) % npes);
        shmem_barrier_all(); /* every carry has arrived */
        memmove(&block[1], &block[0], (BLOCK - 1) * sizeof(long));
        block[0] = carry;
        shmem_barrier_all(); /* nobody overwrites carry before it is read */
    }

    for (int i = 0; i < BLOCK; i++) {
        long g = (long)me * BLOCK + i;
        long want = ((g - SHIFTS) % n + n) % n;
        if (block[i] != want) {
            fprintf(stderr, "PE %d: a[%ld] = %ld, expected %ld\n", me, g, block[i], want);
            bad++;
        }
    }
    shmem_int_sum_reduce(SHMEM_TEAM_WORLD, &total_bad, &bad, 1);
    if (me == 0)
        printf("circular_shift: %d PEs, %ld elements, %d shifts: a[0] = %ld, %s\n", npes, n,
               SHIFTS, block[0], total_bad ? "WRONG" : "OK");
    shmem_finalize();
    return total_bad != 0;
}
