"""Device memory (2 PEs, on a GPU machine: run_gpu_python_tests.sh):
SymmetricBuffer on the GPU heap and its CUDA array interface / DLPack
exports, zero-copy torch tensors, peer views through IPC, host RMA and AMOs
on GPU memory, and every _on_stream routine on a torch CUDA stream.
Skipped without a GPU heap."""
import ctypes

import pytest

pytestmark = pytest.mark.gpu


@pytest.fixture(autouse=True)
def gpu_heap(rs):
    if not rs._rocshmem4py._heap_is_gpu():
        pytest.skip("no GPU heap (a CPU build of librocshmem, or no GPU visible)")


@pytest.fixture
def torch():
    torch = pytest.importorskip("torch")
    if not torch.cuda.is_available():
        pytest.skip("torch without a usable GPU")
    return torch


@pytest.fixture
def stream(torch):
    s = torch.cuda.Stream()
    yield s
    s.synchronize()


def host_array(ctype, values):
    return (ctype * len(values))(*values)


def test_buffer_on_the_gpu_heap(rs, torch):
    with rs.SymmetricBuffer((4, 4), "float32") as buf:
        # conftest's set_hip_device_from_env: torch's current device is rocshmem's,
        # so device="cuda" below is the buffers' device.
        assert buf.is_device and buf.device == torch.cuda.current_device()
        face = buf.__cuda_array_interface__
        assert face["shape"] == (4, 4) and face["typestr"] == "<f4"
        assert face["data"] == (buf.ptr, False) and face["version"] == 3
        assert not hasattr(buf, "__array_interface__")
        with pytest.raises(BufferError, match="GPU memory has no buffer protocol"):
            memoryview(buf)
        with pytest.raises(TypeError, match="cannot be viewed by NumPy"):
            buf.__array__()
        assert buf.__dlpack_device__()[1] == buf.device
        assert buf.__dlpack_device__()[0] in (2, 10)  # kDLCUDA, kDLROCM
        assert rs.rocshmem_get_device_ctx() != 0


def test_host_put_get_on_gpu_memory(rs, me, npes):
    with rs.SymmetricBuffer(256, "int64", zero=True) as buf:
        right, left = (me + 1) % npes, (me - 1) % npes
        buf.put(host_array(ctypes.c_int64, [1000 * me + i for i in range(256)]), right)
        rs.rocshmem_barrier_all()
        got = (ctypes.c_int64 * 256)()
        buf.get(got, me)
        assert list(got) == [1000 * left + i for i in range(256)]
        rs.rocshmem_barrier_all()


def test_host_atomics_on_gpu_memory(rs, me, npes):
    with rs.SymmetricBuffer(2, "uint64", zero=True) as buf:
        for _ in range(50):
            rs.rocshmem_uint64_atomic_fetch_add(buf.ptr, 1, 0)
        rs.rocshmem_uint64_atomic_or(buf.ptr + 8, 1 << me, 0)
        rs.rocshmem_barrier_all()
        assert rs.rocshmem_uint64_atomic_fetch(buf.ptr, 0) == 50 * npes
        assert rs.rocshmem_uint64_atomic_fetch(buf.ptr + 8, 0) == (1 << npes) - 1
        rs.rocshmem_barrier_all()


def test_torch_as_tensor_and_from_dlpack_are_zero_copy(rs, torch, me):
    with rs.SymmetricBuffer(1024, "float32") as buf:
        t = torch.as_tensor(buf, device="cuda")
        d = torch.from_dlpack(buf)
        assert t.data_ptr() == d.data_ptr() == buf.ptr and t.shape == (1024,)
        t.fill_(float(me) + 0.5)
        torch.cuda.synchronize()
        got = (ctypes.c_float * 1024)()
        buf.get(got, me)
        assert set(got) == {float(me) + 0.5}
        rs.rocshmem_barrier_all()


def test_peer_view_through_ipc(rs, torch, me, npes):
    with rs.SymmetricBuffer(npes, "int32", zero=True) as buf:
        rs.rocshmem_barrier_all()
        peer = buf.peer((me + 1) % npes)
        assert peer.is_device and peer.ptr != buf.ptr
        torch.as_tensor(peer, device="cuda")[me] = 40 + me
        torch.cuda.synchronize()
        rs.rocshmem_barrier_all()
        left = (me - 1) % npes
        assert torch.as_tensor(buf, device="cuda")[left].item() == 40 + left
        rs.rocshmem_barrier_all()


def test_heap_bases_on_the_gpu(rs, me, npes):
    bases = rs.rocshmem_get_heap_bases()
    with rs.SymmetricBuffer(8) as buf:
        for pe in range(npes):
            assert bases[pe] + (buf.ptr - bases[me]) == rs.rocshmem_ptr(buf.ptr, pe)


