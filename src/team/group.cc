#include "team/group.h"

#include "core/log.h"
#include "core/runtime.h"
#include "transport/peer_table.h"

namespace rocshmem {

bool members_mapped(const int *pes, int n) {
  for (int m = 0; m < n; ++m)
    if (!g_peers.base[SEG_HEAP][pes[m]]) return false;
  return true;
}

ActiveSet::ActiveSet(const char *call, int pe_start, int log_pe_stride, int pe_size)
    : group_{nullptr, 0, -1, true} {
  const int n = g_runtime.n_pes;
  if (pe_size < 1 || pe_start < 0 || log_pe_stride < 0 || log_pe_stride > 30)
    fatal(call, "the active set (PE_start = %d, logPE_stride = %d, PE_size = %d) is malformed",
          pe_start, log_pe_stride, pe_size);
  const long stride = 1L << log_pe_stride;
  const long last = pe_start + stride * (pe_size - 1L);
  if (last >= n)
    fatal(call, "the active set (PE_start = %d, logPE_stride = %d, PE_size = %d) reaches PE %ld, "
          "beyond the %d PEs of the job", pe_start, log_pe_stride, pe_size, last, n);
  int *pes = inline_pes_;
  if (pe_size > kInlinePes) {
    more_pes_.resize(pe_size);
    pes = more_pes_.data();
  }
  for (int i = 0; i < pe_size; ++i) {
    pes[i] = static_cast<int>(pe_start + stride * i);
    if (pes[i] == g_runtime.my_pe) group_.me = i;
    group_.mapped = group_.mapped && g_peers.base[SEG_HEAP][pes[i]];
  }
  if (group_.me < 0)
    fatal(call, "this PE (%d) is not in the active set (PE_start = %d, logPE_stride = %d, "
          "PE_size = %d) it called a collective on", g_runtime.my_pe, pe_start, log_pe_stride,
          pe_size);
  group_.pes = pes;
  group_.size = pe_size;
}

}  // namespace rocshmem
