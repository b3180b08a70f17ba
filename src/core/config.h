/* Runtime configuration, filled from the environment through env.def. */
#ifndef ROCSHMEM_CORE_CONFIG_H
#define ROCSHMEM_CORE_CONFIG_H

#include <cstddef>
#include <cstdio>
#include <string>

namespace rocshmem {

struct Config {
#define ROCSHMEM_FIELD_bool bool
#define ROCSHMEM_FIELD_int long
#define ROCSHMEM_FIELD_size size_t
#define ROCSHMEM_FIELD_string std::string
#define ROCSHMEM_ENV(FIELD, NAME, KIND, DEFAULT, HELP) ROCSHMEM_FIELD_##KIND FIELD{};
#define ROCSHMEM_ENV_ALIAS(FIELD, NAME)
#include "core/env.def"
#undef ROCSHMEM_ENV
#undef ROCSHMEM_ENV_ALIAS
};

enum class EnvKind { Bool, Int, Size, String };

/* One row of env.def, for printing and documentation. */
struct EnvEntry {
  const char *name;
  EnvKind kind;
  const char *default_value;
  const char *help;
  const char *alias; /* second name, or nullptr */
  const char *field; /* Config member it sets */
};

/* Every declared variable, in env.def order. */
const EnvEntry *env_table(size_t *count);

/* Parses "64", "4K", "1.5G" ... into bytes.  Returns false on junk, negative
 * values or overflow. */
bool parse_size(const char *text, size_t *out);
/* Parses 0/1, yes/no, true/false, on/off (case-insensitive). */
bool parse_bool(const char *text, bool *out);
bool parse_int(const char *text, long *out);

/* Reads the environment into *cfg.  On a malformed value, writes a message
 * naming the variable into *error and returns false. */
bool config_load(Config *cfg, std::string *error);

/* Names of ROCSHMEM_* / SHMEM_* variables that are set but unknown (typos). */
std::string config_unknown_variables();

/* Writes every variable with its current value, default and help. */
void config_print(FILE *out, const char *line_prefix);

}  // namespace rocshmem

#endif
