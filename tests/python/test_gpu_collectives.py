"""Collectives on the GPU heap, stream-ordered: interop.torch's all_reduce
(sum, min, max, prod), reduce_scatter, fcollect, alltoall and broadcast on
CUDA tensors, and rocshmem4py.collectives on GPU SymmetricBuffers, on torch's
current stream and on a side stream, checked against torch computed from
every PE's inputs.  Skipped without a GPU heap (run_gpu_python_tests.sh runs
them on a GPU machine)."""
import pytest

pytestmark = [pytest.mark.gpu, pytest.mark.any_pes]
torch = pytest.importorskip("torch")


@pytest.fixture
def rt(rs):
    if not rs._rocshmem4py._heap_is_gpu() or not torch.cuda.is_available():
        pytest.skip("no GPU heap, or torch without a GPU")
    from rocshmem4py.interop import torch as interop
    return interop


@pytest.fixture(params=["current", "side"])
def stream(request, rt):
    """None (torch's current stream), or a side stream the test waits on."""
    return None if request.param == "current" else torch.cuda.Stream()


def inputs(pe, count, dtype):
    g = torch.Generator().manual_seed(pe)
    return torch.randint(1, 4, (count,), generator=g).to(dtype)


def finish(stream):
    (torch.cuda.current_stream() if stream is None else stream).synchronize()


@pytest.mark.parametrize("dtype", [torch.int32, torch.int64, torch.float32, torch.float64,
                                   torch.float16, torch.bfloat16],
                         ids=lambda dtype: str(dtype).replace("torch.", ""))
def test_all_reduce_every_op(rs, rt, me, npes, stream, dtype):
    src = rt.create_tensor((64,), dtype)
    dst = rt.create_tensor((64,), dtype)
    src.copy_(inputs(me, 64, dtype).cuda())
    torch.cuda.synchronize()
    every = torch.stack([inputs(pe, 64, dtype) for pe in range(npes)]).to(torch.float64)
    for op, want in (("sum", every.sum(0)), ("min", every.min(0).values),
                     ("max", every.max(0).values), ("prod", every.prod(0))):
        rt.all_reduce(rs.WORLD, dst, src, op, stream=stream)
        finish(stream)
        assert torch.equal(dst.cpu(), want.to(dtype)), op
    rt.barrier_all()
    torch.cuda.synchronize()
    rt.free_tensor(dst)
    rt.free_tensor(src)


def test_reduce_scatter_fcollect_alltoall_broadcast(rs, rt, me, npes, stream):
    block = 6
    src = rt.create_tensor((npes * block,), torch.float32)
    part = rt.create_tensor((block,), torch.float32)
    gathered = rt.create_tensor((npes * block,), torch.float32)
    swapped = rt.create_tensor((npes * block,), torch.float32)
    src.copy_(inputs(me, npes * block, torch.float32).cuda())
    torch.cuda.synchronize()
    every = torch.stack([inputs(pe, npes * block, torch.float32) for pe in range(npes)])
    rt.reduce_scatter(rs.WORLD, part, src, "sum", stream=stream)
    rt.fcollect(rs.WORLD, gathered, part, stream=stream)
    rt.alltoall(rs.WORLD, swapped, src, stream=stream)
    finish(stream)
    total = every.sum(0)
    assert torch.equal(part.cpu(), total[me * block:(me + 1) * block])
    assert torch.equal(gathered.cpu(), total)
    want = torch.cat([every[pe, me * block:(me + 1) * block] for pe in range(npes)])
    assert torch.equal(swapped.cpu(), want)
    for root in range(npes):
        rt.broadcast(rs.WORLD, gathered, src, root, stream=stream)
        finish(stream)
        assert torch.equal(gathered.cpu(), every[root]), root
    rt.barrier_all()
    torch.cuda.synchronize()
    for t in (swapped, gathered, part, src):
        rt.free_tensor(t)


def test_collectives_on_gpu_symmetric_buffers(rs, rt, me, npes):
    """rocshmem4py.collectives on SymmetricBuffers of the GPU heap, on the
    default stream (0)."""
    a = rs.SymmetricBuffer(16, "int64")
    b = rs.SymmetricBuffer(16, "int64")
    torch.from_dlpack(a).copy_(torch.arange(16, device="cuda") * (me + 1))
    torch.cuda.synchronize()
    rs.collectives.reduce(b, a, "max", stream=0)
    rs.hip_device_synchronize()
    assert torch.equal(torch.from_dlpack(b).cpu(), torch.arange(16) * npes)
    rs.collectives.barrier(rs.WORLD, stream=0)
    rs.hip_device_synchronize()
    b.free()
    a.free()
