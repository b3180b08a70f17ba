/* The symmetric heap: malloc/calloc/align/free through the block registry,
 * rocshmem_ptr, buffer registration, and the private helpers the package's
 * SymmetricBuffer builds on. */
#include <pybind11/stl.h>

#include "module.h"

namespace rocshmem4py {

namespace {

/* librocshmem's hook for bindings (src/core/log.h): while a buffer is set,
 * the calling thread's reported errors go there instead of stderr.  Looked
 * up at run time, so that the module also loads against a library that
 * predates it (which then prints its messages). */
using CaptureErrors = void (*)(char *buffer, size_t size);
CaptureErrors capture_errors() {
  static const auto hook =
      reinterpret_cast<CaptureErrors>(library_symbol("rocshmem_internal_capture_errors"));
  return hook;
}

/* The C allocators are collective (they end in a barrier); NULL means the
 * C library refused or size 0.  With `why` the library's message goes there
 * instead of stderr; without it the library prints it, as the C calls do. */
template <class Alloc>
uintptr_t allocate(const char *call, Alloc alloc, std::string *why = nullptr) {
  require_init(call);
  void *p;
  size_t size;
  char message[512] = "";
  const CaptureErrors capture = why ? capture_errors() : nullptr;
  {
    py::gil_scoped_release nogil;
    if (capture) capture(message, sizeof message);
    p = alloc(&size);
    if (capture) capture(nullptr, 0);
  }
  const auto address = reinterpret_cast<uintptr_t>(p);
  if (p) blocks_add(address, size, heap_is_gpu());
  if (why) *why = message;
  return address;
}

/* SymmetricBuffer's allocation: rocshmem_align (alignment > 0),
 * rocshmem_calloc (zero) or rocshmem_malloc of count * itemsize bytes;
 * a refusal raises MemoryError with the library's own message, which is
 * then not printed. */
uintptr_t symmetric_alloc(size_t count, size_t itemsize, bool zero, size_t alignment) {
  std::string why;
  uintptr_t address;
  if (alignment)
    address = allocate("rocshmem_align", [=](size_t *n) {
      *n = count * itemsize;
      return rocshmem_align(alignment, *n);
    }, &why);
  else if (zero)
    address = allocate("rocshmem_calloc", [=](size_t *n) {
      *n = count * itemsize;
      return rocshmem_calloc(count, itemsize);
    }, &why);
  else
    address = allocate("rocshmem_malloc", [=](size_t *n) {
      *n = count * itemsize;
      return rocshmem_malloc(*n);
    }, &why);
  if (!address) {
    if (why.empty()) why = "rocshmem could not allocate " + std::to_string(count * itemsize) + " bytes";
    PyErr_SetString(PyExc_MemoryError, why.c_str());
    throw py::error_already_set();
  }
  return address;
}

void free_block(uintptr_t ptr) {
  const char *call = "rocshmem_free";
  require_init(call);
  if (!ptr) return; /* as free(NULL) */
  if (!block_at(ptr))
    value_error(call, "ptr = " + hex(ptr) +
                          " is not a live block of rocshmem_malloc/calloc/align (freed twice, "
                          "an address inside a block, or not allocated by this module)");
  {
    py::gil_scoped_release nogil; /* collective: ends in a barrier */
    rocshmem_free(reinterpret_cast<void *>(ptr));
  }
  blocks_remove(ptr);
}

uintptr_t peer_address(uintptr_t dest, int pe) {
  const char *call = "rocshmem_ptr";
  require_init(call);
  check_pe(call, "pe", pe);
  return reinterpret_cast<uintptr_t>(rocshmem_ptr(reinterpret_cast<const void *>(dest), pe));
}

/* The address, length and element format (struct syntax) of an object's
 * contiguous buffer (bytes, bytearray, memoryview, array.array, a NumPy
 * array ...).  The caller keeps the object alive while it uses the
 * address. */
py::tuple buffer_address(const py::object &obj, bool writable) {
  Py_buffer view;
  const int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0);
  if (PyObject_GetBuffer(obj.ptr(), &view, flags) != 0) throw py::error_already_set();
  py::tuple result = py::make_tuple(reinterpret_cast<uintptr_t>(view.buf),
                                    static_cast<size_t>(view.len),
                                    std::string(view.format ? view.format : "B"));
  PyBuffer_Release(&view);
  return result;
}

py::object block_info(uintptr_t address) {
  const Block *b = block_containing(address);
  if (!b) return py::none();
  return py::make_tuple(b->start, b->size, b->gpu);
}

}  // namespace

