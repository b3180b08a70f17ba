/* Setup and query routines.  init/finalize/query_thread differ in signature
 * between rocshmem_* and shmem_* and are written out; the rest is defined
 * once per prefix. */
#include <shmem.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "core/api.h"
#include "core/log.h"
#include "core/runtime.h"
#include "transport/net_stats.h"
#include "transport/peer_table.h"

using rocshmem::g_runtime;
using rocshmem::require_init;

extern "C" {

void rocshmem_init(void) { rocshmem::runtime_init("rocshmem_init", ROCSHMEM_THREAD_SINGLE); }

void rocshmem_dump_stats(void) {
  require_init("rocshmem_dump_stats");
  char prefix[48];
  std::snprintf(prefix, sizeof prefix, "rocshmem[PE %d] stats: ", g_runtime.my_pe);
  rocshmem::net::stats::report(g_runtime.my_pe, prefix);
}

void rocshmem_reset_stats(void) {
  require_init("rocshmem_reset_stats");
  rocshmem::net::stats::reset();
}
void shmem_init(void) { rocshmem::runtime_init("shmem_init", ROCSHMEM_THREAD_SINGLE); }

#define DEFINE_INIT_THREAD(PFX)                                        \
  int PFX##_init_thread(int requested, int *provided) {                \
    rocshmem::runtime_init(#PFX "_init_thread", requested);            \
    if (provided) *provided = g_runtime.thread_level;                  \
    return 0;                                                          \
  }
ROCSHMEM_API_PREFIXES(DEFINE_INIT_THREAD)

int rocshmem_query_thread(void) {
  require_init("rocshmem_query_thread");
  return g_runtime.thread_level;
}
void shmem_query_thread(int *provided) {
  require_init("shmem_query_thread");
  if (provided) *provided = g_runtime.thread_level;
}

void rocshmem_finalize(void) { rocshmem::runtime_finalize("rocshmem_finalize"); }
void shmem_finalize(void) { rocshmem::runtime_finalize("shmem_finalize"); }

/* Callable at any time, before init and after finalize included: nonzero
 * while some initialization has not yet met its finalize (core/runtime.h). */
void shmem_query_initialized(int *initialized) {
  if (!initialized) rocshmem::fatal("shmem_query_initialized", "initialized = NULL");
  *initialized = g_runtime.initialized ? 1 : 0;
}

#define DEFINE_QUERY_API(PFX)                                                          \
  int PFX##_my_pe(void) {                                                              \
    require_init(#PFX "_my_pe");                                                       \
    return g_runtime.my_pe;                                                            \
  }                                                                                    \
  int PFX##_n_pes(void) {                                                              \
    require_init(#PFX "_n_pes");                                                       \
    return g_runtime.n_pes;                                                            \
  }                                                                                    \
  int PFX##_pe_accessible(int pe) {                                                    \
    require_init(#PFX "_pe_accessible");                                               \
    return pe >= 0 && pe < g_runtime.n_pes &&                                          \
           rocshmem::g_peers.path[pe] != rocshmem::PeerPath::UNREACHABLE;              \
  }                                                                                    \
  int PFX##_addr_accessible(const void *addr, int pe) {                                \
    require_init(#PFX "_addr_accessible");                                             \
    return PFX##_pe_accessible(pe) && rocshmem::peer_segment_of(addr, 1) >= 0;         \
  }                                                                                    \
  void *PFX##_ptr(const void *dest, int pe) {                                          \
    require_init(#PFX "_ptr");                                                         \
    if (!PFX##_addr_accessible(dest, pe)) return nullptr;                              \
    return rocshmem::peer_locate(#PFX "_ptr", "dest", dest, 1, pe).mapped;             \
  }                                                                                    \
  void PFX##_info_get_version(int *major, int *minor) {                                \
    if (major) *major = ROCSHMEM_SPEC_MAJOR;                                           \
    if (minor) *minor = ROCSHMEM_SPEC_MINOR;                                           \
  }                                                                                    \
  void PFX##_info_get_name(char *name) {                                               \
    if (!name) return;                                                                 \
    std::strncpy(name, ROCSHMEM_VENDOR_STRING, ROCSHMEM_MAX_NAME_LEN - 1);             \
    name[ROCSHMEM_MAX_NAME_LEN - 1] = '\0';                                            \
  }                                                                                    \
  void PFX##_global_exit(int status) {                                                 \
    std::fflush(nullptr);                                                              \
    rocshmem::runtime_abort(status);                                                   \
  }
ROCSHMEM_API_PREFIXES(DEFINE_QUERY_API)

}  // extern "C"
