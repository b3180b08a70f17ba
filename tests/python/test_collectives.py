"""rocshmem4py.collectives on host SymmetricBuffers, and interop.torch's
collectives on CPU tensors, checked against NumPy / torch computed here from
every PE's inputs (each PE can rebuild any other PE's data: it depends only
on the PE number).  Runs with 2 PEs, and with 1 and 4 (marker any_pes)."""
import functools

import pytest

pytestmark = pytest.mark.any_pes

INTEGER = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]
FLOATING = ["float32", "float64"]
BITWISE = ["and", "or", "xor"]
ARITH = ["max", "min", "sum", "prod"]


@pytest.fixture
def host(rs):
    if rs._rocshmem4py._heap_is_gpu():
        pytest.skip("this job's heap is on the GPU (host collectives need host memory)")
    return rs.collectives


def data(np, dtype, pe, count, salt=0):
    """PE pe's input: small values (products of 4 stay in int8), integral so
    that float sums are exact in any order."""
    rng = np.random.default_rng(1000 * salt + pe)
    return rng.integers(1, 4, size=count).astype(dtype)


def reference(np, op, arrays):
    ufunc = {"and": np.bitwise_and, "or": np.bitwise_or, "xor": np.bitwise_xor,
             "max": np.maximum, "min": np.minimum, "sum": np.add, "prod": np.multiply}[op]
    return functools.reduce(ufunc, arrays).astype(arrays[0].dtype)


def world_team(rs, request):
    """WORLD, or a team of the world's PEs in reverse order (its member i is
    world PE n-1-i): the team numbering must be honoured."""
    if request.param == "world":
        return rs.WORLD, list(range(rs.rocshmem_n_pes()))
    n = rs.rocshmem_n_pes()
    team = rs.teams.split_strided(rs.WORLD, n - 1, -1, n)
    request.addfinalizer(lambda: rs.teams.destroy(team))
    return team, [n - 1 - i for i in range(n)]


@pytest.fixture(params=["world", "reversed"])
def team(rs, request):
    return world_team(rs, request)


@pytest.mark.parametrize("dtype", INTEGER + FLOATING)
def test_reduce_every_op(rs, host, np, me, team, dtype):
    team_id, members = team
    ops = ARITH + (BITWISE if dtype in INTEGER else [])
    src = rs.SymmetricBuffer(37, dtype)
    dst = rs.SymmetricBuffer(37, dtype)
    for k, op in enumerate(ops):
        np.asarray(src)[:] = data(np, dtype, me, 37, salt=k)
        host.reduce(dst, src, op, team_id)
        want = reference(np, op, [data(np, dtype, pe, 37, salt=k) for pe in members])
        assert np.array_equal(np.asarray(dst), want), (op, dtype)
    # In place (dest is source), on a slice (a view of part of the buffers).
    np.asarray(src)[:] = data(np, dtype, me, 37)
    host.reduce(np.asarray(src)[:10], np.asarray(src)[:10], "sum", team_id)
    want = reference(np, "sum", [data(np, dtype, pe, 37)[:10] for pe in members])
    assert np.array_equal(np.asarray(src)[:10], want)
    assert np.array_equal(np.asarray(src)[10:], data(np, dtype, me, 37)[10:])
    dst.free()
    src.free()


@pytest.mark.parametrize("dtype", ["int32", "uint64", "float64"])
def test_reduce_scatter(rs, host, np, me, team, dtype):
    team_id, members = team
    n, block = len(members), 5
    mine = members.index(me)
    src = rs.SymmetricBuffer(n * block, dtype)
    dst = rs.SymmetricBuffer(block, dtype)
    for op in ("sum", "max", "prod"):
        np.asarray(src)[:] = data(np, dtype, me, n * block)
        host.reduce_scatter(dst, src, op, team_id)
        full = reference(np, op, [data(np, dtype, pe, n * block) for pe in members])
        assert np.array_equal(np.asarray(dst), full[mine * block:(mine + 1) * block]), op
    dst.free()
    src.free()


def test_broadcast_from_every_root(rs, host, np, me, team):
    team_id, members = team
    src = rs.SymmetricBuffer(11, "float64")
    dst = rs.SymmetricBuffer(11, "float64")
    np.asarray(src)[:] = data(np, "float64", me, 11)
    for root, root_pe in enumerate(members):
        np.asarray(dst)[:] = -1
        host.broadcast(dst, src, root, team_id)
        assert np.array_equal(np.asarray(dst), data(np, "float64", root_pe, 11)), root
    with pytest.raises(ValueError, match=f"root = {len(members)} is out of range"):
        host.broadcast(dst, src, len(members), team_id)
    dst.free()
    src.free()


def test_fcollect_and_alltoall(rs, host, np, me, team):
    team_id, members = team
    n = len(members)
    src = rs.SymmetricBuffer((n, 3), "int64")
    dst = rs.SymmetricBuffer((n, n, 3), "int64")
    np.asarray(src)[:] = data(np, "int64", me, 3 * n).reshape(n, 3) + 100 * me
    host.fcollect(dst, src, team_id)
    want = np.stack([data(np, "int64", pe, 3 * n).reshape(n, 3) + 100 * pe for pe in members])
    assert np.array_equal(np.asarray(dst), want)
    out = rs.SymmetricBuffer((n, 3), "int64")
    host.alltoall(out, src, team_id)
    mine = members.index(me)
    want = np.stack([(data(np, "int64", pe, 3 * n).reshape(n, 3) + 100 * pe)[mine]
                     for pe in members])
    assert np.array_equal(np.asarray(out), want)
    for buf in (out, dst, src):
        buf.free()


