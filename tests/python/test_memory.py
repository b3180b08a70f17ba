"""Symmetric memory on the host heap: the allocators, rocshmem_ptr, buffer
registration, SymmetricBuffer and its NumPy / buffer-protocol / DLPack
views, peer views and heap bases (2 PEs)."""
import array
import ctypes

import pytest


@pytest.fixture(autouse=True)
def host_heap(rs):
    if rs._rocshmem4py._heap_is_gpu():
        pytest.skip("host-memory tests; this job has a GPU heap (see test_gpu_memory.py)")


def peek(address, ctype=ctypes.c_uint8, count=1):
    return list((ctype * count).from_address(address))


def test_malloc_free_and_rocshmem_ptr_of_self(rs, me):
    p = rs.rocshmem_malloc(1000)
    assert p and rs.rocshmem_ptr(p, me) == p
    assert rs._rocshmem4py._block(p + 999) == (p, 1000, False)
    assert rs._rocshmem4py._block(p + 1000) is None
    rs.rocshmem_free(p)
    assert rs._rocshmem4py._block(p) is None


def test_malloc_zero_is_null_and_free_null_does_nothing(rs):
    assert rs.rocshmem_malloc(0) == 0
    rs.rocshmem_free(0)


def test_calloc_zeroes_a_reused_block(rs):
    p = rs.rocshmem_malloc(4096)
    ctypes.memset(p, 0xAB, 4096)
    rs.rocshmem_free(p)
    q = rs.rocshmem_calloc(512, 8)
    assert rs._rocshmem4py._block(q) == (q, 4096, False)
    assert set(peek(q, count=4096)) == {0}
    rs.rocshmem_free(q)


@pytest.mark.parametrize("alignment", [8, 256, 4096, 1 << 16])
def test_align(rs, alignment):
    p = rs.rocshmem_align(alignment, 24)
    assert p % alignment == 0
    rs.rocshmem_free(p)


def test_peer_addresses_of_a_node_are_mapped(rs, me, npes):
    p = rs.rocshmem_malloc(64)
    ctypes.c_int64.from_address(p).value = 100 + me
    rs.rocshmem_barrier_all()
    for pe in range(npes):
        peer = rs.rocshmem_ptr(p, pe)
        assert peer and ctypes.c_int64.from_address(peer).value == 100 + pe
    rs.rocshmem_barrier_all()
    rs.rocshmem_free(p)


def test_rocshmem_ptr_of_a_non_symmetric_address_is_null(rs, me):
    local = ctypes.create_string_buffer(8)
    assert rs.rocshmem_ptr(ctypes.addressof(local), me) == 0


def test_buffer_register_checks_ranges(rs):
    a = ctypes.create_string_buffer(256)
    base = ctypes.addressof(a)
    assert rs.rocshmem_buffer_register(base, 128) == rs.ROCSHMEM_SUCCESS
    assert rs.rocshmem_buffer_register(base + 128, 128) == rs.ROCSHMEM_SUCCESS
    with pytest.raises(ValueError, match="overlaps"):
        rs.rocshmem_buffer_register(base + 64, 8)
    assert rs.rocshmem_buffer_unregister(base) == rs.ROCSHMEM_SUCCESS
    with pytest.raises(ValueError, match="not the start of a registered range"):
        rs.rocshmem_buffer_unregister(base)
    assert rs.rocshmem_buffer_unregister_all() == rs.ROCSHMEM_SUCCESS
    with pytest.raises(ValueError, match="not the start"):
        rs.rocshmem_buffer_unregister(base + 128)


# ---------------------------------------------------------------- SymmetricBuffer
def test_numpy_asarray_is_a_zero_copy_typed_view(rs, np):
    with rs.SymmetricBuffer((3, 4), "float64") as buf:
        a = np.asarray(buf)
        assert (a.shape, a.dtype) == ((3, 4), np.float64)
        assert a.ctypes.data == buf.ptr and not a.flags.owndata
        a[1, 2] = 7.5
        assert peek(buf.ptr + (4 + 2) * 8, ctypes.c_double) == [7.5]


def test_numpy_frombuffer_and_memoryview(rs, np):
    with rs.SymmetricBuffer(16, "int32") as buf:
        v = memoryview(buf)
        assert (v.format, v.itemsize, v.shape, v.readonly) == ("i", 4, (16,), False)
        f = np.frombuffer(buf, dtype=np.int32)
        f[:] = np.arange(16)
        assert v[5] == 5 and f.ctypes.data == buf.ptr


def test_array_interface_and_no_cuda_interface_on_host(rs):
    with rs.SymmetricBuffer(5, "uint16") as buf:
        face = buf.__array_interface__
        assert face["shape"] == (5,) and face["typestr"] == "<u2"
        assert face["data"] == (buf.ptr, False) and face["version"] == 3
        assert not hasattr(buf, "__cuda_array_interface__")
        assert not buf.is_device and buf.device == -1


