/* The reduction operators, by name as they appear in routine names. */
#ifndef ROCSHMEM_COLL_REDUCE_OPS_H
#define ROCSHMEM_COLL_REDUCE_OPS_H

namespace rocshmem {
namespace coll {

struct OpAnd { template <class T> static T apply(T a, T b) { return a & b; } };
struct OpOr { template <class T> static T apply(T a, T b) { return a | b; } };
struct OpXor { template <class T> static T apply(T a, T b) { return a ^ b; } };
struct OpMax { template <class T> static T apply(T a, T b) { return a < b ? b : a; } };
struct OpMin { template <class T> static T apply(T a, T b) { return b < a ? b : a; } };
struct OpSum { template <class T> static T apply(T a, T b) { return a + b; } };
struct OpProd { template <class T> static T apply(T a, T b) { return a * b; } };

}  // namespace coll
}  // namespace rocshmem

#endif
