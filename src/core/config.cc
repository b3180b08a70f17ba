#include "core/config.h"

#include "build_config.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <vector>

extern char **environ;

namespace rocshmem {

namespace {

#define ROCSHMEM_KIND_bool EnvKind::Bool
#define ROCSHMEM_KIND_flag EnvKind::Flag
#define ROCSHMEM_KIND_int EnvKind::Int
#define ROCSHMEM_KIND_size EnvKind::Size
#define ROCSHMEM_KIND_string EnvKind::String

/* A field's second names come from their own rows of env.def, looked up by
 * field: the alias (ROCSHMEM_ENV_ALIAS) and the legacy name
 * (ROCSHMEM_ENV_DEPRECATED). */
const char *alias_of(const char *field) {
#define ROCSHMEM_ENV(FIELD, NAME, KIND, DEFAULT, HELP)
#define ROCSHMEM_ENV_ALIAS(FIELD, NAME) \
  if (std::strcmp(field, #FIELD) == 0) return #NAME;
#define ROCSHMEM_ENV_DEPRECATED(FIELD, NAME)
#include "core/env.def"
#undef ROCSHMEM_ENV
#undef ROCSHMEM_ENV_ALIAS
#undef ROCSHMEM_ENV_DEPRECATED
  return nullptr;
}

const char *deprecated_of(const char *field) {
#define ROCSHMEM_ENV(FIELD, NAME, KIND, DEFAULT, HELP)
#define ROCSHMEM_ENV_ALIAS(FIELD, NAME)
#define ROCSHMEM_ENV_DEPRECATED(FIELD, NAME) \
  if (std::strcmp(field, #FIELD) == 0) return #NAME;
#include "core/env.def"
#undef ROCSHMEM_ENV
#undef ROCSHMEM_ENV_ALIAS
#undef ROCSHMEM_ENV_DEPRECATED
  return nullptr;
}

EnvEntry *rows(size_t *count) {
  static EnvEntry table[] = {
#define ROCSHMEM_ENV(FIELD, NAME, KIND, DEFAULT, HELP) \
  {#NAME, ROCSHMEM_KIND_##KIND, DEFAULT, HELP, nullptr, #FIELD, nullptr},
#define ROCSHMEM_ENV_ALIAS(FIELD, NAME)
#define ROCSHMEM_ENV_DEPRECATED(FIELD, NAME)
#include "core/env.def"
#undef ROCSHMEM_ENV
#undef ROCSHMEM_ENV_ALIAS
#undef ROCSHMEM_ENV_DEPRECATED
  };
  static bool named = false;
  if (!named) {
    for (EnvEntry &e : table) {
      e.alias = alias_of(e.field);
      e.deprecated = deprecated_of(e.field);
    }
    named = true;
  }
  *count = sizeof(table) / sizeof(table[0]);
  return table;
}

/* The value in force for a row: the primary name, else the alias, else the
 * legacy name (OpenSHMEM: a SHMEM_ variable wins over its SMA_ twin), else
 * the default.  *source says which. */
const char *lookup(const EnvEntry &e, const char **source) {
  for (const char *name : {e.name, e.alias, e.deprecated}) {
    if (!name) continue;
    if (const char *v = std::getenv(name)) {
      *source = name;
      return v;
    }
  }
  *source = "default";
  return e.default_value;
}

bool parse_string(const char *text, std::string *out) {
  *out = text;
  return true;
}

/* What a kind accepts, for the one-line error of a value that does not parse. */
const char *accepted(EnvKind k) {
  switch (k) {
    case EnvKind::Bool: return "1/0, yes/no, y/n, true/false or on/off";
    case EnvKind::Int: return "an integer";
    case EnvKind::Size:
      return "a number of bytes, with an optional fraction and a K, M, G or T suffix "
             "(powers of 1024), e.g. 512M, 1.5G, .5m";
    case EnvKind::Flag:
    case EnvKind::String: break;
  }
  return "any value";
}

const char *kind_name(EnvKind k) {
  switch (k) {
    case EnvKind::Bool: return "bool";
    case EnvKind::Flag: return "flag";
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
  /* Digits only, parsed exactly, the fraction as an integer over a power of
   * ten: strtod would also take an exponent ("1.5e999K" made an infinite
   * fraction, and converting it to size_t is undefined; "1.9e3K" meant
   * 901K; found by fuzz/fuzz_env), and binary floating point would round
   * "0.25K" to 257 bytes on the way up. */
  const char *p = text;
  unsigned __int128 whole = 0;
  for (; std::isdigit(static_cast<unsigned char>(*p)); ++p) {
    whole = whole * 10 + static_cast<unsigned>(*p - '0');
    if (whole > SIZE_MAX) return false;
  }
  const bool has_whole = p != text;
  /* Up to 19 fraction digits are kept (10^19 fits 64 bits); a non-zero digit
   * beyond them only makes the fraction larger, so it rounds it up. */
  unsigned long long frac = 0, denom = 1;
  bool frac_tail = false, has_frac = false;
  if (*p == '.') {
    for (++p; std::isdigit(static_cast<unsigned char>(*p)); ++p) {
      has_frac = true;
      if (denom <= 1000000000000000000ull) {
        frac = frac * 10 + static_cast<unsigned>(*p - '0');
        denom *= 10;
      } else if (*p != '0') {
        frac_tail = true;
      }
    }
  }
  if (!has_whole && !has_frac) return false; /* "", "-1", "K", "." */
  unsigned long long scale = 1;
  switch (*p) {
    case 'k': case 'K': scale = 1ull << 10; break;
    case 'm': case 'M': scale = 1ull << 20; break;
    case 'g': case 'G': scale = 1ull << 30; break;
    case 't': case 'T': scale = 1ull << 40; break;
    default: break;
  }
  if (scale != 1) {
    /* OpenSHMEM: one multiplier, whatever follows it is ignored ("4KB",
     * "2GiB"; "20kk" is 20K, not 20M). */
  } else {
    while (std::isspace(static_cast<unsigned char>(*p))) ++p;
    if (*p != '\0') return false;
  }
  /* The size is at least the ceiling of number x multiplier. */
  unsigned __int128 bytes = whole * scale;
  unsigned __int128 part = static_cast<unsigned __int128>(frac) * scale;
  bytes += part / denom + ((part % denom != 0 || frac_tail) ? 1 : 0);
  if (bytes > SIZE_MAX) return false;
  *out = static_cast<size_t>(bytes);
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

bool parse_flag(const char *text, bool *out) {
  if (!text) return false;
  bool value;
  *out = !(parse_bool(text, &value) && !value);
  return true;
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

namespace {

/* What the kinds cannot say: counts that must not be negative, a heap that
 * must not be empty, words that must be one of a few.  Checked here, at
 * every init and by rocshmem_info, so a misspelt GPU setting is reported in
 * a job that has no GPU too, before any of it is set up. */
void check_values(const Config &cfg, std::vector<std::string> *errors) {
  const struct {
    const char *name;
    const std::string &value;
    std::initializer_list<const char *> accepted;
  } words[] = {{"ROCSHMEM_GPU", cfg.gpu, {"auto", "on", "off"}},
               {"ROCSHMEM_GPU_PROXY", cfg.gpu_proxy, {"auto", "all", "off"}},
               {"ROCSHMEM_GPU_NET_DIRECT", cfg.gpu_net_direct, {"auto", "on", "off"}}};
  for (const auto &w : words) {
    std::string list;
    bool known = false;
    for (const char *a : w.accepted) {
      known = known || w.value == a;
      list += std::string(list.empty() ? "" : ", ") + a;
    }
    if (!known)
      errors->push_back(std::string(config_source(w.name)) + "='" + w.value +
                        "' is not one of " + list);
  }
  const struct {
    const char *name;
    long value;
  } counts[] = {{"ROCSHMEM_SPIN_COUNT", cfg.spin_count},
                {"ROCSHMEM_OVERSUBSCRIBED_SPIN_COUNT", cfg.oversubscribed_spin_count},
                {"ROCSHMEM_PES_PER_NODE", cfg.pes_per_node},
                {"ROCSHMEM_WAIT_TIMEOUT", cfg.wait_timeout},
                {"ROCSHMEM_WAIT_WARN", cfg.wait_warn}};
  for (const auto &c : counts)
    if (c.value < 0)
      errors->push_back(std::string(config_source(c.name)) + " = " + std::to_string(c.value) +
                        " must not be negative");
  if (cfg.heap_size == 0)
    errors->push_back(std::string(config_source("SHMEM_SYMMETRIC_SIZE")) +
                      " = 0: the symmetric heap cannot be empty (the library keeps its own "
                      "symmetric state there too); give it a size such as 64M (default 512M)");
}

}  // namespace

bool config_load_all(Config *cfg, std::vector<std::string> *errors) {
  size_t n;
  const EnvEntry *row = rows(&n);
  const size_t before = errors->size();
  /* Rows are visited in env.def order, which is the table's too. */
#define ROCSHMEM_ENV(FIELD, NAME, KIND, DEFAULT, HELP)                                   \
  {                                                                                      \
    const char *source = nullptr;                                                        \
    const char *text = lookup(*row, &source);                                            \
    if (!parse_##KIND(text, &cfg->FIELD)) {                                              \
      errors->push_back(std::string(source) + "='" + text + "' is not a valid " +        \
                        kind_name(row->kind) + " (accepted: " + accepted(row->kind) + ")"); \
      parse_##KIND(DEFAULT, &cfg->FIELD);                                                \
    }                                                                                    \
    ++row;                                                                               \
  }
#define ROCSHMEM_ENV_ALIAS(FIELD, NAME)
#define ROCSHMEM_ENV_DEPRECATED(FIELD, NAME)
#include "core/env.def"
#undef ROCSHMEM_ENV
#undef ROCSHMEM_ENV_ALIAS
#undef ROCSHMEM_ENV_DEPRECATED
  if (errors->size() == before) check_values(*cfg, errors);
  return errors->size() == before;
}

bool config_load(Config *cfg, std::string *error) {
  std::vector<std::string> errors;
  if (config_load_all(cfg, &errors)) return true;
  *error = errors.front();
  return false;
}

const char *config_source(const char *name) {
  size_t n;
  const EnvEntry *table = rows(&n);
  const char *source = "default";
  for (size_t i = 0; i < n; ++i)
    if (std::strcmp(table[i].name, name) == 0) lookup(table[i], &source);
  return source;
}

std::string config_deprecated_in_use() {
  size_t n;
  const EnvEntry *table = rows(&n);
  std::string used;
  for (size_t i = 0; i < n; ++i) {
    const EnvEntry &e = table[i];
    if (!e.deprecated || !std::getenv(e.deprecated)) continue;
    if (!used.empty()) used += ", ";
    used += std::string(e.deprecated) + " (use " + e.name + ")";
  }
  return used;
}

namespace {

/* Edits (insertions, deletions, substitutions) between two names. */
size_t edit_distance(const char *a, size_t la, const char *b) {
  const size_t lb = std::strlen(b);
  std::vector<size_t> row(lb + 1);
  for (size_t j = 0; j <= lb; ++j) row[j] = j;
  for (size_t i = 1; i <= la; ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= lb; ++j) {
      const size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
      diagonal = up;
    }
  }
  return row[lb];
}

/* The declared name (primary, alias or legacy) nearest to var[0..len), if
 * it is near enough to be a typo of it: at most 2 edits, or one in six
 * characters for long names (ROCSHMEM_TYPO is 3 edits from ROCSHMEM_GPU, a
 * guess that would mislead); nullptr when var is declared itself. */
const char *nearest_name(const char *var, size_t len, bool *known) {
  size_t n;
  const EnvEntry *table = rows(&n);
  const char *best = nullptr;
  size_t best_distance = std::max<size_t>(2, len / 6) + 1;
  *known = false;
  for (size_t i = 0; i < n; ++i) {
    const EnvEntry &e = table[i];
    for (const char *name : {e.name, e.alias, e.deprecated}) {
      if (!name) continue;
      const size_t d = edit_distance(var, len, name);
      if (d == 0) {
        *known = true;
        return nullptr;
      }
      if (d < best_distance) best = name, best_distance = d;
    }
  }
  return best;
}

}  // namespace

std::string config_unknown_variables() {
  std::string unknown;
  for (char **env = environ; env && *env; ++env) {
    const char *var = *env;
    if (std::strncmp(var, "ROCSHMEM_", 9) != 0 && std::strncmp(var, "SHMEM_", 6) != 0 &&
        std::strncmp(var, "SMA_", 4) != 0)
      continue;
    const char *eq = std::strchr(var, '=');
    const size_t len = eq ? static_cast<size_t>(eq - var) : std::strlen(var);
    bool known;
    const char *nearest = nearest_name(var, len, &known);
    if (known) continue;
    if (!unknown.empty()) unknown += ", ";
    unknown.append(var, len);
    if (nearest) unknown += std::string(" (did you mean ") + nearest + "?)";
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

/* The rows a running job reads: not the wrappers' (oshcc, oshrun), and the
 * GPU ones only in a build with GPU support.  env.def names those fields
 * wrapper_* and gpu*. */
static bool read_by_this_build(const EnvEntry &e) {
  if (std::strncmp(e.field, "wrapper_", 8) == 0) return false;
#ifndef ROCSHMEM_HAVE_GPU
  if (std::strncmp(e.field, "gpu", 3) == 0) return false;
#endif
  return true;
}

void config_print_job(FILE *out, const char *prefix) {
  size_t n;
  const EnvEntry *table = rows(&n);
  for (size_t i = 0; i < n; ++i) {
    const EnvEntry &e = table[i];
    if (!read_by_this_build(e)) continue;
    const char *source = nullptr;
    const char *value = lookup(e, &source);
    const bool set = std::strcmp(source, "default") != 0;
    if (set)
      std::fprintf(out, "%s* %-34s = %s (set by %s; default %s)\n", prefix, e.name, value, source,
                   *e.default_value ? e.default_value : "empty");
    else
      std::fprintf(out, "%s  %-34s = %s\n", prefix, e.name, *value ? value : "(empty)");
  }
}

}  // namespace rocshmem
