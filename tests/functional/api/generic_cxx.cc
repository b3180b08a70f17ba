/* C++ overloads of shmem_put & co (see generic.h).  Built with -Werror. */
#include <type_traits>
#include <utility>

#include "generic.h"

#define GENERIC_LANGUAGE "C++ overloaded"
#define GENERIC_RETURN_CHECK(T)                                                             \
  static_assert(std::is_same<decltype(shmem_g(std::declval<const T *>(), 0)), T>::value,    \
                "shmem_g(const " #T " *) returns " #T);                                     \
  static_assert(std::is_same<decltype(shmem_g(std::declval<T *>(), 0)), T>::value,          \
                "shmem_g(" #T " *) returns " #T);
#define GENERIC_SAME_TYPE(expr, T, what) static_assert(std::is_same<decltype(expr), T>::value, what);
#include "generic_amo.h"

/* Overloads are no macros: the types come straight from types.def. */
#define CXX_TYPES(X) ROCSHMEM_RMA_TYPES(X) SHMEM_RMA_EXTRA_TYPES(X)
GENERIC_MAIN(CXX_TYPES)
