/*
 * libFuzzer target: the environment-variable parsers of src/core/config.cc
 * (parse_size, parse_bool, parse_int) and config_load over the env.def
 * table.  Besides crashes and sanitizer reports it checks what the parsers
 * promise in config.h, so a value that is accepted but means something else
 * than it says is a finding too.
 *
 * Input: byte 0 picks the env.def row that config_load reads the rest from;
 * the rest (up to the first NUL) is the text every parser sees.
 */
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

#include "core/config.h"

namespace {

[[noreturn]] void broken(const char *what, const std::string &text) {
  std::fprintf(stderr, "fuzz_env: %s for input '%s'\n", what, text.c_str());
  std::abort();
}

bool all_digits(const std::string &s) {
  return !s.empty() && s.find_first_not_of("0123456789") == std::string::npos;
}

/* What config.h documents (and a little more: '+', "1."): space* [+]
 * (digit+ [. digit*] | . digit+), then either a multiplier KMGT (either
 * case) followed by anything, or space* to the end. */
bool size_grammar(const std::string &text) {
  const char *p = text.c_str();
  auto digits = [&p] {
    const char *start = p;
    while (std::isdigit(static_cast<unsigned char>(*p))) ++p;
    return p > start;
  };
  while (std::isspace(static_cast<unsigned char>(*p))) ++p;
  if (*p == '+') ++p;
  bool whole = digits();
  bool fraction = false;
  if (*p == '.') ++p, fraction = digits();
  if (!whole && !fraction) return false;
  if (*p && std::strchr("KMGTkmgt", *p)) return true;
  while (std::isspace(static_cast<unsigned char>(*p))) ++p;
  return *p == '\0';
}

void check_size(const std::string &text) {
  size_t v = 0;
  const bool ok = rocshmem::parse_size(text.c_str(), &v);
  if (ok && !size_grammar(text)) broken("size outside the documented grammar accepted", text);
  if (all_digits(text)) {
    errno = 0;
    unsigned long long exact = std::strtoull(text.c_str(), nullptr, 10);
    bool fits = errno == 0 && exact <= SIZE_MAX;
    if (ok != fits || (ok && v != exact)) broken("plain number parsed wrongly", text);
    /* A unit multiplies exactly, or the value is refused as too large. */
    size_t k = 0;
    bool ok_k = rocshmem::parse_size((text + "K").c_str(), &k);
    if (ok && v <= SIZE_MAX / 1024 && (!ok_k || k != v * 1024)) broken("K is not 1024", text);
    if (ok_k && (!ok || v > SIZE_MAX / 1024)) broken("overflowing K accepted", text);
  }
}

void check_bool(const std::string &text) {
  static const char *const words[] = {"1", "y", "yes", "true", "on", "0", "n", "no", "false", "off"};
  bool v = false, known = false;
  for (const char *w : words) known |= strcasecmp(text.c_str(), w) == 0;
  if (rocshmem::parse_bool(text.c_str(), &v) != known) broken("bool accepted/refused wrongly", text);
}

void check_int(const std::string &text) {
  long v = 0;
  if (rocshmem::parse_int(text.c_str(), &v)) {
    char *end = nullptr;
    errno = 0;
    long again = std::strtol(text.c_str(), &end, 0);
    if (errno != 0 || *end != '\0' || again != v) broken("int accepted wrongly", text);
  }
}

/* config_load reads the chosen row's variable; an error must name it. */
void check_load(uint8_t row, const std::string &text) {
  size_t n = 0;
  const rocshmem::EnvEntry *table = rocshmem::env_table(&n);
  const rocshmem::EnvEntry &e = table[row % n];
  setenv(e.name, text.c_str(), 1);
  rocshmem::Config cfg;
  std::string error;
  if (!rocshmem::config_load(&cfg, &error) && error.find(e.name) == std::string::npos)
    broken("config_load error does not name the variable", text);
  unsetenv(e.name);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size == 0) return 0;
  std::string text(reinterpret_cast<const char *>(data + 1), size - 1);
  text.resize(std::strlen(text.c_str())); /* an environment value ends at NUL */
  check_size(text);
  check_bool(text);
  check_int(text);
  check_load(data[0], text);
  return 0;
}
