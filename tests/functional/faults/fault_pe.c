/*
 * One fault per run: `fault_pe MODE [STATUS]`, driven by faults.sh, which
 * times the job, checks its exit status and what it left behind.
 *
 *   normal        barrier, finalize, exit 0
 *   kill_barrier  the last PE kills itself (SIGKILL) while the others wait
 *                 in shmem_barrier_all
 *   kill_wait     the same while the others spin in shmem_long_wait_until
 *   kill_puts     the same while the others stream puts into its heap
 *   global_exit   the last PE calls shmem_global_exit(STATUS) while the
 *                 others wait in shmem_long_wait_until
 *
 * Every PE first checks that what the library made for it is private to the
 * user (check_private) and writes its pid to $ROCTEST_FAULT_DIR/pid.PE, so
 * that faults.sh can tell whether any PE outlived the job.  Nothing here
 * uses MPI: a dead PE must not be needed to report anything.
 */
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <shmem.h>

enum { SURVIVED = 90, NOT_PRIVATE = 91 };

static long flag; /* static: symmetric, never set, so waiters wait */

/* The library's segments are memfds ("memfd:rocshmem-..."), never named
 * files: each must be 0600, and no descriptor may be a path of ours. */
static int check_private(int me) {
  DIR *d = opendir("/proc/self/fd");
  int bad = 0, seen = 0;
  struct dirent *e;
  if (!d) return 0; /* no procfs: nothing to check */
  while ((e = readdir(d)) != NULL) {
    char path[300], target[256];
    if (e->d_name[0] == '.') continue;
    snprintf(path, sizeof path, "/proc/self/fd/%s", e->d_name);
    ssize_t n = readlink(path, target, sizeof target - 1);
    if (n <= 0) continue;
    target[n] = '\0';
    if (!strstr(target, "rocshmem")) continue;
    struct stat st;
    /* A memfd's link reads "/memfd:NAME (deleted)": it has no path. */
    if (strncmp(target, "/memfd:", 7) != 0 && strncmp(target, "memfd:", 6) != 0) {
      fprintf(stderr, "fault_pe: PE %d: fd %s is a named object %s\n", me, e->d_name, target);
      bad = 1;
    } else if (fstat(atoi(e->d_name), &st) == 0 && (st.st_mode & 0777) != 0600) {
      fprintf(stderr, "fault_pe: PE %d: %s has mode %03o, expected 0600\n", me, target,
              (unsigned)(st.st_mode & 0777));
      bad = 1;
    }
    ++seen;
  }
  closedir(d);
  if (me == 0) fprintf(stderr, "fault_pe: PE 0 holds %d rocshmem memfd(s)\n", seen);
  return bad;
}

static void write_pid(int me) {
  const char *dir = getenv("ROCTEST_FAULT_DIR");
  if (!dir) return;
  char path[512];
  snprintf(path, sizeof path, "%s/pid.%d", dir, me);
  FILE *f = fopen(path, "w");
  if (f) {
    fprintf(f, "%ld\n", (long)getpid());
    fclose(f);
  }
}

/* The victim lets the others get into their wait first, so the fault hits
 * PEs that are blocked, not PEs about to enter the library. */
static void die_later(void) {
  usleep(300 * 1000);
  raise(SIGKILL);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s MODE [STATUS]\n", argv[0]);
    return 2;
  }
  const char *mode = argv[1];
  shmem_init();
  const int me = shmem_my_pe(), npes = shmem_n_pes(), victim = npes - 1;
  write_pid(me);
  if (check_private(me)) return NOT_PRIVATE;
  shmem_barrier_all();

  if (strcmp(mode, "normal") == 0) {
    shmem_finalize();
    return 0;
  }
  if (strcmp(mode, "kill_barrier") == 0) {
    if (me == victim) die_later();
    shmem_barrier_all();
  } else if (strcmp(mode, "kill_wait") == 0) {
    if (me == victim) die_later();
    shmem_long_wait_until(&flag, SHMEM_CMP_EQ, 1);
  } else if (strcmp(mode, "kill_puts") == 0) {
    static char buf[1 << 16];
    char *dst = (char *)shmem_malloc(sizeof buf);
    if (me == victim) die_later();
    for (;;) shmem_putmem(dst, buf, sizeof buf, victim); /* a dead PE's heap stays mapped */
  } else if (strcmp(mode, "global_exit") == 0) {
    if (me == victim) {
      usleep(300 * 1000);
      shmem_global_exit(argc > 2 ? atoi(argv[2]) : 1);
    }
    shmem_long_wait_until(&flag, SHMEM_CMP_EQ, 1);
  } else {
    fprintf(stderr, "fault_pe: unknown mode %s\n", mode);
    return 2;
  }
  fprintf(stderr, "fault_pe: PE %d survived %s\n", me, mode);
  return SURVIVED;
}
