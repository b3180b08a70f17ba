"""Collectives and signals on symmetric buffers (NumPy arrays, CuPy arrays,
tensors).

Every routine takes symmetric memory: a SymmetricBuffer, or a contiguous
view of one (numpy.asarray(buf)[2:6], a tensor from interop.torch).
Collectives are called by every member of `team` (default WORLD) with the
same element type and counts; their element type comes from the arguments,
and dest and source must agree (TypeError naming both otherwise).

On host memory they are the C API's team collectives (rocshmem_TYPE_OP_reduce,
reduce_scatter, broadcastmem, collectmem, fcollectmem, alltoallmem) and
return when this PE's part is done.  On GPU memory reduce, reduce_scatter,
broadcast, fcollect, alltoall and barrier are enqueued on `stream` (an int:
the raw cudaStream_t / hipStream_t, default 0) with the *_on_stream
routines; synchronize the stream before the host reads the result.  collect
and the signals are host-memory only.

Reductions: "and", "or", "xor" on integer types; "max", "min", "sum",
"prod" on integer and floating-point types (int8 ... uint64, float32,
float64; the C API has none for float16, bfloat16 or complex).
"""
from . import _rocshmem4py as _native
from .buffer import SymmetricBuffer, check_types, local_span
from .teams import WORLD

OPS = ("and", "or", "xor", "max", "min", "sum", "prod")
# The C type key of each element type with reductions (types.def).
REDUCE_KEYS = {"int8": "int8", "int16": "int16", "int32": "int32", "int64": "int64",
               "uint8": "uint8", "uint16": "uint16", "uint32": "uint32", "uint64": "uint64",
               "float32": "float", "float64": "double"}
SIGNAL_SET = _native.ROCSHMEM_SIGNAL_SET
SIGNAL_ADD = _native.ROCSHMEM_SIGNAL_ADD
_CMPS = {"==": _native.ROCSHMEM_CMP_EQ, "!=": _native.ROCSHMEM_CMP_NE,
         ">": _native.ROCSHMEM_CMP_GT, ">=": _native.ROCSHMEM_CMP_GE,
         "<": _native.ROCSHMEM_CMP_LT, "<=": _native.ROCSHMEM_CMP_LE}


def _spans(call, dest, source):
    """The spans of dest and source, of one element type, both on the host
    or both on the GPU."""
    d, s = local_span(dest, writable=True), local_span(source, writable=False)
    if d.dtype is None or s.dtype is None:
        raise TypeError(f"{call}: dest and source need an element type (plain bytes have none)")
    check_types(call, d.dtype, s)
    if d.on_device != s.on_device:
        raise ValueError(f"{call}: dest and source must both be host memory or both GPU memory")
    return d, s


def _stream(stream):
    return 0 if stream is None else int(stream)


def reduction_key(call, dtype, op):
    """The C type key of a reduction of dtype by op, or a clear error."""
    if op not in OPS:
        raise ValueError(f"{call}: op = {op!r} is not one of {', '.join(OPS)}")
    key = REDUCE_KEYS.get(dtype.name)
    if key is None or (op in OPS[:3] and key in ("float", "double")):
        raise TypeError(f"{call}: no {op} reduction for {dtype.name} (and/or/xor: integer "
                        "types; max/min/sum/prod: integer and floating-point types)")
    return key


# The GPU's reductions add these type keys (rocshmem_stream.h).
_DEVICE_REDUCE_KEYS = {"float16": "half", "bfloat16": "bfloat16"}


def _key(call, span, op):
    if span.on_device and span.dtype.name in _DEVICE_REDUCE_KEYS and op in OPS[3:]:
        return _DEVICE_REDUCE_KEYS[span.dtype.name]
    return reduction_key(call, span.dtype, op)


def reduce(dest, source, op="sum", team=WORLD, stream=None):
    """All-reduce: dest[k] on every member = op over the members' source[k],
    for every element k of source (dest holds at least as many; dest may be
    source)."""
    d, s = _spans("reduce", dest, source)
    n = s.nbytes // s.dtype.itemsize
    key = _key("reduce", s, op)
    if s.on_device:
        _native._reduce_on_stream(key, op, team, d.address, s.address, s.nbytes, n,
                                  _stream(stream))
    else:
        _native._reduce(key, op, team, d.address, s.address, n)


_scratch = None  # the GPU reduce_scatter's full result, reused while it fits


def _gpu_scratch(nbytes, stream):
    """GPU symmetric memory of at least nbytes.  Collective: every member
    calls reduce_scatter with the same sizes, so all grow it together; the
    old block is freed once the stream is done with it."""
    global _scratch
    if _scratch is None or not _scratch.live or _scratch.nbytes < nbytes:
        if _scratch is not None and _scratch.live:
            _native.hip_device_synchronize()
            _scratch.free()
        _scratch = SymmetricBuffer(nbytes, "uint8")
    return _scratch.ptr


