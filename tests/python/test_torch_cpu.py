"""rocshmem4py.interop.torch on the host heap: CPU tensors (2 PEs; skipped
without torch, and where the job has a GPU heap: test_gpu_torch.py)."""
import pytest

torch = pytest.importorskip("torch")


@pytest.fixture
def rt(rs):
    if rs._rocshmem4py._heap_is_gpu():
        pytest.skip("this job has a GPU heap (see test_gpu_torch.py)")
    from rocshmem4py.interop import torch as interop
    return interop


def test_create_tensor_is_a_cpu_view_of_symmetric_memory(rs, rt, me):
    t = rt.create_tensor((3, 5), torch.float64)
    assert t.device.type == "cpu" and t.dtype == torch.float64 and t.shape == (3, 5)
    assert rs._rocshmem4py._block(t.data_ptr()) == (t.data_ptr(), 120, False)
    assert rs.rocshmem_ptr(t.data_ptr(), me) == t.data_ptr()
    rt.free_tensor(t)
    with pytest.raises(ValueError, match="not a tensor returned by create_tensor"):
        rt.free_tensor(t)


@pytest.mark.parametrize("dtype", [torch.int32, torch.int64, torch.float16, torch.bfloat16,
                                   torch.float32, torch.complex64, torch.uint8],
                         ids=lambda dtype: str(dtype).replace("torch.", ""))
def test_put_get_every_dtype(rs, rt, me, npes, dtype):
    t = rt.create_tensor((8,), dtype)
    src = (torch.arange(8) + 10 * me).to(dtype)
    rt.put(t, src, (me + 1) % npes)
    rt.barrier_all()
    assert torch.equal(t, (torch.arange(8) + 10 * ((me - 1) % npes)).to(dtype))
    back = torch.zeros(8, dtype=dtype)
    rt.get(back, t, (me + 1) % npes)
    assert torch.equal(back, src)
    rt.barrier_all()
    rt.free_tensor(t)


def test_peer_tensor_writes_the_peer_memory(rs, rt, me, npes):
    t = rt.create_tensor((npes,), torch.int64)
    t.zero_()
    rt.barrier_all()
    rt.get_peer_tensor(t, (me + 1) % npes)[me] = 7 + me
    rt.barrier_all()
    assert t[(me - 1) % npes].item() == 7 + (me - 1) % npes
    rt.barrier_all()
    rt.free_tensor(t)


def test_alltoall_on_world_and_on_a_reversed_team(rs, rt, me, npes):
    src = rt.create_tensor((npes, 3), torch.int32)
    dst = rt.create_tensor((npes, 3), torch.int32)
    src.copy_(torch.arange(npes * 3, dtype=torch.int32).reshape(npes, 3) + 100 * me)
    rt.alltoall(rs.WORLD, dst, src)
    want = torch.stack([torch.arange(3, dtype=torch.int32) + 3 * me + 100 * i
                        for i in range(npes)])
    assert torch.equal(dst, want)
    team = rs.teams.split_strided(rs.WORLD, npes - 1, -1, npes)
    rt.alltoall(team, dst, src)
    tme = rs.rocshmem_team_my_pe(team)
    senders = [rs.rocshmem_team_translate_pe(team, i, rs.WORLD) for i in range(npes)]
    want = torch.stack([torch.arange(3, dtype=torch.int32) + 3 * tme + 100 * s for s in senders])
    assert torch.equal(dst, want)
    rs.teams.destroy(team)
    rt.free_tensor(dst)
    rt.free_tensor(src)


@pytest.mark.parametrize("root", [0, 1])
def test_broadcast(rs, rt, me, root):
    src = rt.create_tensor((6,), torch.float32)
    dst = rt.create_tensor((6,), torch.float32)
    src.fill_(float(me + 1))
    rt.broadcast(rs.WORLD, dst, src, root)
    assert torch.equal(dst, torch.full((6,), float(root + 1)))
    with pytest.raises(ValueError, match="pe_root = 2 is out of range"):
        rt.broadcast(rs.WORLD, dst, src, 2)
    rt.free_tensor(dst)
    rt.free_tensor(src)


def test_heap_bases_tensor(rs, rt, me, npes):
    bases = rt.get_heap_bases()
    assert bases.dtype == torch.int64 and bases.device.type == "cpu"
    assert bases.tolist() == rs.rocshmem_get_heap_bases()


def test_misuse(rs, rt, me):
    t = rt.create_tensor((4,), torch.float32)
    with pytest.raises(ValueError, match="dst has 16 bytes, src 20"):
        rt.put(t, torch.zeros(5), me)
    with pytest.raises(ValueError, match="not contiguous"):
        rt.put(t, torch.zeros(8)[::2], me)
    with pytest.raises(ValueError, match="not in a live symmetric block"):
        rt.put(torch.zeros(4), torch.zeros(4), me)
    odd = rt.create_tensor((3,), torch.uint8)
    with pytest.raises(ValueError, match="3 bytes do not split into 2 equal blocks"):
        rt.alltoall(rs.WORLD, odd, odd)
    rt.free_tensor(odd)
    rt.free_tensor(t)
