"""PyTorch tensors on symmetric memory.

A tensor from create_tensor lives where rocshmem_malloc puts memory: on the
GPU when the job has a GPU heap (a CUDA/ROCm tensor on this PE's device),
else on the CPU (the host symmetric heap).  Either way it is a zero-copy
view of the symmetric block (DLPack), and the block lives as long as the
tensor does, until free_tensor returns it (collective).

On the GPU, put, get, barrier_all and the collectives (all_reduce,
reduce_scatter, fcollect, alltoall, broadcast) are enqueued on a stream (by
default torch's current stream), ordered with the torch work around them as
torch's own collectives are; wait with stream.synchronize() where the host
needs the result.  On the CPU they are blocking calls.

dst and src have one element type (TypeError naming both otherwise; put and
get take as_bytes=True to move bytes between types).
"""
from .. import _loader, _rocshmem4py as _native
from .. import collectives
from ..buffer import SymmetricBuffer, rocshmem_get_heap_bases

torch = _loader.dependency("torch", "rocshmem4py.interop.torch")

# The ops of torch.distributed's all_reduce that rocshmem has.
ALL_REDUCE_OPS = ("sum", "min", "max", "prod")

_buffers = {}  # tensor.data_ptr() -> the SymmetricBuffer of create_tensor


def _on_gpu():
    return _native._heap_is_gpu()


def _stream_handle(stream):
    if stream is None:
        stream = torch.cuda.current_stream()
    return stream if isinstance(stream, int) else stream.cuda_stream


def _nbytes(tensor, name):
    if not tensor.is_contiguous():
        raise ValueError(f"{name} is not contiguous")
    return tensor.numel() * tensor.element_size()


def _same_type(what, dst, src, as_bytes=None):
    """TypeError unless dst and src have one dtype (or as_bytes=True); as_bytes
    None: `what` has no such keyword, and the message does not offer it."""
    if not as_bytes and dst.dtype != src.dtype:
        escape = "" if as_bytes is None else ", or pass as_bytes=True to move the bytes as they are"
        raise TypeError(f"{what}: dst is {dst.dtype}, src {src.dtype}; convert one (.to){escape}")


def _same_size(what, dst, src, as_bytes=None):
    _same_type(what, dst, src, as_bytes)
    n = _nbytes(dst, "dst")
    if _nbytes(src, "src") != n:
        raise ValueError(f"{what}: dst has {n} bytes, src {_nbytes(src, 'src')}")
    return n


def _host_only(what, *tensors):
    if any(t.device.type != "cpu" for t in tensors):
        raise ValueError(f"{what}: this job's symmetric memory is on the host (no GPU heap): "
                         "GPU tensors cannot be transferred")


def create_tensor(shape, dtype=torch.float32):
    """A tensor on symmetric memory (collective: the same shape and dtype on
    every PE)."""
    buffer = SymmetricBuffer(shape, dtype)
    tensor = torch.from_dlpack(buffer)
    _buffers[tensor.data_ptr()] = buffer
    return tensor


def _buffer_of(tensor):
    try:
        return _buffers[tensor.data_ptr()]
    except KeyError:
        raise ValueError("not a tensor returned by create_tensor (or it was freed)") from None


def free_tensor(tensor):
    """Returns a create_tensor tensor's memory (collective).  Views of it must
    not be used afterwards."""
    _buffer_of(tensor).free()
    del _buffers[tensor.data_ptr()]


def get_peer_tensor(tensor, pe):
    """PE pe's copy of a create_tensor tensor, mapped into this process:
    reading and writing it reaches PE pe's memory directly (same node).
    Raises rocshmem4py.PeerUnreachableError where that is impossible."""
    return torch.from_dlpack(_buffer_of(tensor).peer(pe))


def _transfer(call, on_stream, on_host, dst, src, pe, stream, as_bytes):
    nbytes = _same_size(call, dst, src, as_bytes)
    if _on_gpu():
        on_stream(dst.data_ptr(), src.data_ptr(), nbytes, pe, _stream_handle(stream))
    else:
        _host_only(call, dst, src)
        on_host(dst.data_ptr(), src.data_ptr(), nbytes, pe)