void memory_after_init() {
  if (heap_anchor()) return; /* a repeated init: the C call ignored it */
  /* Every PE runs this right after the collective init, so the anchor has
   * the same offset in every heap.  It is also collect's exchange area: one
   * count per PE after this PE's own (see collect_counts). */
  void *anchor;
  const size_t words = 1 + static_cast<size_t>(rocshmem_n_pes());
  {
    py::gil_scoped_release nogil;
    anchor = rocshmem_malloc(words * sizeof(uint64_t));
  }
  set_heap_anchor(reinterpret_cast<uintptr_t>(anchor));
}

std::vector<uint64_t> collect_counts(rocshmem_team_t team, uint64_t mine) {
  auto *area = reinterpret_cast<uint64_t *>(heap_anchor());
  if (!area) runtime_error("collect", "rocshmem was initialized outside rocshmem4py");
  const int members = rocshmem_team_n_pes(team);
  if (heap_is_gpu())
    runtime_error("collect", "the host collectives need a host heap (this job's is on the GPU)");
  area[0] = mine;
  {
    py::gil_scoped_release nogil;
    rocshmem_fcollectmem(team, area + 1, area, sizeof(uint64_t));
  }
  return std::vector<uint64_t>(area + 1, area + 1 + members);
}

void bind_memory(py::module_ &m) {
  m.def("rocshmem_malloc",
        [](size_t size) {
          return allocate("rocshmem_malloc", [size](size_t *n) {
            *n = size;
            return rocshmem_malloc(size);
          });
        },
        py::arg("size"),
        "Collective: a symmetric block of size bytes (GPU memory when the job has a GPU heap), "
        "as an int; 0 for size 0 or when the heap is exhausted.");
  m.def("rocshmem_calloc",
        [](size_t count, size_t size) {
          return allocate("rocshmem_calloc", [count, size](size_t *n) {
            *n = count * size; /* the C call refuses an overflowing product */
            return rocshmem_calloc(count, size);
          });
        },
        py::arg("count"), py::arg("size"), "Collective: as rocshmem_malloc, zeroed.");
  m.def("rocshmem_align",
        [](size_t alignment, size_t size) {
          return allocate("rocshmem_align", [alignment, size](size_t *n) {
            *n = size;
            return rocshmem_align(alignment, size);
          });
        },
        py::arg("alignment"), py::arg("size"),
        "Collective: as rocshmem_malloc, aligned to alignment (a power of two).");
  m.def("rocshmem_free", &free_block, py::arg("ptr"),
        "Collective: frees a block; a double free raises ValueError.");
  m.def("rocshmem_ptr", &peer_address, py::arg("dest"), py::arg("pe"),
        "The address in this process of symmetric address dest on PE pe, or 0 when this "
        "process cannot load/store it directly.");
  /* librocshmem needs no registration: any local memory can be the local side
   * of a transfer.  The calls keep rocSHMEM's contract and check it. */
  m.def("rocshmem_buffer_register",
        [](uintptr_t addr, size_t length) {
          const char *call = "rocshmem_buffer_register";
          require_init(call);
          registration_add(call, addr, length);
          return static_cast<int>(ROCSHMEM_SUCCESS);
        },
        py::arg("addr"), py::arg("length"),
        "Registers local memory for RMA. This library needs no registration; the range is "
        "recorded (overlaps raise ValueError).");
  m.def("rocshmem_buffer_unregister",
        [](uintptr_t addr) {
          const char *call = "rocshmem_buffer_unregister";
          require_init(call);
          registration_remove(call, addr);
          return static_cast<int>(ROCSHMEM_SUCCESS);
        },
        py::arg("addr"));
  m.def("rocshmem_buffer_unregister_all", [] {
    require_init("rocshmem_buffer_unregister_all");
    registrations_clear();
    return static_cast<int>(ROCSHMEM_SUCCESS);
  });

  m.def("_symmetric_alloc", &symmetric_alloc, py::arg("count"), py::arg("itemsize"),
        py::arg("zero") = false, py::arg("alignment") = 0,
        "Collective: a block for SymmetricBuffer; MemoryError with the library's message.");
  m.def("_heap_anchor", [] {
    require_init("get_heap_bases");
    if (!heap_anchor())
      runtime_error("get_heap_bases",
                    "rocshmem was initialized outside rocshmem4py, so there is no heap anchor");
    return heap_anchor();
  });
  m.def("_heap_is_gpu", &heap_is_gpu);
  m.def("_block", &block_info, py::arg("address"),
        "(start, size, gpu) of the live block holding address, or None.");
  m.def("_blocks_live", [] {
    std::vector<uintptr_t> starts;
    for (const Block &b : blocks_live()) starts.push_back(b.start);
    return starts;
  });
  m.def("_device_of", [](uintptr_t address) { return gpu_device_of(address); },
        py::arg("address"), "GPU ordinal of device memory at address, -1 for host memory.");
  m.def("_buffer_address", &buffer_address, py::arg("obj"), py::arg("writable"));
}

}  // namespace rocshmem4py
