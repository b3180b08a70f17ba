"""Transfers check element types: data of one type put into (or got from) a
buffer of another raise TypeError naming both, instead of arriving as
reinterpreted bytes; plain bytes and as_bytes=True move bytes on purpose.
And a refused allocation raises MemoryError with the library's message,
printed nowhere else."""
import pytest


@pytest.fixture
def ring(me, npes):
    return (me + 1) % npes, (me - 1) % npes


def test_numpy_dtype_mismatch_raises_naming_both(rs, np, me, ring):
    right, _ = ring
    buf = rs.SymmetricBuffer(4, "float64")
    with pytest.raises(TypeError, match="put: the local data are int64, the symmetric buffer "
                                        "holds float64"):
        buf.put(np.arange(4, dtype=np.int64), right)
    with pytest.raises(TypeError, match="get: the local data are float32, the symmetric buffer "
                                        "holds float64"):
        buf.get(np.zeros(4, dtype=np.float32), right)
    with pytest.raises(TypeError, match="local data are uint8"):
        buf.put(np.zeros(32, dtype=np.uint8), right)  # a typed uint8 array is no byte view
    with pytest.raises(TypeError, match="local data are int32"):
        import array
        buf.put(array.array("i", range(8)), right)  # buffer-protocol formats count too
    buf.free()


def mine(np, buf, me):
    """This PE's copy of a float64 buffer, read with get (NumPy cannot view a
    GPU heap's memory)."""
    out = np.zeros(len(buf), dtype=np.float64)
    buf.get(out, me)
    return out


def test_matching_types_and_explicit_bytes_arrive_intact(rs, np, me, ring):
    right, left = ring
    buf = rs.SymmetricBuffer(4, "float64")
    values = np.array([1.5, -2.25, 1e300, me], dtype=np.float64)
    buf.put(values, right)
    rs.rocshmem_barrier_all()
    expect = np.array([1.5, -2.25, 1e300, left], dtype=np.float64)
    assert np.array_equal(mine(np, buf, me), expect)
    rs.rocshmem_barrier_all()
    # The same bytes, moved as bytes on purpose: three ways of asking.
    raw = values.view(np.uint8)
    for source, options in ((raw, {"as_bytes": True}), (raw.tobytes(), {}),
                            (memoryview(values).cast("B"), {})):
        buf.put(source, right, **options)
        rs.rocshmem_barrier_all()
        assert np.array_equal(mine(np, buf, me), expect)
        rs.rocshmem_barrier_all()
    back = np.zeros(32, dtype=np.uint8)
    buf.get(back, right, as_bytes=True)
    assert np.array_equal(back.view(np.float64), values)
    rs.rocshmem_barrier_all()
    buf.free()


def test_torch_put_get_check_dtypes(rs, me, ring):
    torch = pytest.importorskip("torch")
    if rs._rocshmem4py._heap_is_gpu():
        pytest.skip("this job has a GPU heap (test_gpu_torch.py)")
    from rocshmem4py.interop import torch as rt
    right, left = ring
    t = rt.create_tensor((4,), torch.float64)
    with pytest.raises(TypeError, match="put: dst is torch.float64, src torch.int64"):
        rt.put(t, torch.arange(4), right)
    with pytest.raises(TypeError, match="get: dst is torch.float32, src torch.float64"):
        rt.get(torch.zeros(4, dtype=torch.float32), t, right)
    rt.put(t, torch.arange(4, dtype=torch.float64) + me, right)
    rt.barrier_all()
    assert torch.equal(t, torch.arange(4, dtype=torch.float64) + left)
    rt.barrier_all()
    rt.put(t, (torch.arange(4, dtype=torch.float64) * 2).view(torch.int64), right, as_bytes=True)
    rt.barrier_all()
    assert torch.equal(t, torch.arange(4, dtype=torch.float64) * 2)
    rt.barrier_all()
    rt.free_tensor(t)


def test_refused_allocation_raises_once_with_the_library_message(rs, capfd):
    capfd.readouterr()
    with pytest.raises(MemoryError, match=r"rocshmem_malloc: size = \d+ does not fit in the "
                                          "symmetric"):
        rs.SymmetricBuffer(1 << 50, "uint8")
    assert "ERROR" not in capfd.readouterr().err
    rs.rocshmem_barrier_all()  # the job goes on
    with rs.SymmetricBuffer(8, "uint8"):
        pass