def test_collect_with_counts_that_differ(rs, host, np, me, team):
    team_id, members = team
    n = len(members)
    src = rs.SymmetricBuffer(n + 1, "int32")
    dst = rs.SymmetricBuffer(sum(range(1, n + 2)), "int32")
    count = 1 + members.index(me)  # member i sends i + 1 elements
    np.asarray(src)[:] = me * 10 + np.arange(n + 1, dtype="int32")
    np.asarray(dst)[:] = -1
    counts = host.collect(dst, src, count, team_id)
    assert counts == [1 + i for i in range(n)]
    want = np.concatenate([pe * 10 + np.arange(1 + i, dtype="int32")
                           for i, pe in enumerate(members)])
    assert np.array_equal(np.asarray(dst)[:len(want)], want)
    dst.free()
    src.free()


def test_signals(rs, host, np, me, npes):
    data_buf = rs.SymmetricBuffer(8, "float64")
    signal = rs.SymmetricBuffer(2, "uint64", zero=True)
    right, left = (me + 1) % npes, (me - 1) % npes
    host.put_signal(data_buf, np.arange(8.0) + me, signal, 5, right)
    assert host.signal_wait_until(signal, "==", 5) == 5
    assert np.array_equal(np.asarray(data_buf), np.arange(8.0) + left)
    # ADD on word 1, from every PE: the sum of all the increments arrives.
    rs.rocshmem_barrier_all()
    for pe in range(npes):
        host.put_signal(data_buf, np.arange(2.0), signal, me + 1, pe, op=host.SIGNAL_ADD,
                        index=1, offset=16, nbi=True)
    rs.rocshmem_quiet()
    total = npes * (npes + 1) // 2
    assert host.signal_wait_until(signal, ">=", total, index=1) == total
    assert host.signal_fetch(signal, 1) == total
    rs.rocshmem_barrier_all()
    with pytest.raises(TypeError, match="the signal must be uint64 memory, not float64"):
        host.signal_fetch(data_buf)
    with pytest.raises(TypeError, match="local data are int32, the symmetric buffer holds float64"):
        host.put_signal(data_buf, np.arange(8, dtype="int32"), signal, 1, me)
    signal.free()
    data_buf.free()


def test_collective_misuse(rs, host, np, me):
    a = rs.SymmetricBuffer(4, "float32")
    b = rs.SymmetricBuffer(4, "int32")
    with pytest.raises(TypeError, match="local data are int32, the symmetric buffer holds float32"):
        host.reduce(a, b)
    with pytest.raises(TypeError, match="no xor reduction for float32"):
        host.reduce(a, a, "xor")
    with pytest.raises(ValueError, match="op = 'mean' is not one of"):
        host.reduce(b, b, "mean")
    with pytest.raises(TypeError, match="no sum reduction for float16"):
        half = rs.SymmetricBuffer(4, "float16")
        try:
            host.reduce(half, half)
        finally:
            half.free()
    with pytest.raises(ValueError, match="is not in a live symmetric block"):
        host.reduce(np.zeros(4, "float32"), a)
    b.free()
    a.free()


# ---------------------------------------------------------------- interop.torch, CPU tensors
@pytest.fixture
def rt(rs):
    pytest.importorskip("torch")
    if rs._rocshmem4py._heap_is_gpu():
        pytest.skip("this job has a GPU heap (test_gpu_collectives.py)")
    from rocshmem4py.interop import torch as interop
    return interop


def tensor_data(torch, dtype, pe, count):
    g = torch.Generator().manual_seed(pe)
    return torch.randint(1, 4, (count,), generator=g).to(dtype)


@pytest.mark.parametrize("dtype", ["int32", "int64", "float32", "float64"])
def test_torch_all_reduce(rs, rt, me, team, dtype):
    import torch
    team_id, members = team
    dtype = getattr(torch, dtype)
    src = rt.create_tensor((4, 6), dtype)
    dst = rt.create_tensor((4, 6), dtype)
    src.copy_(tensor_data(torch, dtype, me, 24).reshape(4, 6))
    inputs = torch.stack([tensor_data(torch, dtype, pe, 24).reshape(4, 6) for pe in members])
    for op, want in (("sum", inputs.sum(0)), ("min", inputs.min(0).values),
                     ("max", inputs.max(0).values), ("prod", inputs.prod(0))):
        rt.all_reduce(team_id, dst, src, op)
        assert torch.equal(dst, want.to(dtype)), op
    wrong = rt.create_tensor((4, 6), torch.int16)
    with pytest.raises(TypeError, match=f"all_reduce: dst is torch.int16, src {dtype}"):
        rt.all_reduce(team_id, wrong, src)
    rt.free_tensor(wrong)
    rt.free_tensor(dst)
    rt.free_tensor(src)


def test_torch_reduce_scatter_and_fcollect(rs, rt, me, team):
    import torch
    team_id, members = team
    n, block = len(members), 3
    mine = members.index(me)
    src = rt.create_tensor((n * block,), torch.float32)
    part = rt.create_tensor((block,), torch.float32)
    src.copy_(tensor_data(torch, torch.float32, me, n * block))
    rt.reduce_scatter(team_id, part, src, "sum")
    inputs = torch.stack([tensor_data(torch, torch.float32, pe, n * block) for pe in members])
    assert torch.equal(part, inputs.sum(0)[mine * block:(mine + 1) * block])
    gathered = rt.create_tensor((n, block), torch.float32)
    rt.fcollect(team_id, gathered, part)
    assert torch.equal(gathered.reshape(-1), inputs.sum(0))
    for t in (gathered, part, src):
        rt.free_tensor(t)
