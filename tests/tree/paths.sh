#!/bin/sh
# scripts/check-paths.sh: the source tree names no directory of a development
# machine, and the check itself finds one planted in a scratch repository
# (each kind it flags, with the file and line), while it lets through what a
# program legitimately writes (mktemp templates, $HOME, relative paths).
. "${ROCTEST_SRCDIR:-.}/tests/functional/common/tap.sh"

srcdir=${ROCTEST_SRCDIR:-.}
checker=$(cd "$srcdir" && pwd)/scripts/check-paths.sh
tmp=$(mktemp -d "${TMPDIR:-/tmp}/rocpaths.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT

out=$tmp/out
if sh "$checker" "$srcdir" >"$out" 2>&1; then
  tap_result 0 "the source tree names no development-machine directory"
else
  tap_result 1 "the source tree names no development-machine directory"
  head -n 40 "$out" | tap_diag
fi

# A scratch repository with one clean file; each case adds a line to a
# tracked file and runs the check on it.  The planted paths are assembled
# here so that this file does not itself carry them.
repo=$tmp/repo
mkdir "$repo" && cd "$repo" || exit 99
git init -q . && git config user.email t@example.invalid && git config user.name t || exit 99
printf 'see docs/USER_GUIDE.md and $HOME/rocshmem\n' >clean.md
git add clean.md

# planted DESCRIPTION EXPECT LINE: EXPECT is 1 when the check must flag LINE
# (and name planted.txt:1), 0 when it must pass it.
planted() {
  printf '%s\n' "$3" >planted.txt
  git add planted.txt
  sh "$checker" . >"$out" 2>&1
  rc=$?
  if [ "$2" -eq 1 ]; then
    [ "$rc" -eq 1 ] && grep -q '^planted\.txt:1:' "$out" && ! grep -q '^clean\.md' "$out"
  else
    [ "$rc" -eq 0 ]
  fi
  ok=$?
  tap_result "$ok" "$1"
  [ "$ok" -eq 0 ] || { echo "exit status $rc"; cat "$out"; } | tap_diag
}

w=work h=home r=root t=tmp
planted "a checkout of the development machines is flagged" 1 "see /$w/main/notes.md"
planted "a user's home directory is flagged" 1 "cd /$h/alice/src && make"
planted "root's home directory behind -I is flagged" 1 "gcc -I/$r/rocshmem/include x.c"
planted "a fixed scratch build folder is flagged" 1 "ROCSHMEM_PREFIX=/$t/cpu-install bench/compare.sh"
planted "a mktemp template is not flagged" 0 "d=\$(mktemp -d /$t/rocshmem-bench.XXXXXX)"
planted "a path relative to the repository is not flagged" 0 "see bench/$w/results and docs/$h/x"
printf '/%s/main\n' "$w" >untracked.txt
sh "$checker" . >"$out" 2>&1
tap_result $? "a file git does not track is not read"

tap_finish
