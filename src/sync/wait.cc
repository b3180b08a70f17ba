#include "sync/wait.h"

#include <string>

#include "core/log.h"

namespace rocshmem {

void wait_timed_out(const WaitSite &site, long seconds) {
  const std::string what =
      site.pe >= 0 ? std::string(site.what) + " " + std::to_string(site.pe) : site.what;
  fatal(site.call,
        "PE %d has waited %ld s (ROCSHMEM_WAIT_TIMEOUT) for %s; the PEs it waits for have not "
        "done their part: a collective call skipped, or made in another order or on another team, "
        "or a PE still computing, stopped or stuck (raise ROCSHMEM_WAIT_TIMEOUT, or set 0 to wait "
        "for ever)",
        g_runtime.my_pe, seconds, what.c_str());
}

}  // namespace rocshmem
