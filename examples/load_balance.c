/* load_balance.c - dynamic load balancing with a shared task counter.
 *
 *   oshcc -O2 -o load_balance load_balance.c && oshrun -np 4 ./load_balance
 *
 * NTASKS tasks of uneven cost are handed out by an atomic counter on PE 0:
 * each PE takes the next task with shmem_long_atomic_fetch_inc until the
 * counter passes NTASKS, so fast PEs simply take more tasks.  Each result is
 * written into PE 0's table with shmem_long_p, and every task also adds one
 * to its own "done" slot on PE 0 (shmem_long_atomic_inc), so PE 0 can check
 * that every task was done exactly once and that the results are right.
 */
#include <shmem.h>
#include <stdio.h>

#define NTASKS 1000

static long next_task;          /* on PE 0: the next task to hand out */
static long result[NTASKS];     /* on PE 0: result of each task */
static long done[NTASKS];       /* on PE 0: how often each task was done */
static long my_tasks, total_tasks;

static long work(long t) /* uneven cost: t % 7 rounds of a slow square */
{
    volatile long acc = 0;
    for (long r = 0; r <= t % 7; r++)
        for (long i = 0; i < 200 * (t % 13); i++) acc += i & 1;
    return t * t + (acc & 0); /* the value does not depend on the rounds */
}

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    shmem_barrier_all(); /* next_task is 0 everywhere before anyone takes one */

    for (;;) {
        long t = shmem_long_atomic_fetch_inc(&next_task, 0);
        if (t >= NTASKS) break;
        shmem_long_p(&result[t], work(t), 0);
        shmem_long_atomic_inc(&done[t], 0);
        my_tasks++;
    }
    shmem_quiet();
    shmem_long_sum_reduce(SHMEM_TEAM_WORLD, &total_tasks, &my_tasks, 1); /* also a barrier */

    int status = 0;
    if (me == 0) {
        long twice = 0, missing = 0, sum = 0;
        for (long t = 0; t < NTASKS; t++) {
            missing += done[t] == 0;
            twice += done[t] > 1;
            status |= result[t] != t * t;
            sum += result[t];
        }
        status |= missing || twice || total_tasks != NTASKS;
        printf("load_balance: %d PEs, %d tasks (%ld done, %ld missed, %ld twice), sum of "
               "results %ld, %s\n", npes, NTASKS, total_tasks, missing, twice, sum,
               status ? "WRONG" : "OK");
    }
    shmem_finalize();
    return status;
}
