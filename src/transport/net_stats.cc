#include "transport/net_stats.h"

#include <cstdlib>

namespace rocshmem {
namespace net {
namespace stats {

Live g_live;

Counts snapshot() {
  Counts c;
  for (int i = 0; i < kCounters; ++i) c.v[i] = __atomic_load_n(&g_live.v[i], __ATOMIC_RELAXED);
  return c;
}

void reset() {
  for (int i = 0; i < kCounters; ++i) __atomic_store_n(&g_live.v[i], 0, __ATOMIC_RELAXED);
}

const char *name(Counter c) {
  static const char *const names[] = {
#define X(NAME, WHAT) #NAME,
      ROCSHMEM_NET_COUNTERS(X)
#undef X
  };
  return names[c];
}

void write_json(FILE *out, int pe, const Counts &counts) {
  std::fprintf(out, "{\"pe\":%d", pe);
  for (int i = 0; i < kCounters; ++i)
    std::fprintf(out, ",\"%s\":%llu", name(static_cast<Counter>(i)),
                 static_cast<unsigned long long>(counts.v[i]));
  std::fprintf(out, "}\n");
}

void report(int pe, const char *prefix) {
  char *text = nullptr;
  size_t len = 0;
  FILE *line = open_memstream(&text, &len);
  if (!line) return;
  std::fputs(prefix, line);
  write_json(line, pe, snapshot());
  std::fclose(line);
  std::fwrite(text, 1, len, stderr);
  std::fflush(stderr);
  std::free(text);
}

}  // namespace stats
}  // namespace net
}  // namespace rocshmem
