"""PyTorch tensors on symmetric memory.

A tensor from create_tensor lives where rocshmem_malloc puts memory: on the
GPU when the job has a GPU heap (a CUDA/ROCm tensor on this PE's device),
else on the CPU (the host symmetric heap).  Either way it is a zero-copy
view of the symmetric block (DLPack), and the block lives as long as the
tensor does, until free_tensor returns it (collective).

On the GPU, put, get, barrier_all, alltoall and broadcast are enqueued on a
stream (by default torch's current stream), ordered with the torch work
around them as torch's own collectives are; wait with stream.synchronize()
where the host needs the result.  On the CPU they are blocking calls.
"""
import torch

from .. import _rocshmem4py as _native
from ..buffer import SymmetricBuffer, rocshmem_get_heap_bases
from ..teams import WORLD

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


def _same_size(what, dst, src):
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


def _transfer(call, on_stream, on_host, dst, src, pe, stream):
    nbytes = _same_size(call, dst, src)
    if _on_gpu():
        on_stream(dst.data_ptr(), src.data_ptr(), nbytes, pe, _stream_handle(stream))
    else:
        _host_only(call, dst, src)
        on_host(dst.data_ptr(), src.data_ptr(), nbytes, pe)


def put(dst, src, pe, stream=None):
    """Copies local tensor src into symmetric tensor dst on PE pe (as many
    bytes as both have; they must match)."""
    _transfer("put", _native.rocshmem_putmem_on_stream, _native.rocshmem_putmem,
              dst, src, pe, stream)


def get(dst, src, pe, stream=None):
    """Copies symmetric tensor src of PE pe into local tensor dst."""
    _transfer("get", _native.rocshmem_getmem_on_stream, _native.rocshmem_getmem,
              dst, src, pe, stream)


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


def _team_pes(team):
    n = _native.rocshmem_team_n_pes(team)
    return n, [_native.rocshmem_team_translate_pe(team, j, WORLD) for j in range(n)]


def alltoall(team, dst, src, stream=None):
    """Collective over team (n members): block j of member i's src lands as
    block i of member j's dst; blocks are 1/n of the tensors' bytes."""
    nbytes = _same_size("alltoall", dst, src)
    n = _native.rocshmem_team_n_pes(team)
    if n < 1 or nbytes % n:
        raise ValueError(f"alltoall: {nbytes} bytes do not split into {n} equal blocks")
    block = nbytes // n
    if _on_gpu():
        _native.rocshmem_alltoallmem_on_stream(team, dst.data_ptr(), src.data_ptr(), block,
                                               _stream_handle(stream))
        return
    _host_only("alltoall", dst, src)
    n, world_pes = _team_pes(team)
    me = _native.rocshmem_team_my_pe(team)
    _native.rocshmem_barrier(team)  # every member's dst is free to be written
    for j, pe in enumerate(world_pes):
        _native.rocshmem_putmem(dst.data_ptr() + me * block, src.data_ptr() + j * block, block, pe)
    _native.rocshmem_barrier(team)  # and now complete everywhere


def broadcast(team, dst, src, pe_root, stream=None):
    """Collective over team: every member's dst becomes member pe_root's src
    (pe_root numbered in the team)."""
    nbytes = _same_size("broadcast", dst, src)
    if _on_gpu():
        _native.rocshmem_broadcastmem_on_stream(team, dst.data_ptr(), src.data_ptr(), nbytes,
                                                pe_root, _stream_handle(stream))
        return
    _host_only("broadcast", dst, src)
    n, world_pes = _team_pes(team)
    if not 0 <= pe_root < n:
        raise ValueError(f"broadcast: pe_root = {pe_root} is out of range [0, {n}) of the team")
    _native.rocshmem_barrier(team)  # the root's src is ready
    _native.rocshmem_getmem(dst.data_ptr(), src.data_ptr(), nbytes, world_pes[pe_root])
    _native.rocshmem_barrier(team)  # nobody reads src any more
