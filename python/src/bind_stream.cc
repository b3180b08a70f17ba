/* The GPU-only routines: stream-ordered RMA, signals, barriers and
 * collectives, module initialization, device synchronization and the
 * default device context.  The _on_stream routines and hipmodule_init exist
 * only in a GPU build of librocshmem, so they are looked up at run time
 * (gpu_runtime.cc): on a CPU-only library they raise RuntimeError naming
 * the call.  Streams are ints: the raw cudaStream_t / hipStream_t (0 is the
 * default stream; torch: torch.cuda.current_stream().cuda_stream). */
#include "module.h"

namespace rocshmem4py {

namespace {

/* rocshmem_stream.h's signatures with the stream (hipStream_t,
 * cudaStream_t) and module (hipModule_t, CUmodule) as the pointers they are
 * on both platforms: that header needs the GPU runtime's headers. */
using Stream = void *;
using TransferOnStream = void (*)(void *, const void *, size_t, int, Stream);
using PutSignalOnStream = void (*)(void *, const void *, size_t, uint64_t *, uint64_t, int, int,
                                   Stream);
using SignalWaitOnStream = void (*)(uint64_t *, int, uint64_t, Stream);
using WorldOnStream = void (*)(Stream);
using TeamOnStream = void (*)(rocshmem_team_t, Stream);
using AlltoallOnStream = void (*)(rocshmem_team_t, void *, const void *, size_t, Stream);
using BroadcastOnStream = void (*)(rocshmem_team_t, void *, const void *, size_t, int, Stream);
using ModuleInit = int (*)(void *);

/* The routine, once the library has it and the job has a GPU heap. */
template <class F>
F stream_routine(const char *call) {
  auto fn = reinterpret_cast<F>(gpu_routine(call));
  require_init(call);
  if (!heap_is_gpu())
    runtime_error(call, "this job has no GPU heap (no GPU visible, or ROCSHMEM_GPU=off); the "
                        "stream routines need one");
  return fn;
}

Stream stream_of(uintptr_t stream) { return reinterpret_cast<Stream>(stream); }

/* A range of this PE's GPU heap (collectives and signals run on the GPU). */
void check_gpu_heap(const char *call, const char *arg, uintptr_t address, size_t nbytes) {
  const Block *b = check_symmetric(call, arg, address, nbytes);
  if (b && !b->gpu)
    value_error(call, std::string(arg) + " = " + hex(address) + " is not in the GPU heap");
}

/* The stream copies reach a peer's memory only where it is mapped here. */
void check_reachable(const char *call, const char *arg, uintptr_t address, size_t nbytes, int pe) {
  check_symmetric(call, arg, address, nbytes);
  if (nbytes && !rocshmem_ptr(reinterpret_cast<const void *>(address), pe))
    value_error(call, std::string(arg) + " = " + hex(address) + " on PE " + std::to_string(pe) +
                          " is not reachable from this PE's GPU (another node)");
}

void check_signal(const char *call, uintptr_t sig_addr) {
  check_gpu_heap(call, "sig_addr", sig_addr, sizeof(uint64_t));
  if (sig_addr % alignof(uint64_t))
    value_error(call, "sig_addr = " + hex(sig_addr) + " is not 8-byte aligned");
}

template <bool kPut>
void transfer_on_stream(const char *call, uintptr_t dest, uintptr_t source, size_t nbytes,
                        int pe, uintptr_t stream) {
  auto fn = stream_routine<TransferOnStream>(call);
  check_pe(call, "pe", pe);
  if (kPut) {
    check_reachable(call, "dest", dest, nbytes, pe);
    check_local(call, "source", source, nbytes);
  } else {
    check_local(call, "dest", dest, nbytes);
    check_reachable(call, "source", source, nbytes, pe);
  }
  py::gil_scoped_release nogil;
  fn(reinterpret_cast<void *>(dest), reinterpret_cast<const void *>(source), nbytes, pe,
     stream_of(stream));
}

void putmem_signal_on_stream(uintptr_t dest, uintptr_t source, size_t nbytes, uintptr_t sig_addr,
                             uint64_t signal, int sig_op, int pe, uintptr_t stream) {
  const char *call = "rocshmem_putmem_signal_on_stream";
  auto fn = stream_routine<PutSignalOnStream>(call);
  check_pe(call, "pe", pe);
  if (sig_op != ROCSHMEM_SIGNAL_SET && sig_op != ROCSHMEM_SIGNAL_ADD)
    value_error(call, "sig_op = " + std::to_string(sig_op) +
                          " is neither ROCSHMEM_SIGNAL_SET nor ROCSHMEM_SIGNAL_ADD");
  check_signal(call, sig_addr);
  check_reachable(call, "dest", dest, nbytes, pe);
  check_local(call, "source", source, nbytes);
  py::gil_scoped_release nogil;
  fn(reinterpret_cast<void *>(dest), reinterpret_cast<const void *>(source), nbytes,
     reinterpret_cast<uint64_t *>(sig_addr), signal, sig_op, pe, stream_of(stream));
}

void signal_wait_until_on_stream(uintptr_t sig_addr, int cmp, uint64_t cmp_value,
                                 uintptr_t stream) {
  const char *call = "rocshmem_signal_wait_until_on_stream";
  auto fn = stream_routine<SignalWaitOnStream>(call);
  if (cmp < ROCSHMEM_CMP_EQ || cmp > ROCSHMEM_CMP_LE)
    value_error(call, "cmp = " + std::to_string(cmp) + " is not a ROCSHMEM_CMP_* value");
  check_signal(call, sig_addr);
  py::gil_scoped_release nogil;
  fn(reinterpret_cast<uint64_t *>(sig_addr), cmp, cmp_value, stream_of(stream));
}

void world_on_stream(const char *call, uintptr_t stream) {
  auto fn = stream_routine<WorldOnStream>(call);
  py::gil_scoped_release nogil;
  fn(stream_of(stream));
}

void team_on_stream(const char *call, long team, uintptr_t stream) {
  auto fn = stream_routine<TeamOnStream>(call);
  rocshmem_team_t t = team_handle(call, "team", team, false);
  py::gil_scoped_release nogil;
  fn(t, stream_of(stream));
}

void alltoallmem_on_stream(long team, uintptr_t dest, uintptr_t source, size_t size,
                           uintptr_t stream) {
  const char *call = "rocshmem_alltoallmem_on_stream";
  auto fn = stream_routine<AlltoallOnStream>(call);
  rocshmem_team_t t = team_handle(call, "team", team, false);
  const auto members = static_cast<size_t>(rocshmem_team_n_pes(t));
  if (size && members > SIZE_MAX / size)
    value_error(call, "size = " + std::to_string(size) + " overflows the byte count");
  check_gpu_heap(call, "dest", dest, size * members);
  check_gpu_heap(call, "source", source, size * members);
  py::gil_scoped_release nogil;
  fn(t, reinterpret_cast<void *>(dest), reinterpret_cast<const void *>(source), size,
     stream_of(stream));
}

void broadcastmem_on_stream(long team, uintptr_t dest, uintptr_t source, size_t nbytes,
                            int pe_root, uintptr_t stream) {
  const char *call = "rocshmem_broadcastmem_on_stream";
  auto fn = stream_routine<BroadcastOnStream>(call);
  rocshmem_team_t t = team_handle(call, "team", team, false);
  const int members = rocshmem_team_n_pes(t);
  if (pe_root < 0 || pe_root >= members)
    value_error(call, "pe_root = " + std::to_string(pe_root) + " is out of range [0, " +
                          std::to_string(members) + ") of the team");
  check_gpu_heap(call, "dest", dest, nbytes);
  check_gpu_heap(call, "source", source, nbytes);
  py::gil_scoped_release nogil;
  fn(t, reinterpret_cast<void *>(dest), reinterpret_cast<const void *>(source), nbytes, pe_root,
     stream_of(stream));
}

int hipmodule_init(uintptr_t module) {
  const char *call = "rocshmem_hipmodule_init";
  auto fn = reinterpret_cast<ModuleInit>(gpu_routine(call));
  require_init(call);
  if (!module) value_error(call, "module = NULL");
  return fn(reinterpret_cast<void *>(module));
}

}  // namespace

void bind_stream(py::module_ &m) {
  m.def(
      "rocshmem_putmem_on_stream",
      [](uintptr_t dest, uintptr_t source, size_t nbytes, int pe, uintptr_t stream) {
        transfer_on_stream<true>("rocshmem_putmem_on_stream", dest, source, nbytes, pe, stream);
      },
      py::arg("dest"), py::arg("source"), py::arg("nbytes"), py::arg("pe"), py::arg("stream"),
      "putmem enqueued on stream (GPU builds).");
  m.def(
      "rocshmem_getmem_on_stream",
      [](uintptr_t dest, uintptr_t source, size_t nbytes, int pe, uintptr_t stream) {
        transfer_on_stream<false>("rocshmem_getmem_on_stream", dest, source, nbytes, pe, stream);
      },
      py::arg("dest"), py::arg("source"), py::arg("nbytes"), py::arg("pe"), py::arg("stream"),
      "getmem enqueued on stream (GPU builds).");
  m.def("rocshmem_putmem_signal_on_stream", &putmem_signal_on_stream, py::arg("dest"),
        py::arg("source"), py::arg("nbytes"), py::arg("sig_addr"), py::arg("signal"),
        py::arg("sig_op"), py::arg("pe"), py::arg("stream"),
        "The data, then the signal update (ROCSHMEM_SIGNAL_SET/ADD) on PE pe, in stream order.");
  m.def("rocshmem_signal_wait_until_on_stream", &signal_wait_until_on_stream,
        py::arg("sig_addr"), py::arg("cmp"), py::arg("cmp_value"), py::arg("stream"),
        "Work after this in stream waits until the local signal compares true.");
  m.def(
      "rocshmem_barrier_all_on_stream",
      [](uintptr_t stream) { world_on_stream("rocshmem_barrier_all_on_stream", stream); },
      py::arg("stream"));
  m.def(
      "rocshmem_sync_all_on_stream",
      [](uintptr_t stream) { world_on_stream("rocshmem_sync_all_on_stream", stream); },
      py::arg("stream"));
  m.def(
      "rocshmem_barrier_on_stream",
      [](long team, uintptr_t stream) { team_on_stream("rocshmem_barrier_on_stream", team, stream); },
      py::arg("team"), py::arg("stream"));
  m.def(
      "rocshmem_team_sync_on_stream",
      [](long team, uintptr_t stream) {
        team_on_stream("rocshmem_team_sync_on_stream", team, stream);
      },
      py::arg("team"), py::arg("stream"));
  m.def("rocshmem_alltoallmem_on_stream", &alltoallmem_on_stream, py::arg("team"),
        py::arg("dest"), py::arg("source"), py::arg("size"), py::arg("stream"),
        "dest[i*size ..] on member j = member i's source[j*size ..], in stream order.");
  m.def("rocshmem_broadcastmem_on_stream", &broadcastmem_on_stream, py::arg("team"),
        py::arg("dest"), py::arg("source"), py::arg("nelems"), py::arg("pe_root"),
        py::arg("stream"), "Every member's dest = member pe_root's source, in stream order.");
  m.def("rocshmem_hipmodule_init", &hipmodule_init, py::arg("module"),
        "Fills the device state of a module loaded at run time (hipModule_t / CUmodule as int).");
  m.def("rocshmem_get_device_ctx",
        [] { return reinterpret_cast<uintptr_t>(rocshmem_get_device_ctx()); },
        "The default device context as an int; 0 before init or without a GPU heap.");
  m.def("hip_device_synchronize", [] { gpu_device_synchronize("hip_device_synchronize"); },
        "Waits for the calling thread's GPU work (hipDeviceSynchronize / cudaDeviceSynchronize); "
        "a no-op without a GPU.");
}

}  // namespace rocshmem4py
