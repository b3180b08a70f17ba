/* Set-up and query: init (launcher or unique ID), finalize, PE numbers,
 * thread level, global exit, statistics, and the constants. */
#include <cstring>

#include "module.h"

namespace rocshmem4py {

namespace {

void init() {
  {
    py::gil_scoped_release nogil; /* a collective: other Python threads may run */
    rocshmem_init();
  }
  memory_after_init();
}

int init_attr(int rank, int nranks, const py::bytes &uid) {
  const char *call = "rocshmem_init_attr";
  const std::string id_bytes = uid;
  if (id_bytes.size() != ROCSHMEM_UNIQUEID_BYTES)
    value_error(call, "uid has " + std::to_string(id_bytes.size()) + " bytes, not " +
                          std::to_string(ROCSHMEM_UNIQUEID_BYTES) +
                          " (pass what rocshmem_get_uniqueid returned)");
  if (nranks < 1) value_error(call, "nranks = " + std::to_string(nranks) + " must be positive");
  if (rank < 0 || rank >= nranks)
    value_error(call, "rank = " + std::to_string(rank) + " is out of range [0, " +
                          std::to_string(nranks) + ")");
  rocshmem_uniqueid_t id; /* must outlive rocshmem_init_attr only */
  std::memcpy(id.internal, id_bytes.data(), sizeof id.internal);
  rocshmem_init_attr_t attr{};
  int status = rocshmem_set_attr_uniqueid_args(rank, nranks, &id, &attr);
  if (status != ROCSHMEM_SUCCESS) return status;
  {
    py::gil_scoped_release nogil; /* waits for every rank to connect */
    status = rocshmem_init_attr(ROCSHMEM_INIT_WITH_UNIQUEID, &attr);
  }
  if (status == ROCSHMEM_SUCCESS) memory_after_init();
  return status;
}

py::bytes get_uniqueid() {
  const char *call = "rocshmem_get_uniqueid";
  rocshmem_uniqueid_t id = ROCSHMEM_UNIQUEID_INITIALIZER;
  if (int status = rocshmem_get_uniqueid(&id))
    runtime_error(call, "failed with status " + std::to_string(status) + " (see the message above)");
  return py::bytes(id.internal, sizeof id.internal);
}

void finalize() {
  if (!initialized()) return; /* as the C call: nothing to do */
  views_before_finalize();
  {
    py::gil_scoped_release nogil;
    rocshmem_finalize();
  }
  views_after_finalize();
  forget_runtime_objects();
}

[[noreturn]] void global_exit(int status) {
  /* Python's buffered output would be lost with the process. */
  for (const char *stream : {"stdout", "stderr"}) {
    py::object f = py::module_::import("sys").attr(stream);
    if (!f.is_none()) f.attr("flush")();
  }
  py::gil_scoped_release nogil;
  rocshmem_global_exit(status);
  std::abort(); /* not reached: rocshmem_global_exit does not return */
}

/* PE numbers and the thread level, checked for init like every call. */
template <int (*F)(void)>
int query(const char *call) {
  require_init(call);
  return F();
}

}  // namespace

void bind_setup(py::module_ &m) {
  m.def("rocshmem_init", &init, "Starts rocshmem under a launcher (mpirun/oshrun: MPI "
        "bootstrap) or as a single PE without one. Collective.");
  m.def("rocshmem_init_attr", &init_attr, py::arg("rank"), py::arg("nranks"), py::arg("uid"),
        "Starts rocshmem without MPI: every process passes its rank, the number of ranks and "
        "the unique ID (bytes) that rank 0 got from rocshmem_get_uniqueid. Returns "
        "ROCSHMEM_SUCCESS or an error status.");
  m.def("rocshmem_get_uniqueid", &get_uniqueid,
        "A new unique ID (bytes) for rocshmem_init_attr; rank 0 calls it and hands it to the others.");
  m.def("rocshmem_finalize", &finalize,
        "Ends rocshmem (collective); a no-op when it is not initialized.");
  m.def("rocshmem_my_pe", [] { return query<rocshmem_my_pe>("rocshmem_my_pe"); });
  m.def("rocshmem_n_pes", [] { return query<rocshmem_n_pes>("rocshmem_n_pes"); });
  m.def("rocshmem_query_thread",
        [] { return query<rocshmem_query_thread>("rocshmem_query_thread"); },
        "The thread level granted (ROCSHMEM_THREAD_* value).");
  m.def("rocshmem_global_exit", &global_exit, py::arg("status"),
        "Ends every PE of the job with this exit status (does not return).");
  m.def("rocshmem_dump_stats",
        [] {
          require_init("rocshmem_dump_stats");
          rocshmem_dump_stats();
        },
        "Prints this PE's statistics (its network transport's counters since init or the last "
        "reset) as one line on stderr.");
  m.def("rocshmem_reset_stats",
        [] {
          require_init("rocshmem_reset_stats");
          rocshmem_reset_stats();
        },
        "Counts this PE's statistics from zero again.");

  m.attr("ROCSHMEM_SUCCESS") = static_cast<int>(ROCSHMEM_SUCCESS);
  m.attr("ROCSHMEM_SIGNAL_SET") = static_cast<int>(ROCSHMEM_SIGNAL_SET);
  m.attr("ROCSHMEM_SIGNAL_ADD") = static_cast<int>(ROCSHMEM_SIGNAL_ADD);
#define ROCSHMEM4PY_CMP(OP) m.attr("ROCSHMEM_CMP_" #OP) = static_cast<int>(ROCSHMEM_CMP_##OP);
  ROCSHMEM4PY_CMP(EQ) ROCSHMEM4PY_CMP(NE) ROCSHMEM4PY_CMP(GT)
  ROCSHMEM4PY_CMP(GE) ROCSHMEM4PY_CMP(LT) ROCSHMEM4PY_CMP(LE)
#undef ROCSHMEM4PY_CMP

  m.def("_initialized", &initialized);
  m.def("_gpu_platform", &gpu_platform);
  m.attr("_version") = ROCSHMEM_VERSION_STRING;
}

}  // namespace rocshmem4py