def test_dlpack_into_numpy_is_zero_copy(rs, np):
    if not hasattr(np, "from_dlpack"):
        pytest.skip("NumPy without from_dlpack")
    with rs.SymmetricBuffer(8, np.float32) as buf:
        assert buf.__dlpack_device__() == (1, 0)
        a = np.from_dlpack(buf)  # read-only in NumPy < 1.25: write through another view
        np.asarray(buf)[:] = 2.5
        assert a.ctypes.data == buf.ptr and a.sum() == 20.0


@pytest.mark.parametrize("dtype", ["bool", "int8", "uint8", "int16", "uint16", "int32", "uint32",
                                   "int64", "uint64", "float16", "float32", "float64",
                                   "complex64", "complex128"])
def test_numpy_dtypes_round_trip(rs, np, dtype):
    with rs.SymmetricBuffer(6, dtype) as buf:
        a = np.asarray(buf)
        assert a.dtype == np.dtype(dtype) and buf.nbytes == 6 * np.dtype(dtype).itemsize


def test_zero_and_align_options(rs, np):
    with rs.SymmetricBuffer(100, "int64", zero=True) as z, \
         rs.SymmetricBuffer(10, "int8", align=4096) as al:
        assert not np.asarray(z).any()
        assert al.ptr % 4096 == 0


def test_put_and_get_helpers_in_a_ring(rs, np, me, npes):
    with rs.SymmetricBuffer(10, "int64", zero=True) as buf:
        right = (me + 1) % npes
        buf.put(np.arange(10, dtype=np.int64) + 100 * me, right)
        buf.put(array.array("q", [-me]), right, offset=9 * 8)
        rs.rocshmem_barrier_all()
        left = (me - 1) % npes
        expected = list(range(100 * left, 100 * left + 9)) + [-left]
        assert np.asarray(buf).tolist() == expected
        out = bytearray(16)
        buf.get(out, left, offset=8)
        assert array.array("q", bytes(out)).tolist() == np.asarray(buf.peer(left))[1:3].tolist()
        rs.rocshmem_barrier_all()


def test_nbi_helpers_complete_at_quiet(rs, np, me, npes):
    with rs.SymmetricBuffer(1 << 16, "uint8", zero=True) as buf:
        payload = np.full(1 << 16, me + 1, dtype=np.uint8)
        buf.put(payload, (me + 1) % npes, nbi=True)
        rs.rocshmem_quiet()
        rs.rocshmem_barrier_all()
        assert set(np.asarray(buf).tolist()) == {(me - 1) % npes + 1}
        back = np.zeros(1 << 16, dtype=np.uint8)
        buf.get(back, (me + 1) % npes, nbi=True)
        rs.rocshmem_quiet()
        assert set(back.tolist()) == {me + 1}
        rs.rocshmem_barrier_all()


def test_peer_view_reaches_the_peer_memory(rs, np, me, npes):
    with rs.SymmetricBuffer(4, "int32", zero=True) as buf:
        right = (me + 1) % npes
        peer = rs.rocshmem_get_peer_buffer(buf, right)
        assert peer.pe == right and peer.shape == (4,) and not peer.is_device
        np.asarray(peer)[me] = 10 + me
        rs.rocshmem_barrier_all()
        assert np.asarray(buf)[(me - 1) % npes] == 10 + (me - 1) % npes
        with pytest.raises(ValueError, match="owns no memory"):
            peer.free()
        rs.rocshmem_barrier_all()


def test_heap_bases_translate_addresses(rs, me, npes):
    bases = rs.rocshmem_get_heap_bases()
    assert len(bases) == npes and all(bases)
    with rs.SymmetricBuffer(8) as buf:
        for pe in range(npes):
            assert bases[pe] + (buf.ptr - bases[me]) == rs.rocshmem_ptr(buf.ptr, pe)


def test_freed_buffer_refuses_new_views(rs, np):
    buf = rs.SymmetricBuffer(4, "int32")
    assert buf.live
    buf.free()
    assert not buf.live and "freed" in repr(buf)
    with pytest.raises(BufferError, match="freed"):
        memoryview(buf)
    with pytest.raises(BufferError, match="freed"):
        buf.__array_interface__
    with pytest.raises(ValueError, match="already freed"):
        buf.free()


def test_create_buffer_helper_and_repr(rs):
    buf = rs.rocshmem_create_buffer((2, 2), "float32")
    assert isinstance(buf, rs.SymmetricBuffer) and len(buf) == 2 and buf.dtype == "float32"
    assert "shape=(2, 2)" in repr(buf) and "host" in repr(buf)
    buf.free()


def test_array_fallback_views_unless_a_copy_is_asked(rs, np):
    with rs.SymmetricBuffer(4, "int32", zero=True) as buf:
        buf.__array__()[0] = 5
        copied = buf.__array__(copy=True)
        copied[1] = 6
        assert np.asarray(buf).tolist() == [5, 0, 0, 0]
        assert buf.__array__(np.float64).dtype == np.float64
