"""Element types of symmetric buffers, by name, and how each protocol
(NumPy's array interface and the buffer protocol, the CUDA array interface,
DLPack) spells them."""
import collections
import sys

DType = collections.namedtuple("DType", "name itemsize typestr format dl_code")
_E = "<" if sys.byteorder == "little" else ">"
# DLPack type codes: kDLInt 0, kDLUInt 1, kDLFloat 2, kDLBfloat 4, kDLComplex 5, kDLBool 6.
_TABLE = [
    DType("bool", 1, "|b1", "?", 6),
    DType("int8", 1, "|i1", "b", 0),
    DType("int16", 2, _E + "i2", "h", 0),
    DType("int32", 4, _E + "i4", "i", 0),
    DType("int64", 8, _E + "i8", "q", 0),
    DType("uint8", 1, "|u1", "B", 1),
    DType("uint16", 2, _E + "u2", "H", 1),
    DType("uint32", 4, _E + "u4", "I", 1),
    DType("uint64", 8, _E + "u8", "Q", 1),
    DType("float16", 2, _E + "f2", "e", 2),
    DType("float32", 4, _E + "f4", "f", 2),
    DType("float64", 8, _E + "f8", "d", 2),
    DType("complex64", 8, _E + "c8", "Zf", 5),
    DType("complex128", 16, _E + "c16", "Zd", 5),
    # No NumPy type, no buffer format: DLPack only (torch.bfloat16).
    DType("bfloat16", 2, None, "", 4),
]
_BY_NAME = {t.name: t for t in _TABLE}
_BY_NAME.update({t.typestr: t for t in _TABLE if t.typestr})
_PYTHON_TYPES = {bool: "bool", int: "int64", float: "float64", complex: "complex128"}


def lookup(dtype):
    """The DType of a name ("float32"), a typestr ("<f4"), a NumPy dtype, a
    torch dtype (torch.float32) or a Python type (float: float64, as NumPy)."""
    if isinstance(dtype, DType):
        return dtype
    if dtype in _PYTHON_TYPES:
        dtype = _PYTHON_TYPES[dtype]
    name = getattr(dtype, "name", None)  # numpy.dtype
    if not isinstance(name, str) and "numpy" in sys.modules:
        try:  # numpy.float32 and the other scalar types
            name = sys.modules["numpy"].dtype(dtype).name
        except TypeError:
            pass
    if not isinstance(name, str):
        name = str(dtype)
    name = name.replace("torch.", "")
    try:
        return _BY_NAME[name]
    except KeyError:
        raise TypeError(f"unsupported element type {dtype!r} (known: "
                        f"{', '.join(t.name for t in _TABLE)})") from None


# Buffer-protocol formats (struct syntax, native sizes) by kind of element.
_FORMAT_KINDS = {**dict.fromkeys("bhilqn", "int"), **dict.fromkeys("BHILQN", "uint"),
                 **dict.fromkeys("efd", "float"), "?": "bool", "Zf": "complex64",
                 "Zd": "complex128"}


def from_format(format):
    """The DType of a buffer-protocol format ("i", "<d", "Zf" ...), or None
    for plain bytes ("B", "c": bytes, bytearray, memoryview.cast("B")),
    which carry no element type."""
    import struct
    code = format.lstrip("@=<>!")
    if code in ("B", "c"):
        return None
    kind = _FORMAT_KINDS.get(code)
    if kind is None:
        raise TypeError(f"unsupported buffer format {format!r}")
    if kind in ("bool", "complex64", "complex128"):
        return _BY_NAME[kind]
    return _BY_NAME[f"{kind}{8 * struct.calcsize(code)}"]
