#include "core/log.h"

#include <cstdio>
#include <cstdlib>
#include <unistd.h>

#include "core/runtime.h"

namespace rocshmem {

int g_log_level = LOG_WARN;

namespace {

const char *level_name(int level) {
  static const char *const names[] = {"ERROR", "WARN", "INFO", "DEBUG", "TRACE"};
  return level >= 0 && level <= LOG_TRACE ? names[level] : "LOG";
}

/* One write(2) per message so lines from several PEs do not interleave. */
void emit(int pe, const char *head, const char *call, const char *fmt, va_list ap) {
  char line[2048];
  int n;
  if (pe >= 0)
    n = std::snprintf(line, sizeof line, "rocshmem[PE %d] %s: %s%s", pe, head, call ? call : "",
                      call ? ": " : "");
  else
    n = std::snprintf(line, sizeof line, "rocshmem %s: %s%s", head, call ? call : "",
                      call ? ": " : "");
  if (n < 0) return;
  if (static_cast<size_t>(n) < sizeof line) {
    int m = std::vsnprintf(line + n, sizeof line - n, fmt, ap);
    if (m > 0) n += m;
  }
  if (static_cast<size_t>(n) >= sizeof line - 1) n = sizeof line - 2;
  line[n++] = '\n';
  ssize_t ignored = ::write(STDERR_FILENO, line, n);
  (void)ignored;
}

}  // namespace

void log_msg(int level, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  emit(g_runtime.my_pe, level_name(level), nullptr, fmt, ap);
  va_end(ap);
}

void log_msg_pe(int pe, int level, const char *fmt, ...) {
  if (level > g_log_level) return;
  va_list ap;
  va_start(ap, fmt);
  emit(pe, level_name(level), nullptr, fmt, ap);
  va_end(ap);
}

void report_error(const char *call, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  emit(g_runtime.my_pe, "ERROR", call, fmt, ap);
  va_end(ap);
}

void fatal(const char *call, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  emit(g_runtime.my_pe, "ERROR", call, fmt, ap);
  va_end(ap);
  runtime_abort(1);
}

}  // namespace rocshmem
