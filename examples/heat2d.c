/* heat2d.c - 2-D heat diffusion (5-point stencil) with halo exchange.
 *
 *   oshcc -O2 -o heat2d heat2d.c && oshrun -np 4 ./heat2d
 *
 * An NX x NY grid with periodic boundaries is split into bands of rows, one
 * band per PE (NX need not divide evenly: 5 PEs get 10, 10, 10, 9 and 9 rows).  Each step every PE puts its first
 * and last rows into the halo rows of its neighbours (shmem_double_put_nbi,
 * completed by the barrier), then updates its band with the explicit scheme
 *   u' = u + ALPHA * (north + south + east + west - 4u).
 * Periodic boundaries conserve the total heat.  PE 0 then gathers the bands
 * (shmem_double_get) and compares them with the same computation done
 * serially on the whole grid: they must agree to rounding.
 */
#include <math.h>
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

#define NX 48
#define NY 40
#define STEPS 200
#define ALPHA 0.2
#define MAX_ROWS NX /* rows of the largest band (one PE: all of them) */

/* Band of this PE with a halo row above (row 0) and below (row rows+1). */
static double band[MAX_ROWS + 2][NY];
static double next[MAX_ROWS + 2][NY];

static void first_rows(int pe, int npes, int *first, int *rows)
{
    int base = NX / npes, extra = NX % npes;
    *rows = base + (pe < extra);
    *first = pe * base + (pe < extra ? pe : extra);
}

static double initial(int x, int y) /* a hot square in a cold plate */
{
    return (x >= NX / 4 && x < NX / 2 && y >= NY / 3 && y < NY / 2) ? 100.0 : 0.0;
}

static void step(double (*u)[NY], double (*v)[NY], int rows)
{
    for (int i = 1; i <= rows; i++)
        for (int j = 0; j < NY; j++) {
            double east = u[i][(j + 1) % NY], west = u[i][(j + NY - 1) % NY];
            v[i][j] = u[i][j] + ALPHA * (u[i - 1][j] + u[i + 1][j] + east + west - 4 * u[i][j]);
        }
}

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    if (npes > NX) {
        if (me == 0) fprintf(stderr, "heat2d: at most %d PEs\n", NX);
        shmem_global_exit(1);
    }
    int first, rows;
    first_rows(me, npes, &first, &rows);
    int up = (me + npes - 1) % npes, down = (me + 1) % npes;
    int up_first, up_rows, down_first, down_rows;
    first_rows(up, npes, &up_first, &up_rows);
    first_rows(down, npes, &down_first, &down_rows);

    for (int i = 1; i <= rows; i++)
        for (int j = 0; j < NY; j++) band[i][j] = initial(first + i - 1, j);

    for (int s = 0; s < STEPS; s++) {
        /* My first row is the lower halo of the PE above, my last row the
         * upper halo of the PE below. */
        shmem_double_put_nbi(&band[up_rows + 1][0], &band[1][0], NY, up);
        shmem_double_put_nbi(&band[0][0], &band[rows][0], NY, down);
        shmem_barrier_all(); /* completes the puts: halos are in place */
        step(band, next, rows);
        shmem_barrier_all(); /* nobody writes my halos while I still read them */
        for (int i = 1; i <= rows; i++)
            for (int j = 0; j < NY; j++) band[i][j] = next[i][j];
    }
    shmem_barrier_all(); /* every band holds its last step before PE 0 reads it */

    int status = 0;
    if (me == 0) {
        /* The serial reference on the whole grid (halo rows 0 and NX+1). */
        static double u[NX + 2][NY], v[NX + 2][NY], all[NX][NY];
        for (int x = 0; x < NX; x++)
            for (int y = 0; y < NY; y++) u[x + 1][y] = initial(x, y);
        for (int s = 0; s < STEPS; s++) {
            for (int y = 0; y < NY; y++) { u[0][y] = u[NX][y]; u[NX + 1][y] = u[1][y]; }
            step(u, v, NX);
            for (int x = 1; x <= NX; x++)
                for (int y = 0; y < NY; y++) u[x][y] = v[x][y];
        }
        for (int p = 0; p < npes; p++) {
            int pf, pr;
            first_rows(p, npes, &pf, &pr);
            shmem_double_get(&all[pf][0], &band[1][0], (size_t)pr * NY, p);
        }
        double diff = 0, heat = 0;
        for (int x = 0; x < NX; x++)
            for (int y = 0; y < NY; y++) {
                diff = fmax(diff, fabs(all[x][y] - u[x + 1][y]));
                heat += all[x][y];
            }
        status = diff > 1e-9;
        printf("heat2d: %d PEs, %dx%d grid, %d steps: max |parallel - serial| = %.1e, "
               "total heat %.6f, %s\n", npes, NX, NY, STEPS, diff, heat, status ? "WRONG" : "OK");
    }
    shmem_barrier_all(); /* PE 0's gets are done before anyone leaves */
    shmem_finalize();
    return status;
}
