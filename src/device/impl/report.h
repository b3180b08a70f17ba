/* Inline device implementation: how a kernel ends itself with a message (bad
 * input, core.h; a wait past ROCSHMEM_WAIT_TIMEOUT, wait.h).  The first
 * offending thread prints, every offending thread traps, which aborts the
 * kernel (the host sees the launch fail).  Standalone (platform only). */
#ifndef ROCSHMEM_DEVICE_IMPL_REPORT_H
#define ROCSHMEM_DEVICE_IMPL_REPORT_H

#include <rocshmem/gpu_platform.h>

namespace rocshmem {
namespace device {
namespace detail {

/* One message per translation unit and process is enough: the other
 * threads that hit the same error trap silently. */
static __device__ unsigned error_reported;

inline __device__ bool first_report() { return atomicExch(&error_reported, 1u) == 0u; }

/* Ends the kernel after the first offending thread's report.  A trap ends
 * it at once, and a warp whose trapping lanes ran before its reporting lane
 * ended it with nothing printed (a workgroup put to a bad PE did), so the
 * other offending threads wait until the report is written: at most about
 * 10 ms, in case the reporter cannot run first. */
constexpr long long kReportWaitCycles = 20000000;
inline __device__ void trap_after_report(bool reporter) {
  if (reporter) {
    __threadfence();
    atomicExch(&error_reported, 2u);
  } else {
    const long long start = clock64();
    while (atomicAdd(&error_reported, 0u) != 2u && clock64() - start < kReportWaitCycles) {
    }
  }
  ROCSHMEM_DEVICE_TRAP();
}

}  // namespace detail
}  // namespace device
}  // namespace rocshmem

#endif
