#include "core/log.h"

#include <cstdio>
#include <cstdlib>
#include <unistd.h>

#include "core/runtime.h"

namespace rocshmem {

int g_log_level = LOG_WARN;

namespace {

thread_local char *t_capture = nullptr;
thread_local size_t t_capture_size = 0;

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
  if (t_capture) {
    const int n = std::snprintf(t_capture, t_capture_size, "%s: ", call);
    if (n >= 0 && static_cast<size_t>(n) < t_capture_size)
      std::vsnprintf(t_capture + n, t_capture_size - n, fmt, ap);
  } else {
    emit(g_runtime.my_pe, "ERROR", call, fmt, ap);
  }
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

extern "C" void rocshmem_internal_capture_errors(char *buffer, size_t size) {
  rocshmem::t_capture = size ? buffer : nullptr;
  rocshmem::t_capture_size = size;
  if (rocshmem::t_capture) rocshmem::t_capture[0] = '\0';
}
