#include "core/config.h"

#include <cctype>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>

extern char **environ;

namespace rocshmem {

namespace {

#define ROCSHMEM_KIND_bool EnvKind::Bool
#define ROCSHMEM_KIND_int EnvKind::Int
#define ROCSHMEM_KIND_size EnvKind::Size
#define ROCSHMEM_KIND_string EnvKind::String

/* Alias lookup is by field, so the table rows get their alias from here. */
const char *alias_of(const char *field) {
#define ROCSHMEM_ENV(FIELD, NAME, KIND, DEFAULT, HELP)
#define ROCSHMEM_ENV_ALIAS(FIELD, NAME) \
  if (std::strcmp(field, #FIELD) == 0) return #NAME;
#include "core/env.def"
#undef ROCSHMEM_ENV
#undef ROCSHMEM_ENV_ALIAS
  return nullptr;
}

EnvEntry *rows(size_t *count) {
  static EnvEntry table[] = {
#define ROCSHMEM_ENV(FIELD, NAME, KIND, DEFAULT, HELP) \
  {#NAME, ROCSHMEM_KIND_##KIND, DEFAULT, HELP, nullptr, #FIELD},
#define ROCSHMEM_ENV_ALIAS(FIELD, NAME)
#include "core/env.def"
#undef ROCSHMEM_ENV
#undef ROCSHMEM_ENV_ALIAS
  };
  static bool aliased = false;
  if (!aliased) {
    for (EnvEntry &e : table) e.alias = alias_of(e.field);
    aliased = true;
  }
  *count = sizeof(table) / sizeof(table[0]);
  return table;
}

/* The value in force for a row: the primary name, else the alias, else the
 * default.  *source says which. */
const char *lookup(const EnvEntry &e, const char **source) {
  if (const char *v = std::getenv(e.name)) {
    *source = e.name;
    return v;
  }
  if (e.alias) {
    if (const char *v = std::getenv(e.alias)) {
      *source = e.alias;
      return v;
    }
  }
  *source = "default";
  return e.default_value;
}

bool parse_into(bool *out, const char *text) { return parse_bool(text, out); }
bool parse_into(long *out, const char *text) { return parse_int(text, out); }
bool parse_into(size_t *out, const char *text) { return parse_size(text, out); }
bool parse_into(std::string *out, const char *text) {
  *out = text;
  return true;
}

const char *kind_name(EnvKind k) {
  switch (k) {
    case EnvKind::Bool: return "bool";
    case EnvKind::Int: return "int";
    case EnvKind::Size: return "size";
    case EnvKind::String: return "string";
  }
  return "?";
}

}  // namespace

const EnvEntry *env_table(size_t *count) { return rows(count); }

bool parse_size(const char *text, size_t *out) {
  if (!text) return false;
  while (std::isspace(static_cast<unsigned char>(*text))) ++text;
  if (*text == '-' || *text == '\0') return false;
  /* Whole numbers are parsed exactly; only a fraction ("1.5G") goes through
   * floating point, where it is then scaled to whole bytes. */
  errno = 0;
  char *end = nullptr;
  unsigned long long whole = std::strtoull(text, &end, 10);
  if (end == text || errno != 0) return false;
  /* Digits only: strtod would also take an exponent ("1.5e999K" made an
   * infinite fraction, and converting it to size_t is undefined; "1.9e3K"
   * meant 901K).  Found by fuzz/fuzz_env. */
  double fraction = 0, place = 0.1;
  if (*end == '.')
    for (++end; std::isdigit(static_cast<unsigned char>(*end)); ++end, place /= 10)
      fraction += (*end - '0') * place;
  unsigned long long scale = 1;
  switch (std::toupper(static_cast<unsigned char>(*end))) {
    case 'K': scale = 1ull << 10; ++end; break;
    case 'M': scale = 1ull << 20; ++end; break;
    case 'G': scale = 1ull << 30; ++end; break;
    case 'T': scale = 1ull << 40; ++end; break;
    default: break;
  }
  if (scale != 1 && (*end == 'B' || *end == 'b')) ++end; /* "4KB" */
  while (std::isspace(static_cast<unsigned char>(*end))) ++end;
  if (*end != '\0') return false;
  if (fraction != 0 && scale == 1) return false; /* "1.5" bytes */
  if (whole > SIZE_MAX / scale) return false;
  size_t bytes = static_cast<size_t>(whole * scale);
  size_t extra = static_cast<size_t>(fraction * static_cast<double>(scale));
  if (bytes > SIZE_MAX - extra) return false;
  *out = bytes + extra;
  return true;
}

bool parse_bool(const char *text, bool *out) {
  static const char *const yes[] = {"1", "y", "yes", "true", "on"};
  static const char *const no[] = {"0", "n", "no", "false", "off"};
  if (!text) return false;
  for (const char *s : yes)
    if (strcasecmp(text, s) == 0) return *out = true, true;
  for (const char *s : no)
    if (strcasecmp(text, s) == 0) return *out = false, true;
  return false;
}

bool parse_int(const char *text, long *out) {
  if (!text || !*text) return false;
  errno = 0;
  char *end = nullptr;
  long v = std::strtol(text, &end, 0);
  if (errno != 0 || *end != '\0') return false;
  *out = v;
  return true;
}

bool config_load(Config *cfg, std::string *error) {
  const char *source = nullptr;
  const char *text = nullptr;
#define ROCSHMEM_ENV(FIELD, NAME, KIND, DEFAULT, HELP)                                  \
  {                                                                                     \
    EnvEntry e{#NAME, ROCSHMEM_KIND_##KIND, DEFAULT, HELP, alias_of(#FIELD), #FIELD};   \
    text = lookup(e, &source);                                                          \
    if (!parse_into(&cfg->FIELD, text)) {                                               \
      *error = std::string(source) + "='" + text + "' is not a valid " +              \
               kind_name(e.kind) + " (" + HELP + ")";                                   \
      return false;                                                                     \
    }                                                                                   \
  }
#define ROCSHMEM_ENV_ALIAS(FIELD, NAME)
#include "core/env.def"
#undef ROCSHMEM_ENV
#undef ROCSHMEM_ENV_ALIAS
  return true;
}

std::string config_unknown_variables() {
  size_t n;
  const EnvEntry *table = rows(&n);
  std::string unknown;
  for (char **env = environ; env && *env; ++env) {
    const char *var = *env;
    if (std::strncmp(var, "ROCSHMEM_", 9) != 0 && std::strncmp(var, "SHMEM_", 6) != 0) continue;
    const char *eq = std::strchr(var, '=');
    size_t len = eq ? static_cast<size_t>(eq - var) : std::strlen(var);
    bool known = false;
    for (size_t i = 0; i < n && !known; ++i) {
      const EnvEntry &e = table[i];
      known = (std::strlen(e.name) == len && std::strncmp(e.name, var, len) == 0) ||
              (e.alias && std::strlen(e.alias) == len && std::strncmp(e.alias, var, len) == 0);
    }
    if (!known) {
      if (!unknown.empty()) unknown += ", ";
      unknown.append(var, len);
    }
  }
  return unknown;
}

/* Values are re-read from the environment so the line can say who set them. */
void config_print(FILE *out, const char *prefix) {
  size_t n;
  const EnvEntry *table = rows(&n);
  for (size_t i = 0; i < n; ++i) {
    const EnvEntry &e = table[i];
    const char *source = nullptr;
    const char *value = lookup(e, &source);
    std::fprintf(out, "%s%-34s %-8s value=%s (default %s%s%s)\n%s    %s\n", prefix, e.name,
                 kind_name(e.kind), value, e.default_value,
                 std::strcmp(source, "default") == 0 ? "" : ", set by ",
                 std::strcmp(source, "default") == 0 ? "" : source, prefix, e.help);
  }
}

}  // namespace rocshmem
