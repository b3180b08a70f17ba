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
import numbers

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


def check_types(call, symmetric, local, as_bytes=None):
    """TypeError unless the local memory's element type is the symmetric
    side's (plain bytes fit any, and anything with as_bytes=True).  as_bytes
    None: `call` has no as_bytes keyword (the reductions, whose arithmetic
    needs the type), so the message does not offer it."""
    if as_bytes or local.dtype is None or local.dtype.name == symmetric.name:
        return
    escape = "" if as_bytes is None else ", or pass as_bytes=True to move the bytes as they are"
    raise TypeError(f"{call}: the local data are {local.dtype.name}, the symmetric buffer "
                    f"holds {symmetric.name}; convert them (numpy: .astype, torch: .to)"
                    f"{escape}")


class SymmetricBuffer(_native._Buffer):
    """A block of symmetric memory, made in one of two forms.

    Typed: SymmetricBuffer(shape, element_type) -- `shape` elements of
    `element_type` (a name such as "float32", a NumPy or torch dtype, or
    float / int; default "uint8").  zero=True zeroes the block
    (rocshmem_calloc); align=N aligns it to N bytes (rocshmem_align).

    rocSHMEM's: SymmetricBuffer(size, *, ptr=None, dtype=None, own_data=True)
    -- `size` bytes.  Without ptr a new block (rocshmem_malloc); with ptr
    the memory there: the start of (or a place inside) a block this PE
    allocated, or a peer's copy of one as mapped here (rocshmem_ptr), which
    is never owned (own_data=False).  `dtype` is a label kept as given
    (.dtype; torch.uint8 when none is given and torch is installed, else
    None); the memory is laid out as bytes.

    Allocation is collective: every PE makes the same buffers in the same
    order.  The block is freed by free() or on leaving a with statement (both
    collective), or at finalize.
    """

    def __init__(self, size, element_type=None, *, ptr=None, dtype=None, own_data=True,
                 zero=False, align=None):
        if element_type is not None and (dtype is not None or ptr is not None):
            raise TypeError("SymmetricBuffer: give either an element type (typed form) or "
                            "rocSHMEM's keywords ptr/dtype (a size in bytes), not both")
        spec = dtypes.lookup("uint8" if element_type is None else element_type)
        shape = _shape_tuple(size)
        if (ptr is not None or dtype is not None) and len(shape) != 1:
            raise ValueError(f"SymmetricBuffer: size = {size!r} must be a number of bytes "
                             "with ptr or dtype")
        nbytes = math.prod(shape) * spec.itemsize
        if nbytes == 0:
            raise ValueError("SymmetricBuffer: zero bytes (rocshmem_malloc(0) allocates nothing)")
        if zero and align:
            raise ValueError("SymmetricBuffer: zero and align cannot be combined")
        if ptr is not None:
            if zero or align:
                raise ValueError("SymmetricBuffer: zero and align allocate; ptr wraps memory")
            block, pe = _block_of(int(ptr), nbytes, own_data)
            super().__init__(int(ptr), nbytes, block)
        else:
            # MemoryError with the library's message (SHMEM_SYMMETRIC_SIZE sets the heap size).
            ptr = _native._symmetric_alloc(math.prod(shape), spec.itemsize, zero, align or 0)
            super().__init__(ptr, nbytes, ptr)
            pe = _native.rocshmem_my_pe()
        self._typed(spec, shape, pe, owner=bool(own_data))
        self._label = spec.name if element_type is not None else dtype
        self._from_peer = False

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
        view._label = spec.name
        view._from_peer = True
        view._typed(spec, shape, pe, owner=False)
        return view

    # ------------------------------------------------------------ description
    @property
    def shape(self):
        return self._shape

    @property
    def dtype(self):
        """The element type's name ("float32", ...) in the typed form; in
        rocSHMEM's, the dtype given (torch.uint8 when none was and torch is
        installed, else None)."""
        if self._label is None:
            try:
                import torch
            except ImportError:
                return None
            return torch.uint8
        return self._label

    @property
    def element_type(self):
        """The name of the element type the memory is laid out in."""
        return self._spec.name

    @property
    def size(self):
        """The size in bytes (rocSHMEM's name; nbytes too)."""
        return self.nbytes

    @property
    def own_data(self):
        """Whether free() releases the memory (False for peer views)."""
        return self._owner

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
        return (f"SymmetricBuffer(shape={self._shape}, dtype={self.element_type}, {where}, "
                f"ptr={self.ptr:#x}{kind}{state})")

    # ------------------------------------------------------------ lifetime
    def free(self):
        """Frees the block (collective, as rocshmem_free)."""
        if not self._owner:
            raise ValueError("SymmetricBuffer.free: this view owns no memory (a peer's, or "
                             "own_data=False)")
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
        self._require_live()
        if self._from_peer:
            raise ValueError("SymmetricBuffer.peer: already a peer view")
        ptr = _native.rocshmem_ptr(self.ptr, pe)
        if not ptr:
            raise PeerUnreachableError(
                f"PE {pe}'s copy of this buffer is not directly reachable from PE "
                f"{self._pe} (another node, or a GPU heap not mapped here); use put/get")
        view = SymmetricBuffer._view(ptr, self.nbytes, self._block_start, self._spec, self._shape,
                                     pe)
        view._label = self._label  # rocSHMEM's dtype label, where the buffer has one
        return view

    def _remote(self, what, span, offset, as_bytes):
        self._require_live()
        if self._pe != _native.rocshmem_my_pe():
            raise ValueError(f"SymmetricBuffer.{what}: a peer view is not symmetric memory; "
                             "call it on the buffer itself, naming the PE")
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

    def put(self, *args, **kwargs):
        """Two forms.  put(source, pe, offset=0, nbi=False, as_bytes=False):
        copies local `source` (anything local_span accepts) into this buffer
        on PE pe, at byte offset `offset` (rocshmem_putmem / _nbi); its
        element type must be the buffer's (TypeError otherwise) unless it is
        plain bytes or as_bytes=True.  put(source_ptr, nelems, pe), with an
        address (an int): rocSHMEM's form, rocshmem_putmem(self.ptr,
        source_ptr, nelems, pe) -- nelems bytes from local address source_ptr
        into this buffer on PE pe."""
        if _address_form(args, kwargs):
            return _raw_put(self, *args, **kwargs)
        return self._put(*args, **kwargs)

    def get(self, *args, **kwargs):
        """Two forms.  get(dest, pe, offset=0, nbi=False, as_bytes=False):
        fills local `dest` from this buffer on PE pe, from byte offset
        `offset` (rocshmem_getmem / _nbi); element types as for put.
        get(source_ptr, nelems, pe), with an address (an int): rocSHMEM's
        form, rocshmem_getmem(self.ptr, source_ptr, nelems, pe) -- nelems
        bytes from symmetric address source_ptr on PE pe into this buffer."""
        if _address_form(args, kwargs):
            return _raw_get(self, *args, **kwargs)
        return self._get(*args, **kwargs)

    def _put(self, source, pe, offset=0, nbi=False, as_bytes=False):
        span = local_span(source, writable=False)
        dest = self._remote("put", span, offset, as_bytes)
        put = _native.rocshmem_putmem_nbi if nbi else _native.rocshmem_putmem
        put(dest, span.address, span.nbytes, pe)

    def _get(self, dest, pe, offset=0, nbi=False, as_bytes=False):
        span = local_span(dest, writable=True)
        source = self._remote("get", span, offset, as_bytes)
        get = _native.rocshmem_getmem_nbi if nbi else _native.rocshmem_getmem
        get(span.address, source, span.nbytes, pe)

    def __int__(self):
        """The address (rocSHMEM's int(buffer))."""
        return self.ptr

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
            raise AttributeError(f"{self.element_type} has no {protocol} type; use DLPack")
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