def reduce_scatter(dest, source, op="sum", team=WORLD, stream=None):
    """source has one block per member (the team's size n blocks of
    len(source) / n elements); member i's dest = op over the members'
    block i."""
    d, s = _spans("reduce_scatter", dest, source)
    members = _native.rocshmem_team_n_pes(team)
    count = s.nbytes // s.dtype.itemsize
    if count % members:
        raise ValueError(f"reduce_scatter: {count} elements do not split into {members} blocks")
    key = _key("reduce_scatter", s, op)
    if not s.on_device:
        _native._reduce_scatter(key, op, team, d.address, s.address, count // members)
        return
    # The GPU has a stream-ordered all-reduce only: reduce everything into
    # scratch memory, then copy this member's block (a put to itself).
    block = s.nbytes // members
    full = _gpu_scratch(s.nbytes, stream)
    _native._reduce_on_stream(key, op, team, full, s.address, s.nbytes, count, _stream(stream))
    me = _native.rocshmem_team_my_pe(team)
    _native.rocshmem_putmem_on_stream(d.address, full + me * block, block,
                                      _native.rocshmem_my_pe(), _stream(stream))


def broadcast(dest, source, root=0, team=WORLD, stream=None):
    """Every member's dest = member root's source (root numbered in the team)."""
    d, s = _spans("broadcast", dest, source)
    if s.on_device:
        _native.rocshmem_broadcastmem_on_stream(team, d.address, s.address, s.nbytes, root,
                                                _stream(stream))
    else:
        _native._byte_collective("broadcast", team, d.address, s.address, s.nbytes, root=root)


def fcollect(dest, source, team=WORLD, stream=None):
    """All-gather: dest = the members' sources, one after the other, in
    team order (every member's source has the same size)."""
    d, s = _spans("fcollect", dest, source)
    if not s.on_device:
        _native._byte_collective("fcollect", team, d.address, s.address, s.nbytes)
        return
    members = _native.rocshmem_team_n_pes(team)
    if d.nbytes < members * s.nbytes:
        raise ValueError(f"fcollect: dest has {d.nbytes} bytes, not {members} times source's "
                         f"{s.nbytes}")
    # No fcollect on a stream: every member puts its block into every dest.
    handle, me = _stream(stream), _native.rocshmem_team_my_pe(team)
    _native.rocshmem_barrier_on_stream(team, handle)  # every dest may be written
    for j in range(members):
        _native.rocshmem_putmem_on_stream(d.address + me * s.nbytes, s.address, s.nbytes,
                                          _native.rocshmem_team_translate_pe(team, j, WORLD),
                                          handle)
    _native.rocshmem_barrier_on_stream(team, handle)  # complete everywhere


def alltoall(dest, source, team=WORLD, stream=None):
    """Block j of member i's source lands as block i of member j's dest
    (blocks: 1/n of the source, n the team's size)."""
    d, s = _spans("alltoall", dest, source)
    if not s.on_device:
        _native._byte_collective("alltoall", team, d.address, s.address, s.nbytes)
        return
    members = _native.rocshmem_team_n_pes(team)
    if s.nbytes % members:
        raise ValueError(f"alltoall: {s.nbytes} bytes do not split into {members} equal blocks")
    _native.rocshmem_alltoallmem_on_stream(team, d.address, s.address, s.nbytes // members,
                                           _stream(stream))


def barrier(team=WORLD, stream=None):
    """Completes this PE's transfers and waits for the team's members; with
    a stream (GPU heap), enqueued on it."""
    if stream is None:
        _native.rocshmem_barrier(team)
    else:
        _native.rocshmem_barrier_on_stream(team, int(stream))


def collect(dest, source, count=None, team=WORLD):
    """dest = the members' first `count` elements of source (count may
    differ between members; default all of source), one after the other in
    team order.  Returns the list of the members' counts."""
    d, s = _spans("collect", dest, source)
    itemsize = s.dtype.itemsize
    count = s.nbytes // itemsize if count is None else int(count)
    if not 0 <= count * itemsize <= s.nbytes:
        raise ValueError(f"collect: count = {count} is not within source's "
                         f"{s.nbytes // itemsize} elements")
    nbytes = _native._byte_collective("collect", team, d.address, s.address, count * itemsize)
    return [n // itemsize for n in nbytes]


# ---------------------------------------------------------------- signals
def _signal_address(call, signal, index):
    """The address of 64-bit signal word `index` of `signal` (a uint64
    SymmetricBuffer or a view of one)."""
    span = local_span(signal, writable=True)
    if span.dtype is None or span.dtype.name not in ("uint64", "int64"):
        raise TypeError(f"{call}: the signal must be uint64 memory, not "
                        f"{span.dtype.name if span.dtype else 'plain bytes'}")
    if not 0 <= index < span.nbytes // 8:
        raise ValueError(f"{call}: index = {index} is out of range [0, {span.nbytes // 8})")
    return span.address + 8 * index


def put_signal(dest, source, signal, value, pe, op=SIGNAL_SET, index=0, offset=0, nbi=False):
    """Puts local `source` into symmetric `dest` on PE pe at byte `offset`,
    then updates signal word `index` of `signal` on PE pe: set to `value`
    (SIGNAL_SET) or add `value` (SIGNAL_ADD); the signal changes only after
    the data are there (rocshmem_putmem_signal, _nbi with nbi=True)."""
    d, s = local_span(dest, writable=True), local_span(source, writable=False)
    if d.dtype is not None:
        check_types("put_signal", d.dtype, s)
    if offset < 0 or offset + s.nbytes > d.nbytes:
        raise ValueError(f"put_signal: {s.nbytes} bytes at offset {offset} overrun dest's "
                         f"{d.nbytes} bytes")
    _native._put_signal(d.address + offset, s.address, s.nbytes,
                        _signal_address("put_signal", signal, index), value, op, pe, nbi)


def signal_wait_until(signal, cmp, value, index=0):
    """Waits until signal word `index` of this PE's `signal` compares true
    against value (cmp: "==", "!=", ">", ">=", "<", "<=" or a
    ROCSHMEM_CMP_* constant); returns the word's value."""
    code = _CMPS.get(cmp, cmp)
    return _native._signal_wait_until(_signal_address("signal_wait_until", signal, index),
                                      code, value)


def signal_fetch(signal, index=0):
    """Signal word `index` of this PE's `signal`, read atomically."""
    return _native._signal_fetch(_signal_address("signal_fetch", signal, index))
