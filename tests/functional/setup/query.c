/*
 * Setup and query routines: shmem_init_thread / query_thread, my_pe / n_pes
 * (checked against MPI, which rocshmem bootstraps through), the
 * info_get_version / info_get_name pair (callable before init), a repeated
 * init, and the version constants of shmem.h.
 */
#include "../common/ftest.h"

#if SHMEM_MAJOR_VERSION != 1 || SHMEM_MINOR_VERSION != 6
#error "shmem.h must announce OpenSHMEM 1.6"
#endif

/* info_get_name writes at most SHMEM_MAX_NAME_LEN bytes: the guard after
 * that must stay untouched. */
static int name_ok(void (*get_name)(char *), const char *which) {
  char name[SHMEM_MAX_NAME_LEN + 32];
  memset(name, 'x', sizeof name);
  get_name(name);
  size_t len = strnlen(name, SHMEM_MAX_NAME_LEN);
  int ok = 1;
  if (len == 0 || len >= SHMEM_MAX_NAME_LEN) {
    fprintf(stderr, "# %s: name is empty or not terminated within SHMEM_MAX_NAME_LEN\n", which);
    ok = 0;
  } else if (strcmp(name, SHMEM_VENDOR_STRING) != 0) {
    fprintf(stderr, "# %s: \"%s\" is not SHMEM_VENDOR_STRING \"%s\"\n", which, name,
            SHMEM_VENDOR_STRING);
    ok = 0;
  }
  for (size_t i = SHMEM_MAX_NAME_LEN; i < sizeof name; ++i)
    if (name[i] != 'x') ok = 0;
  return ok;
}

int main(void) {
  /* Before init: the info routines need no runtime. */
  int major = -1, minor = -1;
  shmem_info_get_version(&major, &minor);
  const int version_before = major == 1 && minor == 6;
  const int name_before = name_ok(shmem_info_get_name, "shmem_info_get_name before init");

  int provided = -1;
  int rc = shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided);
  ft_begin();

  FT_CHECK(rc == 0, "shmem_init_thread returned %d", rc);
  FT_CHECK(provided >= SHMEM_THREAD_SINGLE && provided <= SHMEM_THREAD_MULTIPLE,
           "provided = %d", provided);
  int queried = -2;
  shmem_query_thread(&queried);
  FT_CHECK(queried == provided, "shmem_query_thread says %d, init_thread said %d", queried,
           provided);
  FT_CHECK(rocshmem_query_thread() == provided, "rocshmem_query_thread disagrees");
  ft_case("shmem_init_thread returns 0 and a thread level that shmem_query_thread repeats");

  FT_CHECK(ft_mpi_up(), "MPI is not initialized after shmem_init under a launcher");
  int rank = -1, size = -1;
  if (ft_mpi_up()) {
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
  }
  FT_CHECK(shmem_my_pe() == rank, "shmem_my_pe %d, MPI rank %d", shmem_my_pe(), rank);
  FT_CHECK(shmem_n_pes() == size, "shmem_n_pes %d, MPI size %d", shmem_n_pes(), size);
  FT_CHECK(rocshmem_my_pe() == rank && rocshmem_n_pes() == size, "rocshmem_my_pe/n_pes disagree");
  FT_CHECK(shmem_my_pe() >= 0 && shmem_my_pe() < shmem_n_pes(), "my_pe out of [0, n_pes)");
  ft_case("shmem_my_pe and shmem_n_pes match the MPI rank and size (%d PEs)", ft.npes);

  FT_CHECK(version_before, "shmem_info_get_version before init gave %d.%d", major, minor);
  major = minor = -1;
  shmem_info_get_version(&major, &minor);
  FT_CHECK(major == SHMEM_MAJOR_VERSION && minor == SHMEM_MINOR_VERSION,
           "shmem_info_get_version gave %d.%d", major, minor);
  major = minor = -1;
  rocshmem_info_get_version(&major, &minor);
  FT_CHECK(major == 1 && minor == 6, "rocshmem_info_get_version gave %d.%d", major, minor);
  ft_case("shmem_info_get_version is 1.6, before and after init");

  FT_CHECK(name_before, "shmem_info_get_name before init");
  FT_CHECK(name_ok(shmem_info_get_name, "shmem_info_get_name"), "shmem_info_get_name");
  FT_CHECK(name_ok(rocshmem_info_get_name, "rocshmem_info_get_name"), "rocshmem_info_get_name");
  ft_case("shmem_info_get_name is SHMEM_VENDOR_STRING and fits SHMEM_MAX_NAME_LEN");

  /* A second init is ignored: same PE numbering, same heap, still usable. */
  long *before = (long *)shmem_malloc(sizeof(long));
  shmem_init();
  FT_CHECK(shmem_my_pe() == rank && shmem_n_pes() == size, "PE numbering changed");
  long *after = (long *)shmem_malloc(sizeof(long));
  FT_CHECK(before && after && after != before, "allocations around a repeated init");
  shmem_long_p(after, ft.me, (ft.me + 1) % ft.npes);
  shmem_barrier_all();
  FT_CHECK(*after == (ft.me + ft.npes - 1) % ft.npes, "put after a repeated init");
  shmem_free(after);
  shmem_free(before);
  ft_case("a repeated shmem_init is harmless");

  shmem_finalize();
  /* MPI belongs to whoever may still use it: rocshmem does not end it here. */
  FT_CHECK(ft_mpi_up(), "MPI was finalized by shmem_finalize");
  ft_case("shmem_finalize leaves MPI usable");
  return ft_finish();
}
