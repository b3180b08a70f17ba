"""SymmetricBuffer: a typed block of symmetric memory and its views.

A buffer is host memory (the symmetric heap) where the job has no GPU heap,
and GPU memory where it has one (a GPU build of librocshmem, a visible GPU):
whatever rocshmem_malloc returns.  Host buffers are NumPy-compatible
(buffer protocol, __array_interface__: numpy.asarray and numpy.frombuffer
are zero-copy views); device buffers speak __cuda_array_interface__
(torch.as_tensor, CuPy, Numba); both speak DLPack (torch.from_dlpack,
numpy.from_dlpack).

Allocation and free() are collective, like rocshmem_malloc / rocshmem_free:
every PE makes the same calls in the same order.  For that reason the
garbage collector never frees a block (a collection runs at a different
point on every PE, and a collective free there could deadlock): call free(),
or use the buffer as a context manager.  Blocks never freed are released by
finalize.  New exports from a freed buffer raise BufferError.

Views (NumPy arrays, memoryviews, tensors) made before do not fault later:
after free() they still address the heap, whose memory later allocations
reuse (do not use them); after finalize they keep a private copy of the
memory as finalize left it, mapped at the same address, until the last view
is gone (reads show the last data, writes reach no other PE).
"""
import collections
import math

from . import _loader, _rocshmem4py as _native
from . import dtypes


class PeerUnreachableError(RuntimeError):
    """A peer's memory cannot be loaded/stored directly from this process
    (rocshmem_ptr returned NULL: another node, or an unmapped GPU heap)."""


def _shape_tuple(shape):
    shape = (shape,) if isinstance(shape, int) else tuple(int(n) for n in shape)
    if any(n < 0 for n in shape):
        raise ValueError(f"negative extent in shape {shape}")
    return shape


Span = collections.namedtuple("Span", "address nbytes on_device dtype")


def local_span(obj, writable):
    """The Span (address, nbytes, on_device, dtype) of local memory to
    transfer from (writable=False) or into: a SymmetricBuffer, a torch
    tensor, anything with the CUDA or NumPy array interface, or a
    buffer-protocol object (bytes, bytearray, memoryview, array.array).
    dtype is its element type (a dtypes.DType), None for plain bytes (bytes,
    bytearray, a memoryview cast to "B"), which fit any element type.  The
    memory must be contiguous, and obj must stay alive while the address is
    used."""
    if isinstance(obj, SymmetricBuffer):
        obj._require_live()
        return Span(obj.ptr, obj.nbytes, obj.is_device, obj._spec)
    if hasattr(obj, "data_ptr") and hasattr(obj, "element_size"):  # torch.Tensor
        if not obj.is_contiguous():
            raise ValueError("the tensor is not contiguous")
        return Span(obj.data_ptr(), obj.numel() * obj.element_size(), obj.device.type != "cpu",
                    dtypes.lookup(obj.dtype))
    for protocol, on_device in (("__cuda_array_interface__", True),
                                ("__array_interface__", False)):
        face = getattr(obj, protocol, None)
        if face is None:
            continue
        if face.get("strides") is not None:
            raise ValueError(f"{protocol}: only contiguous memory (strides None) can be transferred")
        if writable and face["data"][1]:
            raise ValueError("the destination is read-only")
        spec = dtypes.lookup(face["typestr"])
        return Span(face["data"][0], math.prod(face["shape"]) * spec.itemsize, on_device, spec)
    address, nbytes, format = _native._buffer_address(obj, writable)
    return Span(address, nbytes, False, dtypes.from_format(format))


def check_types(call, symmetric, local, as_bytes=False):
    """TypeError unless the local memory's element type is the symmetric
    side's (plain bytes, and as_bytes=True, fit any)."""
    if as_bytes or local.dtype is None or local.dtype.name == symmetric.name:
        return
    raise TypeError(f"{call}: the local data are {local.dtype.name}, the symmetric buffer "
                    f"holds {symmetric.name}; convert them (numpy: .astype, torch: .to), or "
                    "pass as_bytes=True to move the bytes as they are")