def put(dst, src, pe, stream=None, as_bytes=False):
    """Copies local tensor src into symmetric tensor dst on PE pe (same
    dtype and number of bytes)."""
    _transfer("put", _native.rocshmem_putmem_on_stream, _native.rocshmem_putmem,
              dst, src, pe, stream, as_bytes)


def get(dst, src, pe, stream=None, as_bytes=False):
    """Copies symmetric tensor src of PE pe into local tensor dst."""
    _transfer("get", _native.rocshmem_getmem_on_stream, _native.rocshmem_getmem,
              dst, src, pe, stream, as_bytes)


def barrier_all(stream=None):
    """Completes every PE's transfers and waits for all PEs (collective)."""
    if _on_gpu():
        _native.rocshmem_barrier_all_on_stream(_stream_handle(stream))
    else:
        _native.rocshmem_barrier_all()


def get_heap_bases():
    """rocshmem4py.rocshmem_get_heap_bases() as an int64 tensor, on the
    device of the heap."""
    bases = torch.tensor(rocshmem_get_heap_bases(), dtype=torch.int64)
    if _on_gpu():
        bases = bases.to(f"cuda:{_native._device_of(_native._heap_anchor())}")
    return bases


def _placement(call, dst, src, stream):
    """The stream argument of a collective on these tensors: on the GPU heap
    the given stream (default: torch's current one); on the host none (the
    call blocks)."""
    _same_type(call, dst, src)
    if _on_gpu():
        return {"stream": _stream_handle(stream)}
    _host_only(call, dst, src)
    return {}


def alltoall(team, dst, src, stream=None):
    """Collective over team (n members): block j of member i's src lands as
    block i of member j's dst; blocks are 1/n of the tensors' bytes."""
    _same_size("alltoall", dst, src)
    collectives.alltoall(dst, src, team, **_placement("alltoall", dst, src, stream))


def broadcast(team, dst, src, pe_root, stream=None):
    """Collective over team: every member's dst becomes member pe_root's src
    (pe_root numbered in the team)."""
    _same_size("broadcast", dst, src)
    n = _native.rocshmem_team_n_pes(team)
    if not 0 <= pe_root < n:
        raise ValueError(f"broadcast: pe_root = {pe_root} is out of range [0, {n}) of the team")
    collectives.broadcast(dst, src, pe_root, team, **_placement("broadcast", dst, src, stream))


def _op(call, op):
    if op not in ALL_REDUCE_OPS:
        raise ValueError(f"{call}: op = {op!r} is not one of {', '.join(ALL_REDUCE_OPS)}")
    return op


def all_reduce(team, dst, src, op="sum", stream=None):
    """Collective over team: every member's dst = op ("sum", "min", "max",
    "prod") over the members' src, element by element (one dtype and size;
    dst may be src)."""
    _same_size("all_reduce", dst, src)
    op = _op("all_reduce", op)
    collectives.reduce(dst, src, op, team, **_placement("all_reduce", dst, src, stream))


def reduce_scatter(team, dst, src, op="sum", stream=None):
    """Collective over team (n members): src holds n blocks of dst's size;
    member i's dst = op over the members' block i."""
    n = _native.rocshmem_team_n_pes(team)
    if src.numel() != n * dst.numel():
        raise ValueError(f"reduce_scatter: src has {src.numel()} elements, not {n} blocks of "
                         f"dst's {dst.numel()}")
    op = _op("reduce_scatter", op)
    collectives.reduce_scatter(dst, src, op, team, **_placement("reduce_scatter", dst, src, stream))


def fcollect(team, dst, src, stream=None):
    """All-gather, collective over team (n members): dst = the members'
    src, one after the other in team order (dst has n times src's size)."""
    n = _native.rocshmem_team_n_pes(team)
    if dst.numel() != n * src.numel():
        raise ValueError(f"fcollect: dst has {dst.numel()} elements, not {n} times src's "
                         f"{src.numel()}")
    collectives.fcollect(dst, src, team, **_placement("fcollect", dst, src, stream))
