/*
 * A job with no launcher and no MPI at all (run by uniqueid.sh):
 *
 *   uniqueid_fork NPES uniqueid   the parent makes an id with
 *                                 rocshmem_get_uniqueid, forks NPES-1 children,
 *                                 and every process calls rocshmem_init_attr;
 *   uniqueid_fork NPES env        the torchrun style: ROCSHMEM_BOOTSTRAP=uniqueid,
 *                                 RANK, WORLD_SIZE, ROCSHMEM_MASTER_ADDR/PORT,
 *                                 and plain shmem_init.
 *
 * Then the usual checks: PE numbers, a put ring, atomics, barriers and
 * collectives, finalize.  The parent (PE 0) prints the TAP lines for its own
 * checks; each child exits with a non-zero status when one of its checks
 * failed (its diagnostics go to stderr), which the parent's last cases
 * check, along with the sockets and threads left in the parent after
 * finalize.
 */
#include <arpa/inet.h>
#include <dirent.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <rocshmem/rocshmem.h>

#include "../common/ftest.h"

static long statics[4];

/* ThreadSanitizer starts a background thread of its own when the process
 * creates its first thread (here: the watchdog of a job of 2 PEs or more);
 * it stays until exit. */
#ifdef __SANITIZE_THREAD__
enum { SANITIZER_THREADS = 1 };
#else
enum { SANITIZER_THREADS = 0 };
#endif

/* How many of this process's descriptors are sockets (or, with
 * count_tasks, how many threads it runs). */
static int count_entries(const char *dir, int sockets_only) {
  DIR *d = opendir(dir);
  int n = 0;
  struct dirent *e;
  while (d && (e = readdir(d))) {
    if (e->d_name[0] == '.') continue;
    if (sockets_only) {
      char path[300];
      struct stat st;
      snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
      if (stat(path, &st) != 0 || !S_ISSOCK(st.st_mode)) continue;
    }
    ++n;
  }
  if (d) closedir(d);
  return n;
}

/* A free TCP port on loopback, for the environment mode's fixed port. */
static int free_port(void) {
  int s = socket(AF_INET, SOCK_STREAM, 0);
  struct sockaddr_in a;
  socklen_t len = sizeof a;
  memset(&a, 0, sizeof a);
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (s < 0 || bind(s, (struct sockaddr *)&a, sizeof a) != 0 ||
      getsockname(s, (struct sockaddr *)&a, &len) != 0)
    return -1;
  close(s);
  return ntohs(a.sin_port);
}

static void check_job(int rank, int npes) {
  FT_CHECK(shmem_my_pe() == rank && shmem_n_pes() == npes, "PE %d of %d, expected %d of %d",
           shmem_my_pe(), shmem_n_pes(), rank, npes);
  FT_CHECK(!ft_mpi_up(), "MPI is initialized");
  ft_case("PE numbers are the given ranks, without MPI");

  const int me = shmem_my_pe(), right = (me + 1) % npes, left = (me + npes - 1) % npes;
  long *ring = (long *)shmem_malloc(64 * sizeof(long));
  long mine[64];
  for (int i = 0; i < 64; ++i) mine[i] = me * 1000 + i;
  shmem_long_put(ring, mine, 64, right);
  shmem_long_p(&statics[0], me, right);
  shmem_barrier_all();
  for (int i = 0; i < 64; ++i)
    FT_CHECK(ring[i] == left * 1000 + i, "ring[%d] = %ld from PE %d", i, ring[i], left);
  FT_CHECK(statics[0] == left, "static data: %ld, expected %d", statics[0], left);
  ft_case("put ring on the heap and on static data");

  long *counter = (long *)shmem_calloc(1, sizeof(long));
  shmem_barrier_all();
  long old = shmem_long_atomic_fetch_add(counter, me + 1, 0);
  FT_CHECK(old >= 0 && old <= (long)npes * (npes + 1) / 2, "fetch_add returned %ld", old);
  shmem_barrier_all();
  if (me == 0)
    FT_CHECK(*counter == (long)npes * (npes + 1) / 2, "counter = %ld", *counter);
  ft_case("atomic fetch_add from every PE on PE 0");

  long *src = (long *)shmem_malloc(sizeof(long)), *sum = (long *)shmem_malloc(sizeof(long));
  long *all = (long *)shmem_malloc((size_t)npes * sizeof(long));
  *src = me;
  shmem_barrier_all();
  shmem_long_sum_reduce(SHMEM_TEAM_WORLD, sum, src, 1);
  shmem_long_fcollect(SHMEM_TEAM_WORLD, all, src, 1);
  FT_CHECK(*sum == (long)npes * (npes - 1) / 2, "sum = %ld", *sum);
  for (int pe = 0; pe < npes; ++pe) FT_CHECK(all[pe] == pe, "fcollect[%d] = %ld", pe, all[pe]);
  for (int i = 0; i < 50; ++i) shmem_barrier_all();
  ft_case("sum reduction, fcollect and 50 barriers");

  shmem_free(all);
  shmem_free(sum);
  shmem_free(src);
  shmem_free(counter);
  shmem_free(ring);
}