def _address_form(args, kwargs):
    """Whether put/get were called in rocSHMEM's form (an address first)."""
    first = args[0] if args else kwargs.get("source_ptr")
    return "source_ptr" in kwargs or (isinstance(first, numbers.Integral)
                                      and not isinstance(first, bool))


def _raw_put(buffer, source_ptr, nelems, pe):
    _native.rocshmem_putmem(buffer.ptr, int(source_ptr), nelems, pe)


def _raw_get(buffer, source_ptr, nelems, pe):
    _native.rocshmem_getmem(buffer.ptr, int(source_ptr), nelems, pe)


def _block_of(ptr, nbytes, own_data):
    """(block start, PE) of memory at ptr: a block this PE allocated, or a
    peer's copy of one as mapped here; ValueError otherwise."""
    local = _native._block(ptr)
    if local is not None:
        start, size, _ = local
        if own_data and ptr != start:
            raise ValueError(f"SymmetricBuffer: own_data=True needs ptr = {ptr:#x} to be the "
                             f"start of a block (it lies {ptr - start} bytes into one)")
        if ptr + nbytes > start + size:
            raise ValueError(f"SymmetricBuffer: {nbytes} bytes at ptr = {ptr:#x} overrun its "
                             f"block of {size} bytes")
        return start, _native.rocshmem_my_pe()
    anchor = _native._heap_anchor()
    bases = rocshmem_get_heap_bases()
    below = [(base, pe) for pe, base in enumerate(bases) if base and base <= ptr]
    if below:
        base, pe = max(below)
        mine = _native._block(ptr - base + anchor)
        if mine is not None and ptr - base + anchor + nbytes <= mine[0] + mine[1]:
            if own_data:
                raise ValueError(f"SymmetricBuffer: ptr = {ptr:#x} is PE {pe}'s memory; a "
                                 "view of it owns nothing (own_data=False)")
            return mine[0], pe
    raise ValueError(f"SymmetricBuffer: ptr = {ptr:#x} ({nbytes} bytes) is not symmetric "
                     "memory of this PE nor a peer's copy of it mapped here")


def rocshmem_create_buffer(nbytes, element_type=None, **options):
    """A new SymmetricBuffer of nbytes bytes (collective), as rocSHMEM's;
    or, given an element type, of that shape (options as SymmetricBuffer's)."""
    return SymmetricBuffer(nbytes, element_type, **options)


def rocshmem_get_peer_buffer(buf, peer):
    """`buf` as PE peer has it, mapped here (SymmetricBuffer.peer); `buf`
    itself for this PE.  RuntimeError (PeerUnreachableError) where the peer
    cannot be reached by load/store: use get instead."""
    if peer == _native.rocshmem_my_pe():
        return buf
    return buf.peer(peer)


def rocshmem_get_heap_bases(ptr=None):
    """For every PE, where its copy of symmetric address `ptr` is mapped in
    this process (rocshmem_ptr(ptr, pe); 0 where it is not mapped here), so
    bases[pe] + (local - bases[my_pe]) translates a local address of the same
    block.  Without ptr, the reference point is the heap anchor every PE
    allocated at init, which serves every block of the heap rocshmem_malloc
    serves (the GPU heap where there is one)."""
    if ptr is None:
        ptr = _native._heap_anchor()
    return [_native.rocshmem_ptr(ptr, pe) for pe in range(_native.rocshmem_n_pes())]
