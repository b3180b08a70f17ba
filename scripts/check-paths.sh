#!/bin/sh
# check-paths.sh [DIR]: lists the lines of DIR's tracked files (git ls-files;
# every file when DIR is not a git checkout, as in a release tarball) that
# name a directory of somebody's own machine, and exits 1 if there is one.
#
# The project must make sense on any machine: a file of the tree points to
# another file of the tree, or says in words what it means, never to where a
# developer happened to build.  Flagged:
#   /work/...            the development machines' checkouts
#   /home/NAME/...       a user's home directory
#   /root/NAME...        root's home directory
#   /tmp/NAME            a fixed scratch folder (a build, a staged install),
#                        except mktemp templates (NAME holding XXX) and Open
#                        MPI's own session folders (/tmp/ompi.*), which are
#                        how a program names its scratch space, not a path
#                        from somebody's shell history.
# Write $HOME/..., $PREFIX/..., a path relative to the repository, or
# mktemp -d "${TMPDIR:-/tmp}/NAME.XXXXXX" instead.
#
# Exit status: 0 clean, 1 such lines found (printed as FILE:LINE:TEXT),
# 2 usage.
set -u
dir=${1:-.}
[ -d "$dir" ] || { echo "check-paths.sh: '$dir' is not a directory" >&2; exit 2; }
cd "$dir" || exit 2

# The patterns are built from pieces; this file, which names them in its
# header, is the one file not read.
w=work h=home r=root t=tmp
pattern="(^|[^A-Za-z0-9_.~\$-]|-[IL])(/$w/|/$h/[A-Za-z_][A-Za-z0-9_.-]*/|/$r/[A-Za-z0-9_.]|/$t/[A-Za-z0-9_][A-Za-z0-9_.-]*)"
allowed="/$t/[A-Za-z0-9_.-]*XXX|/$t/ompi\\."

list_files() {
  if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git ls-files -z -- . ':!scripts/check-paths.sh'
  else
    find . -type f ! -path './.git/*' ! -path ./scripts/check-paths.sh -print0
  fi
}

# Binary files (the plots) are skipped (-I); a line is reported when one of
# its matches is not an allowed one.
hits=$(list_files | xargs -0 -r grep -I -n -H -E "$pattern" -- 2>/dev/null |
  while IFS= read -r line; do
    text=${line#*:*:}
    rest=$(printf '%s\n' "$text" | sed -E "s#$allowed##g")
    if printf '%s\n' "$rest" | grep -q -E "$pattern"; then
      printf '%s\n' "$line"
    fi
  done)

if [ -n "$hits" ]; then
  printf '%s\n' "$hits"
  n=$(printf '%s\n' "$hits" | wc -l)
  echo "check-paths.sh: $n line(s) name a directory of a development machine (see the header of scripts/check-paths.sh)" >&2
  exit 1
fi
exit 0