int main(int argc, char **argv) {
  const int npes = argc > 1 ? atoi(argv[1]) : 0;
  const int env_mode = argc > 2 && strcmp(argv[2], "env") == 0;
  if (npes < 1 || argc < 3 || (!env_mode && strcmp(argv[2], "uniqueid") != 0)) {
    fprintf(stderr, "usage: %s NPES uniqueid|env\n", argv[0]);
    return 99;
  }
  const int sockets_before = count_entries("/proc/self/fd", 1);
  rocshmem_uniqueid_t id = ROCSHMEM_UNIQUEID_INITIALIZER;
  char text[32];
  if (env_mode) {
    snprintf(text, sizeof text, "%d", free_port());
    setenv("ROCSHMEM_BOOTSTRAP", "uniqueid", 1);
    setenv("ROCSHMEM_MASTER_ADDR", "127.0.0.1", 1);
    setenv("ROCSHMEM_MASTER_PORT", text, 1);
    snprintf(text, sizeof text, "%d", npes);
    setenv("WORLD_SIZE", text, 1);
  } else if (rocshmem_get_uniqueid(&id) != ROCSHMEM_SUCCESS) {
    printf("Bail out! rocshmem_get_uniqueid failed\n");
    return 1;
  }

  fflush(NULL);
  int rank = 0;
  pid_t children[64];
  for (int r = 1; r < npes && r < 64; ++r) {
    pid_t pid = fork();
    if (pid == 0) {
      rank = r;
      break;
    }
    children[r] = pid;
  }
  if (env_mode) {
    snprintf(text, sizeof text, "%d", rank);
    setenv("RANK", text, 1);
    shmem_init();
  } else {
    rocshmem_init_attr_t attr;
    if (rocshmem_set_attr_uniqueid_args(rank, npes, &id, &attr) != ROCSHMEM_SUCCESS ||
        rocshmem_init_attr(ROCSHMEM_INIT_WITH_UNIQUEID, &attr) != ROCSHMEM_SUCCESS) {
      printf("Bail out! rank %d: rocshmem_init_attr failed\n", rank);
      return 1;
    }
  }
  ft_begin();
  check_job(rank, npes);
  shmem_finalize();
  if (rank != 0) return ft_finish();

  for (int r = 1; r < npes; ++r) {
    int status = 0;
    waitpid(children[r], &status, 0);
    FT_CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0,
             "PE %d's process ended with status 0x%x (its checks are on stderr)", r, status);
  }
  ft_case("every other PE passed its checks and exited with status 0");

  FT_CHECK(count_entries("/proc/self/fd", 1) == sockets_before,
           "%d sockets open after finalize, %d before get_uniqueid",
           count_entries("/proc/self/fd", 1), sockets_before);
  FT_CHECK(count_entries("/proc/self/task", 0) <= 1 + SANITIZER_THREADS, "%d threads after finalize",
           count_entries("/proc/self/task", 0));
  ft_case("finalize leaves no socket and no thread behind");
  return ft_finish();
}
