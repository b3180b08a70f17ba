"""The whole host AMO matrix against expected values, on 2 PEs.

Each PE applies one operation to its own slot of an array on its right
neighbour (slots never overlap, so every result is exact), checks the
returned value and the new value through rocshmem_KEY_atomic_fetch, and
after a barrier the neighbour checks the slot in its own memory."""
import ctypes

import pytest

from api_names import PYTHON_AMO_TYPES, amo_ops

CTYPES = {"int": ctypes.c_int, "long": ctypes.c_long, "longlong": ctypes.c_longlong,
          "uint32": ctypes.c_uint32, "uint64": ctypes.c_uint64, "size": ctypes.c_size_t,
          "ptrdiff": ctypes.c_ssize_t, "float": ctypes.c_float, "double": ctypes.c_double}


def operands(key, pe):
    """(initial value, operand) of PE pe: wide and signed values where the
    type has them, so that truncation or a sign error shows."""
    if key in ("float", "double"):
        return 1.5 + pe, 2.25
    wide = ctypes.sizeof(CTYPES[key]) == 8
    signed = key in ("int", "long", "longlong", "ptrdiff")
    if signed:
        return (-(1 << 40) if wide else -100000) - pe, (1 << 33) + 5 if wide else 172
    return (0xF0F0F0F000000000 if wide else 0xF0F00000) + pe, \
        (0x123456789ABCDEF0 if wide else 0x0FF01234)


def expected(key, op, x0, v):
    """(value returned, new value) of op on x0 with operand v, wrapped to the type."""
    wrap = CTYPES[key]
    new = {"fetch": lambda: x0, "set": lambda: v, "swap": lambda: v, "compare_swap": lambda: v,
           "fetch_inc": lambda: x0 + 1, "inc": lambda: x0 + 1, "fetch_add": lambda: x0 + v,
           "add": lambda: x0 + v, "fetch_and": lambda: x0 & v, "and": lambda: x0 & v,
           "fetch_or": lambda: x0 | v, "or": lambda: x0 | v, "fetch_xor": lambda: x0 ^ v,
           "xor": lambda: x0 ^ v}[op]()
    # Every fetching form returns the old value; the others return None.
    returned = None if op in ("set", "inc", "add", "and", "or", "xor") else wrap(x0).value
    return returned, wrap(new).value


MATRIX = [(key, op) for key in PYTHON_AMO_TYPES for op in amo_ops(key)]


@pytest.mark.parametrize("key,op", MATRIX, ids=[f"{k}_{o}" for k, o in MATRIX])
def test_amo(rs, me, npes, key, op):
    ctype = CTYPES[key]
    size = ctypes.sizeof(ctype)
    array = rs.rocshmem_calloc(npes, size)
    right, left = (me + 1) % npes, (me - 1) % npes
    slot = array + me * size
    fn = getattr(rs, f"rocshmem_{key}_atomic_{op}")
    fetch = getattr(rs, f"rocshmem_{key}_atomic_fetch")
    x0, v = operands(key, me)
    getattr(rs, f"rocshmem_{key}_atomic_set")(slot, x0, right)
    assert fetch(slot, right) == ctype(x0).value
    if op in ("fetch", "fetch_inc", "inc"):
        returned = fn(slot, right)
    elif op == "compare_swap":
        assert fn(slot, x0 + 1, v, right) == ctype(x0).value  # no match: unchanged
        assert fetch(slot, right) == ctype(x0).value
        returned = fn(slot, x0, v, right)
    else:
        returned = fn(slot, v, right)
    want_returned, want_new = expected(key, op, x0, v)
    assert returned == want_returned
    assert fetch(slot, right) == want_new
    rs.rocshmem_barrier_all()
    # The left neighbour's operation, seen in this PE's own memory.
    lx0, lv = operands(key, left)
    got = ctype()
    rs.rocshmem_getmem(ctypes.addressof(got), array + left * size, size, me)
    assert got.value == expected(key, op, lx0, lv)[1]
    rs.rocshmem_barrier_all()
    rs.rocshmem_free(array)


def test_concurrent_fetch_add_on_one_word_is_exact(rs, me, npes):
    word = rs.rocshmem_calloc(1, 8)
    seen = [rs.rocshmem_uint64_atomic_fetch_add(word, 1, 0) for _ in range(500)]
    assert seen == sorted(seen) and len(set(seen)) == 500
    rs.rocshmem_barrier_all()
    assert rs.rocshmem_uint64_atomic_fetch(word, 0) == 500 * npes
    rs.rocshmem_barrier_all()
    rs.rocshmem_free(word)