def test_put_signal_and_wait_on_a_stream(rs, torch, stream, me, npes):
    n = 4096
    with rs.SymmetricBuffer(n, "uint8", zero=True) as data, \
         rs.SymmetricBuffer(1, "uint64", zero=True) as signal:
        src = torch.full((n,), me + 1, dtype=torch.uint8, device="cuda")
        torch.cuda.synchronize()
        h = stream.cuda_stream
        right = (me + 1) % npes
        rs.rocshmem_putmem_signal_on_stream(data.ptr, src.data_ptr(), n, signal.ptr, 7,
                                            rs.ROCSHMEM_SIGNAL_SET, right, h)
        rs.rocshmem_signal_wait_until_on_stream(signal.ptr, rs.ROCSHMEM_CMP_EQ, 7, h)
        stream.synchronize()
        assert torch.as_tensor(data, device="cuda").eq((me - 1) % npes + 1).all().item()
        rs.rocshmem_barrier_all_on_stream(h)
        stream.synchronize()


def test_putmem_getmem_on_a_stream(rs, torch, stream, me, npes):
    n = 1 << 20
    with rs.SymmetricBuffer(n, "uint8", zero=True) as buf:
        h = stream.cuda_stream
        src = torch.full((n,), 3 + me, dtype=torch.uint8, device="cuda")
        torch.cuda.synchronize()
        rs.rocshmem_putmem_on_stream(buf.ptr, src.data_ptr(), n, (me + 1) % npes, h)
        rs.rocshmem_barrier_all_on_stream(h)
        out = torch.zeros(n, dtype=torch.uint8, device="cuda")
        rs.rocshmem_getmem_on_stream(out.data_ptr(), buf.ptr, n, (me + 1) % npes, h)
        stream.synchronize()
        assert out.eq(3 + me).all().item()  # what this PE put there
        rs.rocshmem_barrier_all()


def test_stream_barriers_and_syncs(rs, torch, stream, me, npes):
    team = rs.teams.split_strided(rs.WORLD, npes - 1, -1, npes)
    h = stream.cuda_stream
    rs.rocshmem_barrier_all_on_stream(h)
    rs.rocshmem_sync_all_on_stream(h)
    rs.rocshmem_barrier_on_stream(team, h)
    rs.rocshmem_team_sync_on_stream(team, h)
    rs.rocshmem_barrier_on_stream(rs.WORLD, h)
    stream.synchronize()
    rs.hip_device_synchronize()
    rs.teams.destroy(team)


def test_alltoall_and_broadcast_on_a_stream(rs, torch, stream, me, npes):
    block = 64
    with rs.SymmetricBuffer(npes * block, "uint8") as src, \
         rs.SymmetricBuffer(npes * block, "uint8", zero=True) as dst:
        s = torch.as_tensor(src, device="cuda").view(npes, block)
        for j in range(npes):
            s[j].fill_(16 * me + j)
        torch.cuda.synchronize()
        h = stream.cuda_stream
        rs.rocshmem_barrier_all_on_stream(h)
        rs.rocshmem_alltoallmem_on_stream(rs.WORLD, dst.ptr, src.ptr, block, h)
        stream.synchronize()
        d = torch.as_tensor(dst, device="cuda").view(npes, block)
        for i in range(npes):
            assert d[i].eq(16 * i + me).all().item()
        rs.rocshmem_broadcastmem_on_stream(rs.WORLD, dst.ptr, src.ptr, npes * block, 1, h)
        stream.synchronize()
        assert torch.equal(d[:, 0].cpu(), torch.tensor([16 + j for j in range(npes)],
                                                       dtype=torch.uint8))
        rs.rocshmem_barrier_all()


def test_stream_misuse_raises(rs, me):
    with rs.SymmetricBuffer(2, "uint64") as buf:
        with pytest.raises(ValueError, match="sig_addr = .* is not 8-byte aligned"):
            rs.rocshmem_signal_wait_until_on_stream(buf.ptr + 4, rs.ROCSHMEM_CMP_EQ, 1, 0)
        with pytest.raises(ValueError, match="sig_op = 9"):
            rs.rocshmem_putmem_signal_on_stream(buf.ptr, buf.ptr, 0, buf.ptr, 1, 9, me, 0)
        with pytest.raises(ValueError, match="cmp = 17"):
            rs.rocshmem_signal_wait_until_on_stream(buf.ptr, 17, 1, 0)
        with pytest.raises(ValueError, match="pe_root = 5 is out of range"):
            rs.rocshmem_broadcastmem_on_stream(rs.WORLD, buf.ptr, buf.ptr, 8, 5, 0)
        with pytest.raises(ValueError, match="overrun"):
            rs.rocshmem_alltoallmem_on_stream(rs.WORLD, buf.ptr, buf.ptr, 16, 0)
        with pytest.raises(ValueError, match="is not a live team"):
            rs.rocshmem_barrier_on_stream(42, 0)
        with pytest.raises(ValueError, match="rocshmem_hipmodule_init: module = NULL"):
            rs.rocshmem_hipmodule_init(0)
        rs.rocshmem_barrier_all()
