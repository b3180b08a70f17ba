/* The host AMO matrix rocshmem_TYPE_atomic_OP.  The element types are the
 * nine of rocSHMEM's Python list; which operations a type gets comes from its
 * rows in the standard, extended and bitwise tables of types.def (the
 * tables are expanded whole and filtered at compile time), and each binding
 * is generated from the C routine's own signature. */
#include <tuple>
#include <type_traits>

#include "module.h"

namespace rocshmem4py {

namespace {

constexpr const char *kPythonAmoTypes[] = {"int",  "long",    "longlong", "uint32", "uint64",
                                           "size", "ptrdiff", "float",    "double"};

constexpr bool same_name(const char *a, const char *b) {
  while (*a && *a == *b) ++a, ++b;
  return *a == *b;
}

constexpr bool python_amo_type(const char *key) {
  for (const char *t : kPythonAmoTypes)
    if (same_name(t, key)) return true;
  return false;
}

/* R rocshmem_KEY_atomic_OP(P *target, VALUES..., int pe): the target is
 * symmetric and aligned, pe in range; VALUES convert as T. */
template <class R, class P, class... A>
void bind_amo(py::module_ &m, const char *name, R (*fn)(P *, A...)) {
  using T = std::remove_const_t<P>;
  static_assert(std::is_same<std::tuple_element_t<sizeof...(A) - 1, std::tuple<A...>>, int>::value,
                "the last argument of an AMO is the PE");
  /* fetch reads its target (const T *source); every other AMO updates it. */
  const char *target = std::is_const<P>::value ? "source" : "dest";
  auto body = [name, fn, target](uintptr_t address, A... args) -> R {
    require_init(name);
    check_pe(name, "pe", std::get<sizeof...(A) - 1>(std::make_tuple(args...)));
    check_symmetric(name, target, address, sizeof(T));
    if (address % alignof(T))
      value_error(name, std::string(target) + " = " + hex(address) + " is not aligned to " +
                            std::to_string(alignof(T)) + " bytes");
    py::gil_scoped_release nogil;
    return fn(reinterpret_cast<P *>(address), args...);
  };
  if constexpr (sizeof...(A) == 1)
    m.def(name, body, py::arg(target), py::arg("pe"));
  else if constexpr (sizeof...(A) == 2)
    m.def(name, body, py::arg(target), py::arg("value"), py::arg("pe"));
  else
    m.def(name, body, py::arg(target), py::arg("cond"), py::arg("value"), py::arg("pe"));
}

/* Instantiates bind_amo only for the types of the Python matrix. */
template <bool kInMatrix>
struct Matrix {
  template <class F>
  static void bind(py::module_ &m, const char *name, F fn) {
    bind_amo(m, name, fn);
  }
};
template <>
struct Matrix<false> {
  template <class F>
  static void bind(py::module_ &, const char *, F) {}
};

}  // namespace

/* The operations of each table (api_amo.def's blocking forms). */
#define ROCSHMEM4PY_STANDARD_OPS(X, KEY) \
  X(KEY, compare_swap) X(KEY, fetch_inc) X(KEY, inc) X(KEY, fetch_add) X(KEY, add)
#define ROCSHMEM4PY_EXTENDED_OPS(X, KEY) X(KEY, fetch) X(KEY, set) X(KEY, swap)
#define ROCSHMEM4PY_BITWISE_OPS(X, KEY) \
  X(KEY, fetch_and) X(KEY, and) X(KEY, fetch_or) X(KEY, or) X(KEY, fetch_xor) X(KEY, xor)

void bind_amo(py::module_ &m) {
#define ROCSHMEM4PY_BIND_OP(KEY, OP)                                       \
  Matrix<python_amo_type(#KEY)>::bind(m, "rocshmem_" #KEY "_atomic_" #OP, \
                                      &rocshmem_##KEY##_atomic_##OP);
#define ROCSHMEM4PY_STANDARD(KEY, T) ROCSHMEM4PY_STANDARD_OPS(ROCSHMEM4PY_BIND_OP, KEY)
#define ROCSHMEM4PY_EXTENDED(KEY, T) ROCSHMEM4PY_EXTENDED_OPS(ROCSHMEM4PY_BIND_OP, KEY)
#define ROCSHMEM4PY_BITWISE(KEY, T) ROCSHMEM4PY_BITWISE_OPS(ROCSHMEM4PY_BIND_OP, KEY)
  ROCSHMEM_AMO_STANDARD_TYPES(ROCSHMEM4PY_STANDARD)
  ROCSHMEM_AMO_EXTENDED_TYPES(ROCSHMEM4PY_EXTENDED)
  ROCSHMEM_AMO_BITWISE_TYPES(ROCSHMEM4PY_BITWISE)
#undef ROCSHMEM4PY_STANDARD
#undef ROCSHMEM4PY_EXTENDED
#undef ROCSHMEM4PY_BITWISE
#undef ROCSHMEM4PY_BIND_OP
}

}  // namespace rocshmem4py
