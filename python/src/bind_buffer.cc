/* _Buffer: the native base of rocshmem4py.SymmetricBuffer.  It knows which
 * symmetric block its memory belongs to, so every export checks that the
 * block is still live (freed and finalized blocks raise instead of handing
 * out dangling memory), and it implements what a pure Python class cannot
 * (before Python 3.12): the buffer protocol for host memory, and the DLPack
 * capsule for host and device memory.  The Python layer gives it its element
 * type and shape (_set_layout).
 *
 * The buffer protocol is our own slot rather than pybind11's def_buffer:
 * pybind11 2.10 cannot refuse an export (an exception thrown there ends
 * the process), and refusing is the point for freed or GPU memory.
 *
 * Views made before finalize outlive it: every export (a NumPy array, a
 * memoryview, a DLPack tensor) holds its _Buffer, and at finalize the host
 * memory of every _Buffer still alive is copied and mapped again, privately,
 * at the same address, until the last _Buffer over it is gone.  So a view
 * read after finalize shows the data as finalize left it, and writes to it
 * reach nobody, instead of faulting on a heap that is no longer mapped. */
#include <pybind11/stl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>

#include "module.h"

namespace rocshmem4py {

namespace {

/* Pages mapped again after finalize; unmapped with the last view over them. */
struct Retained {
  uintptr_t start = 0;
  size_t length = 0;
  ~Retained() { munmap(reinterpret_cast<void *>(start), length); }
};

/* The memory of a _Buffer (shared by its copies), and the pages that keep
 * it mapped after finalize. */
struct Extent {
  uintptr_t ptr = 0;
  size_t nbytes = 0;
  bool exported = false; /* only exported memory can be reached after finalize */
  std::shared_ptr<Retained> retained;
};
std::vector<std::weak_ptr<Extent>> g_extents; /* of host memory; the GIL guards it */

std::shared_ptr<Extent> track_host_memory(uintptr_t ptr, size_t nbytes) {
  auto extent = std::make_shared<Extent>();
  extent->ptr = ptr;
  extent->nbytes = nbytes;
  g_extents.erase(std::remove_if(g_extents.begin(), g_extents.end(),
                                 [](const std::weak_ptr<Extent> &e) { return e.expired(); }),
                  g_extents.end());
  g_extents.push_back(extent);
  return extent;
}

struct BufferView {
  std::shared_ptr<Extent> extent; /* host memory only */

  uintptr_t ptr = 0;
  size_t nbytes = 0;
  uintptr_t block = 0; /* the local block this memory is (or is a peer's copy of) */
  uint64_t serial = 0;
  bool gpu = false;
  int device = -1;
  std::string format = "B"; /* struct format of an element; "" for none (bfloat16) */
  size_t itemsize = 1;
  std::vector<py::ssize_t> shape, strides; /* strides in bytes, C order */

