/* Host collectives and signals for the package's SymmetricBuffer and
 * interop.torch (private names: the public list is rocSHMEM's).  Every
 * typed reduction of the C API is bound by its type key and operation, from
 * the reduction tables of types.def; broadcast, collect, fcollect and
 * alltoall use the byte forms (the element type only scales the count);
 * the GPU's stream-ordered reductions are looked up by name at run time, as
 * the other *_on_stream routines (bind_stream.cc). */
#include <pybind11/stl.h>

#include <functional>
#include <map>

#include "module.h"

namespace rocshmem4py {

namespace {

/* (team, dest, source, nreduce) for one type key and operation. */
using Reduction = std::function<int(rocshmem_team_t, uintptr_t, uintptr_t, size_t)>;
struct ReductionEntry {
  Reduction reduce, reduce_scatter;
  size_t elem_size = 0;
};

std::map<std::string, ReductionEntry> &reductions() {
  static std::map<std::string, ReductionEntry> table;
  return table;
}

template <class T>
void add_reduction(const char *key, const char *op,
                   int (*reduce)(rocshmem_team_t, T *, const T *, size_t),
                   int (*scatter)(rocshmem_team_t, T *, const T *, size_t)) {
  reductions()[std::string(key) + "_" + op] = ReductionEntry{
      [reduce](rocshmem_team_t t, uintptr_t d, uintptr_t s, size_t n) {
        return reduce(t, reinterpret_cast<T *>(d), reinterpret_cast<const T *>(s), n);
      },
      [scatter](rocshmem_team_t t, uintptr_t d, uintptr_t s, size_t n) {
        return scatter(t, reinterpret_cast<T *>(d), reinterpret_cast<const T *>(s), n);
      },
      sizeof(T)};
}

void fill_reductions() {
#define ROCSHMEM4PY_REDUCTION(KEY, T, OP) \
  add_reduction<T>(#KEY, #OP, &rocshmem_##KEY##_##OP##_reduce, &rocshmem_##KEY##_##OP##_reduce_scatter);
#define ROCSHMEM4PY_BITWISE(KEY, T) \
  ROCSHMEM4PY_REDUCTION(KEY, T, and) ROCSHMEM4PY_REDUCTION(KEY, T, or) ROCSHMEM4PY_REDUCTION(KEY, T, xor)
#define ROCSHMEM4PY_ARITH(KEY, T)                                       \
  ROCSHMEM4PY_REDUCTION(KEY, T, max) ROCSHMEM4PY_REDUCTION(KEY, T, min) \
  ROCSHMEM4PY_REDUCTION(KEY, T, sum) ROCSHMEM4PY_REDUCTION(KEY, T, prod)
  ROCSHMEM_REDUCE_BITWISE_TYPES(ROCSHMEM4PY_BITWISE)
  ROCSHMEM_REDUCE_ARITH_TYPES(ROCSHMEM4PY_ARITH)
#undef ROCSHMEM4PY_ARITH
#undef ROCSHMEM4PY_BITWISE
#undef ROCSHMEM4PY_REDUCTION
}

const ReductionEntry &reduction(const char *call, const std::string &key, const std::string &op) {
  auto it = reductions().find(key + "_" + op);
  if (it == reductions().end())
    value_error(call, "no " + op + " reduction for the element type " + key +
                          " (and/or/xor: integer types; max/min/sum/prod: integer and "
                          "floating-point types)");
  return it->second;
}

size_t scaled(const char *call, size_t count, size_t size) {
  if (size && count > SIZE_MAX / size)
    value_error(call, std::to_string(count) + " elements of " + std::to_string(size) +
                          " bytes overflow the byte count");
  return count * size;
}

/* Host symmetric memory: the host collectives copy with the CPU. */
void check_host_symmetric(const char *call, const char *arg, uintptr_t address, size_t nbytes) {
  const Block *b = check_symmetric(call, arg, address, nbytes);
  if (b && b->gpu)
    value_error(call, std::string(arg) + " = " + hex(address) +
                          " is GPU memory: the host collectives need host memory (GPU tensors: "
                          "rocshmem4py.interop.torch, stream-ordered)");
}

int checked_status(const char *call, int status) {
  if (status != ROCSHMEM_SUCCESS)
    runtime_error(call, "failed with status " + std::to_string(status));
  return status;
}

void reduce(const std::string &key, const std::string &op, long team, uintptr_t dest,
            uintptr_t source, size_t nreduce, bool scatter) {
  const char *call = scatter ? "reduce_scatter" : "reduce";
  require_init(call);
  const ReductionEntry &entry = reduction(call, key, op);
  rocshmem_team_t t = team_handle(call, "team", team, false);
  const size_t members = static_cast<size_t>(rocshmem_team_n_pes(t));
  const size_t out = scaled(call, nreduce, entry.elem_size);
  check_host_symmetric(call, "dest", dest, out);
  check_host_symmetric(call, "source", source, scatter ? scaled(call, out, members) : out);
  const Reduction &fn = scatter ? entry.reduce_scatter : entry.reduce;
  int status;
  {
    py::gil_scoped_release nogil;
    status = fn(t, dest, source, nreduce);
  }
  checked_status(call, status);
}

/* The byte-form collectives: each member's source has nbytes; dest has
 * nbytes (broadcast), members * nbytes (fcollect, alltoall), or the sum of
 * the members' nbytes (collect, which exchanges them first).  Returns the
 * members' nbytes. */
std::vector<uint64_t> byte_collective(const std::string &kind, long team, uintptr_t dest,
                                      uintptr_t source, size_t nbytes, int root) {
  const char *call = kind.c_str();
  require_init(call);
  rocshmem_team_t t = team_handle(call, "team", team, false);
  const int members = rocshmem_team_n_pes(t);
  void *d = reinterpret_cast<void *>(dest);
  const void *s = reinterpret_cast<const void *>(source);
  std::function<int()> run;
  size_t dest_bytes = nbytes, source_bytes = nbytes;
  if (kind == "broadcast") {
    if (root < 0 || root >= members)
      value_error(call, "root = " + std::to_string(root) + " is out of range [0, " +
                            std::to_string(members) + ") of the team");
    run = [=] { return rocshmem_broadcastmem(t, d, s, nbytes, root); };
  } else if (kind == "fcollect") {
    dest_bytes = scaled(call, nbytes, members);
    run = [=] { return rocshmem_fcollectmem(t, d, s, nbytes); };
  } else if (kind == "alltoall") {
    if (members && nbytes % members)
      value_error(call, std::to_string(nbytes) + " bytes do not split into " +
                            std::to_string(members) + " equal blocks");
    run = [=] { return rocshmem_alltoallmem(t, d, s, nbytes / members); };
  } else if (kind == "collect") {
    check_host_symmetric(call, "source", source, source_bytes);
    std::vector<uint64_t> counts = collect_counts(t, nbytes);
    dest_bytes = 0;
    for (uint64_t n : counts) dest_bytes += n;
    check_host_symmetric(call, "dest", dest, dest_bytes);
    int status;
    {
      py::gil_scoped_release nogil;
      status = rocshmem_collectmem(t, d, s, nbytes);
    }
    checked_status(call, status);
    return counts;
  } else {
    value_error(call, "unknown collective");
  }
  check_host_symmetric(call, "dest", dest, dest_bytes);
  check_host_symmetric(call, "source", source, source_bytes);
  int status;
  {
    py::gil_scoped_release nogil;
    status = run();
  }
  checked_status(call, status);
  return std::vector<uint64_t>(static_cast<size_t>(members), nbytes);
}

/* ---------------------------------------------------------------- signals */
void check_signal_word(const char *call, uintptr_t sig_addr) {
  check_host_symmetric(call, "sig_addr", sig_addr, sizeof(uint64_t));
  if (sig_addr % alignof(uint64_t))
    value_error(call, "sig_addr = " + hex(sig_addr) + " is not 8-byte aligned");
}

void check_cmp(const char *call, int cmp) {
  if (cmp < ROCSHMEM_CMP_EQ || cmp > ROCSHMEM_CMP_LE)
    value_error(call, "cmp = " + std::to_string(cmp) + " is not a ROCSHMEM_CMP_* value");
}

void put_signal(uintptr_t dest, uintptr_t source, size_t nbytes, uintptr_t sig_addr,
                uint64_t signal, int sig_op, int pe, bool nbi) {
  const char *call = nbi ? "rocshmem_putmem_signal_nbi" : "rocshmem_putmem_signal";
  require_init(call);
  check_pe(call, "pe", pe);
  if (sig_op != ROCSHMEM_SIGNAL_SET && sig_op != ROCSHMEM_SIGNAL_ADD)
    value_error(call, "sig_op = " + std::to_string(sig_op) +
                          " is neither ROCSHMEM_SIGNAL_SET nor ROCSHMEM_SIGNAL_ADD");
  check_signal_word(call, sig_addr);
  check_host_symmetric(call, "dest", dest, nbytes);
  check_local(call, "source", source, nbytes);
  auto fn = nbi ? rocshmem_putmem_signal_nbi : rocshmem_putmem_signal;
  py::gil_scoped_release nogil;
  fn(reinterpret_cast<void *>(dest), reinterpret_cast<const void *>(source), nbytes,
     reinterpret_cast<uint64_t *>(sig_addr), signal, sig_op, pe);
}

uint64_t signal_wait_until(uintptr_t sig_addr, int cmp, uint64_t value) {
  const char *call = "rocshmem_signal_wait_until";
  require_init(call);
  check_cmp(call, cmp);
  check_signal_word(call, sig_addr);
  py::gil_scoped_release nogil; /* another Python thread may be the one to signal */
  return rocshmem_signal_wait_until(reinterpret_cast<uint64_t *>(sig_addr), cmp, value);
}

uint64_t signal_fetch(uintptr_t sig_addr) {
  const char *call = "rocshmem_signal_fetch";
  require_init(call);
  check_signal_word(call, sig_addr);
  return rocshmem_signal_fetch(reinterpret_cast<const uint64_t *>(sig_addr));
}

/* ---------------------------------------------------------------- GPU reductions */
using ReduceOnStream = void (*)(rocshmem_team_t, void *, const void *, size_t, void *);

void reduce_on_stream(const std::string &key, const std::string &op, long team, uintptr_t dest,
                      uintptr_t source, size_t nbytes, size_t nreduce, uintptr_t stream) {
  const std::string name = "rocshmem_" + key + "_" + op + "_reduce_on_stream";
  const char *call = name.c_str();
  auto fn = reinterpret_cast<ReduceOnStream>(gpu_routine(call));
  require_init(call);
  if (!heap_is_gpu())
    runtime_error(call, "this job has no GPU heap (no GPU visible, or ROCSHMEM_GPU=off)");
  rocshmem_team_t t = team_handle(call, "team", team, false);
  for (auto [arg, address] : {std::pair<const char *, uintptr_t>{"dest", dest}, {"source", source}}) {
    const Block *b = check_symmetric(call, arg, address, nbytes);
    if (b && !b->gpu) value_error(call, std::string(arg) + " = " + hex(address) + " is not in the GPU heap");
  }
  py::gil_scoped_release nogil;
  fn(t, reinterpret_cast<void *>(dest), reinterpret_cast<const void *>(source), nreduce,
     reinterpret_cast<void *>(stream));
}

}  // namespace

void bind_coll(py::module_ &m) {
  fill_reductions();
  m.def("_reduction_keys", [] {
    std::vector<std::string> keys;
    for (const auto &entry : reductions()) keys.push_back(entry.first);
    return keys;
  }, "KEY_OP of every host reduction (rocshmem_KEY_OP_reduce).");
  m.def("_reduce",
        [](const std::string &key, const std::string &op, long team, uintptr_t dest,
           uintptr_t source, size_t nreduce) {
          reduce(key, op, team, dest, source, nreduce, false);
        },
        py::arg("key"), py::arg("op"), py::arg("team"), py::arg("dest"), py::arg("source"),
        py::arg("nreduce"), "rocshmem_KEY_OP_reduce: dest[:nreduce] on every member.");
  m.def("_reduce_scatter",
        [](const std::string &key, const std::string &op, long team, uintptr_t dest,
           uintptr_t source, size_t nreduce) {
          reduce(key, op, team, dest, source, nreduce, true);
        },
        py::arg("key"), py::arg("op"), py::arg("team"), py::arg("dest"), py::arg("source"),
        py::arg("nreduce"), "rocshmem_KEY_OP_reduce_scatter: member i gets block i.");
  m.def("_byte_collective", &byte_collective, py::arg("kind"), py::arg("team"), py::arg("dest"),
        py::arg("source"), py::arg("nbytes"), py::arg("root") = 0,
        "broadcastmem / fcollectmem / alltoallmem (nbytes: a member's whole source) / "
        "collectmem; returns the members' nbytes.");
  m.def("_put_signal", &put_signal, py::arg("dest"), py::arg("source"), py::arg("nbytes"),
        py::arg("sig_addr"), py::arg("signal"), py::arg("sig_op"), py::arg("pe"),
        py::arg("nbi") = false);
  m.def("_signal_wait_until", &signal_wait_until, py::arg("sig_addr"), py::arg("cmp"),
        py::arg("cmp_value"));
  m.def("_signal_fetch", &signal_fetch, py::arg("sig_addr"));
  m.def("_reduce_on_stream", &reduce_on_stream, py::arg("key"), py::arg("op"), py::arg("team"),
        py::arg("dest"), py::arg("source"), py::arg("nbytes"), py::arg("nreduce"),
        py::arg("stream"), "rocshmem_KEY_OP_reduce_on_stream (GPU builds).");
}

}  // namespace rocshmem4py
