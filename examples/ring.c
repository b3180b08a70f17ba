/* ring.c - every PE writes into its right-hand neighbour's memory.
 *
 *   oshcc -O2 -o ring ring.c && oshrun -np 4 ./ring
 *
 * Each PE puts a greeting into the next PE's *static* array and a few ints
 * into the next PE's buffer on the symmetric heap, then waits at a barrier
 * and checks what its left-hand neighbour wrote.  PE 0 finally reads every
 * PE's one-line report (from a static array, with shmem_getmem) and prints
 * them in order.
 *
 * The global and static variables below need no shmem_malloc: as in legacy
 * OpenSHMEM codes, they are symmetric objects - every PE has them, at an
 * address the other PEs may use as the target of a put or the source of a
 * get.  Plain OpenSHMEM 1.5: the same source builds with any implementation.
 */
#include <shmem.h>
#include <stdio.h>
#include <string.h>

#define NVALUES 4

static char inbox[64];   /* the greeting from the left neighbour */
static long sender = -1; /* who sent it, via shmem_long_p */
static char report[192]; /* this PE's result line, read by PE 0 */
static int errors;       /* this PE's error count, read by PE 0 */

int main(void)
{
    shmem_init();
    int me = shmem_my_pe();
    int npes = shmem_n_pes();
    int right = (me + 1) % npes;
    int left = (me + npes - 1) % npes;

    /* Collective: every PE allocates the same size at the same point. */
    int *values = shmem_malloc(NVALUES * sizeof(int));
    if (values == NULL) {
        fprintf(stderr, "PE %d: shmem_malloc failed\n", me);
        shmem_global_exit(1);
    }

    char greeting[sizeof inbox];
    snprintf(greeting, sizeof greeting, "hello from PE %d", me);
    int mine[NVALUES];
    for (int i = 0; i < NVALUES; i++)
        mine[i] = 100 * me + i;

    shmem_putmem(inbox, greeting, strlen(greeting) + 1, right); /* static array */
    shmem_long_p(&sender, me, right);                            /* static scalar */
    shmem_int_put(values, mine, NVALUES, right);                 /* heap buffer */

    /* Completes every put above and waits for every PE's puts to us. */
    shmem_barrier_all();

    char expected[sizeof inbox];
    snprintf(expected, sizeof expected, "hello from PE %d", left);
    if (strcmp(inbox, expected) != 0 || sender != left)
        errors++;
    for (int i = 0; i < NVALUES; i++)
        if (values[i] != 100 * left + i)
            errors++;
    snprintf(report, sizeof report, "PE %d of %d: \"%s\" in a static array, %d..%d on the heap: %s",
             me, npes, inbox, values[0], values[NVALUES - 1], errors ? "WRONG" : "OK");

    shmem_barrier_all(); /* every report is written */

    if (me == 0) {
        int total = 0;
        for (int pe = 0; pe < npes; pe++) {
            char line[sizeof report];
            shmem_getmem(line, report, sizeof line, pe);
            puts(line);
            total += shmem_int_g(&errors, pe);
        }
        printf("ring: %d PEs, %s\n", npes, total ? "ERRORS" : "every PE got its neighbour's data");
        fflush(stdout);
    }

    shmem_barrier_all(); /* PE 0 has read everyone's report */
    shmem_free(values);
    shmem_finalize();
    return errors ? 1 : 0;
}