  bool live() const {
    const Block *b = initialized() ? block_at(block) : nullptr;
    return b && b->serial == serial;
  }
  void require_live(const char *what) const {
    if (!live())
      throw py::buffer_error(std::string(what) +
                             ": the symmetric block was freed (or rocshmem finalized)");
  }
  /* Before handing out the address to a consumer that keeps it. */
  void export_checked(const char *what) const {
    require_live(what);
    if (extent) extent->exported = true;
  }
};

BufferView make_view(uintptr_t ptr, size_t nbytes, uintptr_t block) {
  const char *call = "SymmetricBuffer";
  const Block *b = block_at(block);
  if (!b) value_error(call, "block = " + hex(block) + " is not the start of a live block");
  /* Local memory lies in its block; a peer's mapping (rocshmem_ptr) does not. */
  if (block_containing(ptr) == b) check_symmetric(call, "ptr", ptr, nbytes);
  BufferView v;
  v.ptr = ptr;
  v.nbytes = nbytes;
  v.block = block;
  v.serial = b->serial;
  v.gpu = b->gpu;
  /* A peer's GPU block is mapped into this PE's device context: it is used
   * from this PE's device, whichever GPU holds it. */
  v.device = b->gpu ? gpu_device_of(b->start) : -1;
  v.shape = {static_cast<py::ssize_t>(nbytes)};
  v.strides = {1};
  if (!v.gpu) v.extent = track_host_memory(ptr, nbytes);
  return v;
}

/* The page-aligned ranges of the host memory of the _Buffers alive, merged,
 * with their contents, between the two halves of finalize. */
struct Snapshot {
  uintptr_t start, end;
  std::vector<char> bytes;
};
std::vector<Snapshot> g_snapshots;

}  // namespace

void views_before_finalize() {
  const uintptr_t page = static_cast<uintptr_t>(sysconf(_SC_PAGESIZE));
  std::vector<std::pair<uintptr_t, uintptr_t>> ranges;
  for (const auto &weak : g_extents)
    if (auto e = weak.lock(); e && e->exported && !e->retained && e->nbytes)
      ranges.emplace_back(e->ptr / page * page, (e->ptr + e->nbytes + page - 1) / page * page);
  std::sort(ranges.begin(), ranges.end());
  g_snapshots.clear();
  for (const auto &[start, end] : ranges) {
    if (!g_snapshots.empty() && start <= g_snapshots.back().end)
      g_snapshots.back().end = std::max(g_snapshots.back().end, end);
    else
      g_snapshots.push_back(Snapshot{start, end, {}});
  }
  for (Snapshot &s : g_snapshots)
    s.bytes.assign(reinterpret_cast<const char *>(s.start), reinterpret_cast<const char *>(s.end));
}

void views_after_finalize() {
  for (Snapshot &s : g_snapshots) {
    const size_t length = s.end - s.start;
    void *want = reinterpret_cast<void *>(s.start);
    /* Only where finalize unmapped the memory: pages still mapped (not part
     * of the heap, or kept by the library) still hold the data. */
    void *got = mmap(want, length, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
    if (got == MAP_FAILED) continue;
    if (got != want) { /* a kernel without MAP_FIXED_NOREPLACE treats it as a hint */
      munmap(got, length);
      continue;
    }
    std::memcpy(want, s.bytes.data(), length);
    auto retained = std::make_shared<Retained>();
    retained->start = s.start;
    retained->length = length;
    for (const auto &weak : g_extents)
      if (auto e = weak.lock(); e && !e->retained && e->ptr >= s.start && e->ptr < s.end)
        e->retained = retained;
  }
  g_snapshots.clear();
}

namespace {


std::vector<py::ssize_t> c_strides(const std::vector<py::ssize_t> &shape, py::ssize_t unit) {
  std::vector<py::ssize_t> strides(shape.size());
  py::ssize_t s = unit;
  for (size_t i = shape.size(); i-- > 0;) {
    strides[i] = s;
    s *= shape[i];
  }
  return strides;
}

void set_layout(BufferView &v, const std::string &format, size_t itemsize,
                const std::vector<py::ssize_t> &shape) {
  size_t count = 1;
  for (py::ssize_t extent : shape) {
    if (extent < 0) value_error("SymmetricBuffer", "negative extent in the shape");
    count *= static_cast<size_t>(extent);
  }
  if (itemsize == 0 || count * itemsize > v.nbytes)
    value_error("SymmetricBuffer", "shape and item size describe " +
                                       std::to_string(count * itemsize) + " bytes, the buffer has " +
                                       std::to_string(v.nbytes));
  v.format = format;
  v.itemsize = itemsize;
  v.shape = shape;
  v.strides = c_strides(shape, static_cast<py::ssize_t>(itemsize));
}

/* bf_getbuffer: host memory, C-contiguous, writable; refusals are
 * BufferErrors. */
int get_host_buffer(PyObject *obj, Py_buffer *view, int flags) {
  view->obj = nullptr;
  const auto &v = py::handle(obj).cast<BufferView &>();
  const char *refusal =
      !v.live() ? "SymmetricBuffer: the symmetric block was freed (or rocshmem finalized)"
      : v.gpu   ? "SymmetricBuffer: GPU memory has no buffer protocol; use "
                  "__cuda_array_interface__ or DLPack (torch.as_tensor, torch.from_dlpack)"
      : v.format.empty()
          ? "SymmetricBuffer: this element type has no buffer format; use DLPack"
      : (flags & PyBUF_F_CONTIGUOUS) == PyBUF_F_CONTIGUOUS && v.shape.size() > 1
          ? "SymmetricBuffer: the memory is C-contiguous, not Fortran-contiguous"
          : nullptr;
  if (refusal) {
    PyErr_SetString(PyExc_BufferError, refusal);
    return -1;
  }
  const bool nd = (flags & PyBUF_ND) == PyBUF_ND;
  py::ssize_t len = static_cast<py::ssize_t>(v.itemsize);
  for (py::ssize_t extent : v.shape) len *= extent;
  if (v.extent) v.extent->exported = true;
  view->buf = reinterpret_cast<void *>(v.ptr);
  view->obj = obj;
  Py_INCREF(obj);
  view->len = len;
  view->readonly = 0;
  view->itemsize = static_cast<py::ssize_t>(v.itemsize);
  view->format = (flags & PyBUF_FORMAT) ? const_cast<char *>(v.format.c_str()) : nullptr;
  /* Without PyBUF_ND the consumer asked for plain bytes. */
  view->ndim = nd ? static_cast<int>(v.shape.size()) : 1;
  view->shape = nd ? const_cast<py::ssize_t *>(v.shape.data()) : nullptr;
  view->strides = (flags & PyBUF_STRIDES) == PyBUF_STRIDES
                      ? const_cast<py::ssize_t *>(v.strides.data()) : nullptr;
  view->suboffsets = nullptr;
  view->internal = nullptr;
  return 0;
}

/* ---------------------------------------------------------------- DLPack
 * The ABI of dlpack.h (v0.8, the "dltensor" capsule every consumer takes). */
struct DLDevice {
  int32_t device_type; /* kDLCPU 1, kDLCUDA 2, kDLROCM 10 */
  int32_t device_id;
};
struct DLDataType {
  uint8_t code; /* kDLInt 0, kDLUInt 1, kDLFloat 2, kDLBfloat 4, kDLComplex 5, kDLBool 6 */
  uint8_t bits;
  uint16_t lanes;
};
struct DLTensor {
  void *data;
  DLDevice device;
  int32_t ndim;
  DLDataType dtype;
  int64_t *shape;
  int64_t *strides; /* in elements */
  uint64_t byte_offset;
};
struct DLManagedTensor {
  DLTensor dl_tensor;
  void *manager_ctx;
  void (*deleter)(DLManagedTensor *self);
};

/* What a capsule owns: the tensor, its shape and strides, and a reference
 * to the Python buffer object, which keeps the memory's owner alive for as
 * long as the consumer (a torch tensor, a NumPy array) holds the tensor. */
struct Export {
  DLManagedTensor tensor{};
  std::vector<int64_t> shape, strides;
  PyObject *owner = nullptr;
};

void export_deleter(DLManagedTensor *t) {
  auto *e = static_cast<Export *>(t->manager_ctx);
  /* Consumers may release the tensor from a thread of their own. */
  PyGILState_STATE gil = PyGILState_Ensure();
  Py_XDECREF(e->owner);
  PyGILState_Release(gil);
  delete e;
}

/* A capsule nobody consumed still owns its tensor; a consumer renames the
 * capsule "used_dltensor" and takes over the deleter. */
void capsule_destructor(PyObject *capsule) {
  if (PyCapsule_IsValid(capsule, "dltensor")) {
    auto *t = static_cast<DLManagedTensor *>(PyCapsule_GetPointer(capsule, "dltensor"));
    t->deleter(t);
  }
}

py::object dlpack_capsule(const py::object &self, int code, int bits, int device_type,
                          int device_id) {
  BufferView &v = self.cast<BufferView &>();
  v.export_checked("SymmetricBuffer.__dlpack__");
  auto *e = new Export;
  e->shape.assign(v.shape.begin(), v.shape.end());
  for (py::ssize_t s : v.strides) e->strides.push_back(s / static_cast<py::ssize_t>(v.itemsize));
  e->owner = self.ptr();
  Py_INCREF(e->owner);
  DLTensor &t = e->tensor.dl_tensor;
  t.data = reinterpret_cast<void *>(v.ptr);
  t.device = DLDevice{device_type, device_id};
  t.ndim = static_cast<int32_t>(e->shape.size());
  t.dtype = DLDataType{static_cast<uint8_t>(code), static_cast<uint8_t>(bits), 1};
  t.shape = e->shape.data();
  t.strides = e->strides.data();
  t.byte_offset = 0;
  e->tensor.manager_ctx = e;
  e->tensor.deleter = export_deleter;
  PyObject *capsule = PyCapsule_New(&e->tensor, "dltensor", capsule_destructor);
  if (!capsule) {
    export_deleter(&e->tensor);
    throw py::error_already_set();
  }
  return py::reinterpret_steal<py::object>(capsule);
}

/* What SymmetricBuffer.__buffer__ exports on Python 3.12 and later, where
 * CPython gives a Python subclass of _Buffer the buffer slot of the
 * __buffer__ wrapper it made for _Buffer when pybind11 created it -- before
 * bind_buffer put get_host_buffer there -- so memoryview(SymmetricBuffer)
 * would reach pybind11's handler.  This type is never subclassed, so its
 * replaced slot is the one used; the view it hands out holds the buffer. */
struct HostExport {
  py::object owner; /* the _Buffer */
};

int export_host_buffer(PyObject *obj, Py_buffer *view, int flags) {
  return get_host_buffer(py::handle(obj).cast<HostExport &>().owner.ptr(), view, flags);
}

}  // namespace

void bind_buffer(py::module_ &m) {
  py::class_<HostExport> exporter(m, "_HostExport", py::buffer_protocol());
  reinterpret_cast<PyTypeObject *>(exporter.ptr())->tp_as_buffer->bf_getbuffer = export_host_buffer;
  reinterpret_cast<PyTypeObject *>(exporter.ptr())->tp_as_buffer->bf_releasebuffer = nullptr;

  py::class_<BufferView> cls(m, "_Buffer", py::buffer_protocol(), py::dynamic_attr());
  auto *type = reinterpret_cast<PyTypeObject *>(cls.ptr());
  type->tp_as_buffer->bf_getbuffer = get_host_buffer;
  type->tp_as_buffer->bf_releasebuffer = nullptr; /* nothing held beyond view->obj */
  cls
      .def(py::init(&make_view), py::arg("ptr"), py::arg("nbytes"), py::arg("block"))
      .def_readonly("ptr", &BufferView::ptr)
      .def_readonly("nbytes", &BufferView::nbytes)
      .def_readonly("_block_start", &BufferView::block)
      .def_readonly("is_device", &BufferView::gpu)
      .def_readonly("device", &BufferView::device)
      .def_property_readonly("live", &BufferView::live)
      .def("_set_layout", &set_layout, py::arg("format"), py::arg("itemsize"), py::arg("shape"))
      .def("_require_live", [](const BufferView &v) { v.require_live("SymmetricBuffer"); })
      .def("_export_checked", [](const BufferView &v) { v.export_checked("SymmetricBuffer"); })
      .def("_host_export", [](py::object self) { return HostExport{self}; })
      .def("_dlpack", &dlpack_capsule, py::arg("code"), py::arg("bits"), py::arg("device_type"),
           py::arg("device_id"));
}

}  // namespace rocshmem4py