class SymmetricBuffer(_native._Buffer):
    """A typed block of symmetric memory of shape `shape` and element type
    `dtype` (a name such as "float32", a NumPy or torch dtype, or float / int).

    Collective: every PE allocates with the same shape and dtype.  zero=True
    zeroes the block (rocshmem_calloc); align=N aligns it to N bytes
    (rocshmem_align).  The block is freed by free() or on leaving a with
    statement (both collective).
    """

    def __init__(self, shape, dtype="uint8", *, zero=False, align=None):
        spec = dtypes.lookup(dtype)
        shape = _shape_tuple(shape)
        nbytes = math.prod(shape) * spec.itemsize
        if nbytes == 0:
            raise ValueError("SymmetricBuffer: zero bytes (rocshmem_malloc(0) allocates nothing)")
        if zero and align:
            raise ValueError("SymmetricBuffer: zero and align cannot be combined")
        # MemoryError with the library's message (SHMEM_SYMMETRIC_SIZE sets the heap size).
        ptr = _native._symmetric_alloc(math.prod(shape), spec.itemsize, zero, align or 0)
        super().__init__(ptr, nbytes, ptr)
        self._typed(spec, shape, _native.rocshmem_my_pe(), owner=True)

    def _typed(self, spec, shape, pe, owner):
        self._set_layout(spec.format, spec.itemsize, list(shape))
        self._spec = spec
        self._shape = shape
        self._pe = pe
        self._owner = owner

    @classmethod
    def _view(cls, ptr, nbytes, block, spec, shape, pe):
        """A view that owns nothing (a peer's block as mapped here)."""
        view = cls.__new__(cls)
        _native._Buffer.__init__(view, ptr, nbytes, block)
        view._typed(spec, shape, pe, owner=False)
        return view

    # ------------------------------------------------------------ description
    @property
    def shape(self):
        return self._shape

    @property
    def dtype(self):
        """The element type's name ("float32", ...)."""
        return self._spec.name

    @property
    def itemsize(self):
        return self._spec.itemsize

    @property
    def pe(self):
        """The PE whose memory this is (this PE, except for peer views)."""
        return self._pe

    def __len__(self):
        return self._shape[0] if self._shape else 1

    def __repr__(self):
        where = f"GPU {self.device}" if self.is_device else "host"
        state = "" if self.live else ", freed"
        kind = "" if self._owner else f", view of PE {self._pe}"
        return (f"SymmetricBuffer(shape={self._shape}, dtype={self.dtype}, {where}, "
                f"ptr={self.ptr:#x}{kind}{state})")

    # ------------------------------------------------------------ lifetime
    def free(self):
        """Frees the block (collective, as rocshmem_free)."""
        if not self._owner:
            raise ValueError("SymmetricBuffer.free: a peer view owns no memory")
        if not self.live:
            raise ValueError("SymmetricBuffer.free: already freed (or rocshmem was finalized)")
        _native.rocshmem_free(self.ptr)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self._owner and self.live:
            self.free()

    # ------------------------------------------------------------ other PEs
    def peer(self, pe):
        """This block as PE pe has it, mapped into this process (rocshmem_ptr):
        loads and stores through it reach PE pe's memory directly.  Raises
        PeerUnreachableError where PE pe cannot be reached that way."""
        if not self._owner:
            raise ValueError("SymmetricBuffer.peer: already a peer view")
        self._require_live()
        ptr = _native.rocshmem_ptr(self.ptr, pe)
        if not ptr:
            raise PeerUnreachableError(
                f"PE {pe}'s copy of this buffer is not directly reachable from PE "
                f"{self._pe} (another node, or a GPU heap not mapped here); use put/get")
        return SymmetricBuffer._view(ptr, self.nbytes, self.ptr, self._spec, self._shape, pe)

    def _remote(self, what, span, offset, as_bytes):
        if not self._owner:
            raise ValueError(f"SymmetricBuffer.{what}: a peer view is not symmetric memory; "
                             "call it on the buffer itself, naming the PE")
        self._require_live()
        check_types(f"SymmetricBuffer.{what}", self._spec, span, as_bytes)
        nbytes, on_device = span.nbytes, span.on_device
        if on_device and not self.is_device:
            # The library would copy it with memcpy: the CPU cannot read GPU memory.
            raise ValueError(f"SymmetricBuffer.{what}: GPU memory cannot move to or from host "
                             "symmetric memory here; copy it through host memory")
        if offset < 0 or offset + nbytes > self.nbytes:
            raise ValueError(f"SymmetricBuffer.{what}: {nbytes} bytes at offset {offset} "
                             f"overrun the buffer of {self.nbytes} bytes")
        return self.ptr + offset

    def put(self, source, pe, offset=0, nbi=False, as_bytes=False):
        """Copies local `source` (anything local_span accepts) into this buffer
        on PE pe, at byte offset `offset` (rocshmem_putmem / _nbi).  Its
        element type must be the buffer's (TypeError otherwise) unless it is
        plain bytes or as_bytes=True."""
        span = local_span(source, writable=False)
        dest = self._remote("put", span, offset, as_bytes)
        put = _native.rocshmem_putmem_nbi if nbi else _native.rocshmem_putmem
        put(dest, span.address, span.nbytes, pe)

    def get(self, dest, pe, offset=0, nbi=False, as_bytes=False):
        """Fills local `dest` from this buffer on PE pe, from byte offset
        `offset` (rocshmem_getmem / _nbi); element types as for put."""
        span = local_span(dest, writable=True)
        source = self._remote("get", span, offset, as_bytes)
        get = _native.rocshmem_getmem_nbi if nbi else _native.rocshmem_getmem
        get(span.address, source, span.nbytes, pe)

    # ------------------------------------------------------------ exports
    @property
    def __array_interface__(self):
        if self.is_device:
            raise AttributeError("GPU memory has no __array_interface__ "
                                 "(use __cuda_array_interface__ or DLPack)")
        return self._interface("__array_interface__")

    @property
    def __cuda_array_interface__(self):
        if not self.is_device:
            raise AttributeError("host memory has no __cuda_array_interface__ "
                                 "(use __array_interface__ or the buffer protocol)")
        return self._interface("__cuda_array_interface__")

    def _interface(self, protocol):
        self._export_checked()
        if self._spec.typestr is None:
            raise AttributeError(f"{self.dtype} has no {protocol} type; use DLPack")
        return {"shape": self._shape, "typestr": self._spec.typestr,
                "data": (self.ptr, False), "strides": None, "version": 3}

    def __buffer__(self, flags):
        """The buffer protocol on Python 3.12 and later (PEP 688), through a
        native exporter: see _HostExport in python/src/bind_buffer.cc.  Older
        Pythons use _Buffer's slot directly and never call this."""
        return memoryview(self._host_export())

    def __array__(self, dtype=None, copy=None):
        """NumPy's fallback: a zero-copy view of host memory (a copy when
        copy=True, as NumPy 2 may ask); GPU memory raises (NumPy would
        otherwise wrap the object in an object array)."""
        if self.is_device:
            raise TypeError("SymmetricBuffer: GPU memory cannot be viewed by NumPy; use "
                            "torch.as_tensor / DLPack, or get() it into host memory")
        numpy = _loader.dependency("numpy", "numpy.asarray(SymmetricBuffer)")
        view = numpy.asarray(memoryview(self))
        if dtype is not None:
            view = view.astype(dtype, copy=bool(copy))
        return view.copy() if copy and dtype is None else view

    def __dlpack_device__(self):
        if not self.is_device:
            return (1, 0)  # kDLCPU
        if self.device < 0:
            raise RuntimeError("SymmetricBuffer: the GPU driver does not know this memory's "
                               "device")
        # kDLCUDA 2, kDLROCM 10: which GPU runtime is under librocshmem.
        return (2 if _native._gpu_platform() == "cuda" else 10, self.device)

    def __dlpack__(self, *, stream=None, max_version=None, dl_device=None, copy=None):
        """A DLPack capsule of the buffer (the unversioned "dltensor" kind,
        which every consumer takes).  `stream` is not waited on: rocshmem's
        host calls are complete when they return; order work enqueued with
        *_on_stream yourself.  Only zero-copy exports on the buffer's own
        device are possible."""
        device = self.__dlpack_device__()
        if copy or (dl_device is not None and tuple(dl_device) != device):
            raise BufferError("SymmetricBuffer: DLPack exports are zero-copy, on the "
                              f"buffer's device {device}")
        return self._dlpack(self._spec.dl_code, 8 * self._spec.itemsize, *device)


def rocshmem_create_buffer(shape, dtype="uint8", **options):
    """A new SymmetricBuffer (collective); options as SymmetricBuffer's."""
    return SymmetricBuffer(shape, dtype, **options)


def rocshmem_get_peer_buffer(buffer, pe):
    """`buffer` as PE pe has it, mapped here (SymmetricBuffer.peer)."""
    return buffer.peer(pe)


def rocshmem_get_heap_bases():
    """For every PE, the address in this process of one reference point of
    its symmetric heap (0 where that heap is not mapped here): the heap
    anchor every PE allocated at init, so bases[pe] + (local - bases[my_pe])
    is where PE pe's copy of a local symmetric address `local` is mapped
    (what rocshmem_ptr returns).  Refers to the heap rocshmem_malloc serves
    (the GPU heap where there is one)."""
    anchor = _native._heap_anchor()
    return [_native.rocshmem_ptr(anchor, pe) for pe in range(_native.rocshmem_n_pes())]
