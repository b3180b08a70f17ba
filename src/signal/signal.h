/* Put-with-signal and signal operations.
 *
 * A signal is a symmetric uint64_t.  put_signal writes the data, then updates
 * the signal with release ordering, so a PE that observes the signal (with
 * acquire ordering: signal_fetch, signal_wait_until) also observes the data. */
#ifndef ROCSHMEM_SIGNAL_SIGNAL_H
#define ROCSHMEM_SIGNAL_SIGNAL_H

#include <cstdint>

#include "amo/amo.h"
#include "rma/rma.h"
#include "sync/p2p.h"

namespace rocshmem {
namespace signal {

/* Checked before anything is written: a put_signal with a bad sig_op must
 * not leave its data in the destination with no signal behind it. */
inline void check_sig_op(const char *call, int sig_op) {
  if (__builtin_expect(sig_op != ROCSHMEM_SIGNAL_SET && sig_op != ROCSHMEM_SIGNAL_ADD, 0))
    fatal(call, "sig_op = %d is neither SHMEM_SIGNAL_SET nor SHMEM_SIGNAL_ADD", sig_op);
}

/* The signal word is checked under its own name (amo.h's checks call it
 * "dest"), and, like sig_op, before any data is put: a misaligned or
 * non-symmetric sig_addr must not leave data behind with no signal. */
inline void check_sig_addr(const char *call, rocshmem_ctx_t ctx, const uint64_t *sig_addr, int pe) {
  Location loc;
  (void)amo::locate<uint64_t>(call, ctx, "sig_addr", sig_addr, pe, &loc);
}

/* The signal is an AMO target like any other (amo.h's atomicity rule). */
inline void update(const char *call, rocshmem_ctx_t ctx, uint64_t *sig_addr, uint64_t value,
                   int sig_op, int pe) {
  check_sig_op(call, sig_op);
  check_sig_addr(call, ctx, sig_addr, pe);
  if (sig_op == ROCSHMEM_SIGNAL_SET)
    amo::set<uint64_t>(call, ctx, sig_addr, value, pe);
  else
    amo::add<uint64_t>(call, ctx, sig_addr, value, pe);
}

/* The data must be visible when the signal is: a release store orders it on
 * shared memory, a network fence orders the put before the signal's AMO. */
template <class T>
inline void put_signal(const char *call, rocshmem_ctx_t ctx, void *dest, const void *source,
                       size_t nelems, uint64_t *sig_addr, uint64_t value, int sig_op, int pe) {
  check_sig_op(call, sig_op);
  check_sig_addr(call, ctx, sig_addr, pe);
  rma::put<T>(call, ctx, dest, source, nelems, pe);
  if (net::g_active) net::fence();
  update(call, ctx, sig_addr, value, sig_op, pe);
}

inline uint64_t fetch(const char *call, const uint64_t *sig_addr) {
  p2p::check_ivars(call, "sig_addr", sig_addr, 1);
  return p2p::load(sig_addr);
}

inline uint64_t wait_until(const char *call, uint64_t *sig_addr, int cmp, uint64_t cmp_value) {
  p2p::check_ivars(call, "sig_addr", sig_addr, 1);
  p2p::check_cmp(call, cmp);
  uint64_t seen = 0;
  wait_politely({call, "sig_addr to satisfy the comparison"},
                [&] { return p2p::satisfied(cmp, seen = p2p::load(sig_addr), cmp_value); });
  return seen;
}

}  // namespace signal
}  // namespace rocshmem

/* Definition body for api_signal.def. */
#define ROCSHMEM_SIGNAL_DEF_BODY(NAME, CTX, OP, T, KEY, ...) \
  { ::rocshmem::signal::OP<T>(ROCSHMEM_STR(NAME), CTX, __VA_ARGS__); }

#endif
