/* Logging and error reporting.
 *
 * Every user-facing error names the public call and the offending argument:
 *   rocshmem: shmem_putmem: pe = 7 is out of range [0, 4)
 * and then ends the job with a non-zero status (errors in one-sided calls
 * cannot be returned: the API has no status).  Warnings never end the job. */
#ifndef ROCSHMEM_CORE_LOG_H
#define ROCSHMEM_CORE_LOG_H

#include <cstdarg>
#include <cstddef>

namespace rocshmem {

enum LogLevel { LOG_ERROR = 0, LOG_WARN = 1, LOG_INFO = 2, LOG_DEBUG = 3, LOG_TRACE = 4 };

/* Set from ROCSHMEM_DEBUG_LEVEL at init; warnings are on before that. */
extern int g_log_level;

void log_msg(int level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* log_msg for threads that must not read the runtime's state (which the
 * main thread may be writing): the PE is given, and the level is filtered
 * here. */
void log_msg_pe(int pe, int level, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#define ROCSHMEM_LOG(LEVEL, ...)                                         \
  do {                                                                   \
    if ((LEVEL) <= ::rocshmem::g_log_level) ::rocshmem::log_msg(LEVEL, __VA_ARGS__); \
  } while (0)

/* Reports "CALL: message" and ends the whole job with status 1. */
[[noreturn]] void fatal(const char *call, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Reports "CALL: message" without ending anything (for calls that return an
 * error, such as an exhausted heap returning NULL). */
void report_error(const char *call, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

}  // namespace rocshmem

/* For language bindings that turn a call's reported error into an exception
 * (rocshmem4py): while a buffer is set on the calling thread, report_error
 * writes "CALL: message" there (truncated to size, NUL-terminated) instead
 * of printing it, so the error is shown once, as the exception.  NULL stops
 * capturing.  Errors that end the job are printed as always. */
extern "C" void rocshmem_internal_capture_errors(char *buffer, size_t size);

#endif
