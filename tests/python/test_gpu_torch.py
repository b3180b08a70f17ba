"""rocshmem4py.interop.torch with CUDA tensors on the GPU heap (2 PEs on a
GPU machine: run_gpu_python_tests.sh).  Skipped without a GPU heap or a
CUDA-capable torch."""
import pytest

pytestmark = pytest.mark.gpu
torch = pytest.importorskip("torch")


@pytest.fixture
def rt(rs):
    if not rs._rocshmem4py._heap_is_gpu() or not torch.cuda.is_available():
        pytest.skip("no GPU heap, or torch without a GPU")
    from rocshmem4py.interop import torch as interop
    return interop


def test_create_tensor_on_the_gpu(rs, rt, me):
    t = rt.create_tensor((2, 3), torch.float16)
    assert t.is_cuda and t.dtype == torch.float16 and t.shape == (2, 3)
    assert rs._rocshmem4py._block(t.data_ptr())[2]  # in the GPU heap
    rt.free_tensor(t)


@pytest.mark.parametrize("dtype", [torch.int32, torch.float32, torch.bfloat16, torch.float64],
                         ids=lambda dtype: str(dtype).replace("torch.", ""))
def test_put_get_on_the_current_stream(rs, rt, me, npes, dtype):
    t = rt.create_tensor((1000,), dtype)
    src = (torch.arange(1000, device="cuda") % 97 + me).to(dtype)
    rt.put(t, src, (me + 1) % npes)
    rt.barrier_all()
    back = torch.empty(1000, dtype=dtype, device="cuda")
    rt.get(back, t, me)
    torch.cuda.current_stream().synchronize()
    assert torch.equal(back, (torch.arange(1000, device="cuda") % 97 + (me - 1) % npes).to(dtype))
    rt.barrier_all()
    torch.cuda.synchronize()
    rt.free_tensor(t)


def test_put_on_a_side_stream(rs, rt, me, npes):
    t = rt.create_tensor((64,), torch.int64)
    side = torch.cuda.Stream()
    src = torch.full((64,), 5 + me, dtype=torch.int64, device="cuda")
    torch.cuda.synchronize()
    rt.put(t, src, (me + 1) % npes, stream=side)
    rt.barrier_all(stream=side)
    side.synchronize()
    assert t.eq(5 + (me - 1) % npes).all().item()
    rt.barrier_all()
    torch.cuda.synchronize()
    rt.free_tensor(t)


def test_peer_tensor(rs, rt, me, npes):
    t = rt.create_tensor((npes,), torch.int32)
    t.zero_()
    rt.barrier_all()
    torch.cuda.synchronize()
    rt.get_peer_tensor(t, (me + 1) % npes)[me] = 9 + me
    torch.cuda.synchronize()
    rs.rocshmem_barrier_all()
    assert t[(me - 1) % npes].item() == 9 + (me - 1) % npes
    rt.free_tensor(t)


def test_alltoall_and_broadcast(rs, rt, me, npes):
    src = rt.create_tensor((npes, 16), torch.float32)
    dst = rt.create_tensor((npes, 16), torch.float32)
    rows = torch.arange(npes * 16, dtype=torch.float32, device="cuda").view(npes, 16)
    src.copy_(rows + 1000 * me)
    rt.barrier_all()
    rt.alltoall(rs.WORLD, dst, src)
    rt.barrier_all()
    torch.cuda.synchronize()
    want = torch.stack([torch.arange(16, dtype=torch.float32) + 16 * me + 1000 * i
                        for i in range(npes)])
    assert torch.equal(dst.cpu(), want)
    rt.broadcast(rs.WORLD, dst, src, 0)
    rt.barrier_all()
    torch.cuda.synchronize()
    assert torch.equal(dst.cpu(), torch.arange(npes * 16, dtype=torch.float32).view(npes, 16))
    rt.free_tensor(dst)
    rt.free_tensor(src)


def test_heap_bases_on_the_device(rs, rt):
    bases = rt.get_heap_bases()
    assert bases.is_cuda and bases.tolist() == rs.rocshmem_get_heap_bases()


def test_host_tensors_cannot_be_mixed_up(rs, rt, me):
    t = rt.create_tensor((4,), torch.float32)
    with pytest.raises(ValueError, match="not in a live symmetric block"):
        rt.put(torch.zeros(4, device="cuda"), t, me)
    torch.cuda.synchronize()
    rt.free_tensor(t)
