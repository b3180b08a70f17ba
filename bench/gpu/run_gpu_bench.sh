#!/bin/bash
# GPU benchmark, ours vs NVSHMEM, on the GPU machine (see bench/gpu/README.md).
#
#   bash bench/gpu/run_gpu_bench.sh --ours build-gpu-bench OUTDIR
#
# Run from the repository root.  --ours DIR: what bench/gpu/stage.sh staged
# (gpu_bench_ours, librocshmem.so*).  Builds the NVSHMEM variant here with
# this machine's nvcc, starts MPS, runs ours and NVSHMEM interleaved
# (A B A B ...), and writes into OUTDIR (5 files at most):
#   table.txt     the merged table (medians, ours/NVSHMEM, targets, limit)
#   results.jsonl {"meta":...} then one merged row per line
#   raw.jsonl     every JSON line of every run, tagged with lib and round
#   log.txt       machine (nvidia-smi -L / topo -m ...), builds, every run's
#                 stderr tail and exit status, MPS, timings
#   plot.png      if matplotlib imports
# A side that fails to build or run is reported as FAILED (table, log) and
# the other side still runs.  Exit status 0 if ours produced numbers.
set -u

usage() {
  cat <<EOF
usage: $0 [--ours DIR] [-r ROUNDS] [-R REPS] [-T MS] [-b LIST] [-t SECONDS]
          [--budget SECONDS] [--nvshmem-home DIR] [--np N] [--gpus LIST] [--mps-pct PCT] OUTDIR
  --ours DIR        staged folder with gpu_bench_ours + librocshmem.so* (default build-gpu-bench)
  -r ROUNDS         interleaved rounds (default 5)
  -R REPS           timed repetitions inside each run (default 7)
  -T MS             target milliseconds per repetition (default 10)
  -b LIST           benchmarks (default all; see gpu_bench -h)
  -t SECONDS        limit per mpirun (default 60)
  --budget SECONDS  start no new round past this many seconds of runs (default 270)
  --nvshmem-home D  NVSHMEM's include/ and lib/ (default: the pip package under /opt/torch/.venv)
  --np N            PEs (default 2)
  --gpus LIST       CUDA_VISIBLE_DEVICES for both sides (default: unset, every GPU); PE i
                    uses GPU (node-local rank i) mod (number of GPUs), so --np 2 --gpus 0,1
                    puts the two PEs on two GPUs and --np 2 --gpus 0 on one
  SASS_KERNELS (environment): kernel names whose machine code in both binaries goes into
                    log.txt (cuobjdump -sass)
  --mps-pct PCT     CUDA_MPS_ACTIVE_THREAD_PERCENTAGE for every PE of both sides (default unset:
                    100% each; NVSHMEM then needs NVSHMEM_IGNORE_CUDA_MPS_ACTIVE_THREAD_PERCENTAGE=1,
                    which is set)
EOF
}

OURS=build-gpu-bench ROUNDS=5 REPS=7 TMS=10 BENCHES=all TLIM=60 BUDGET=270 NP=2 MPS_PCT= GPUS=
NVH=/opt/torch/.venv/lib/python3.12/site-packages/nvidia/nvshmem
OUT=
while [ $# -gt 0 ]; do
  case "$1" in
    --ours) OURS=$2; shift 2 ;;
    -r) ROUNDS=$2; shift 2 ;;
    -R) REPS=$2; shift 2 ;;
    -T) TMS=$2; shift 2 ;;
    -b) BENCHES=$2; shift 2 ;;
    -t) TLIM=$2; shift 2 ;;
    --budget) BUDGET=$2; shift 2 ;;
    --nvshmem-home) NVH=$2; shift 2 ;;
    --np) NP=$2; shift 2 ;;
    --gpus) GPUS=$2; shift 2 ;;
    --mps-pct) MPS_PCT=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    -*) usage >&2; exit 2 ;;
    *) OUT=$1; shift ;;
  esac
done
[ -n "$OUT" ] || { usage >&2; exit 2; }
[ -f bench/gpu/gpu_bench.cu ] || { echo "run from the repository root" >&2; exit 2; }
REPO=$(pwd)
mkdir -p "$OUT" || exit 2
OUT=$(cd "$OUT" && pwd)
OURS=$(cd "$OURS" 2>/dev/null && pwd) || OURS=
WORK=$(mktemp -d /tmp/gpu-bench.XXXXXX)
LOG=$OUT/log.txt
: >"$LOG"
T0=$(date +%s)
log() { echo "[$(($(date +%s) - T0))s] $*" | tee -a "$LOG"; }
section() { printf '\n===== %s\n' "$*" >>"$LOG"; }
meta() { printf '%s\t%s\n' "$1" "$2" >>"$WORK/meta.tsv"; }

# ---------------------------------------------------------------- environment
export NVSHMEM_DISABLE_NVLS=1            # mandatory on these machines (KINDS.md)
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export NVSHMEM_SYMMETRIC_SIZE=1G SHMEM_SYMMETRIC_SIZE=1G   # 2 x 256 MiB + small buffers
export NVSHMEM_REMOTE_TRANSPORT=none      # one node: P2P only, no IB plugin
export NVSHMEM_IGNORE_CUDA_MPS_ACTIVE_THREAD_PERCENTAGE=1  # several PEs on one GPU under MPS
export ROCSHMEM_GPU=on                    # ours: fail rather than fall back to a host heap
export NVSHMEM_BOOTSTRAP_UID_SOCK_IFNAME=${NVSHMEM_BOOTSTRAP_UID_SOCK_IFNAME:-lo}  # one node
[ -n "$MPS_PCT" ] && export CUDA_MPS_ACTIVE_THREAD_PERCENTAGE=$MPS_PCT
ENV_VARS="NVSHMEM_DISABLE_NVLS NCCL_NVLS_ENABLE NVSHMEM_SYMMETRIC_SIZE SHMEM_SYMMETRIC_SIZE NVSHMEM_REMOTE_TRANSPORT NVSHMEM_IGNORE_CUDA_MPS_ACTIVE_THREAD_PERCENTAGE ROCSHMEM_GPU NVSHMEM_BOOTSTRAP_UID_SOCK_IFNAME"
[ -n "$MPS_PCT" ] && ENV_VARS="$ENV_VARS CUDA_MPS_ACTIVE_THREAD_PERCENTAGE"
if [ -n "$GPUS" ]; then
  export CUDA_VISIBLE_DEVICES=$GPUS
  ENV_VARS="$ENV_VARS CUDA_VISIBLE_DEVICES"
fi

NVCC=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
MPIRUN=$(command -v mpirun || true)
MPICC=$(command -v mpicc || command -v mpicxx || true)

log "gpu bench: out=$OUT work=$WORK ours=${OURS:-none} rounds=$ROUNDS reps=$REPS np=$NP"
meta date "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
meta host "$(hostname)"
meta np "$NP"; meta rounds "$ROUNDS"; meta reps "$REPS"; meta target_ms "$TMS"; meta benches "$BENCHES"
meta mps_active_thread_pct "${MPS_PCT:-unset (100)}"
meta gpus_visible "${GPUS:-all}"
meta topology "$(nvidia-smi topo -m 2>/dev/null | sed 's/\x1b\[[0-9;]*m//g' | grep '^GPU' | tr '\t\n' ' ;' | tr -s ' ')"
for v in $ENV_VARS; do meta "env_$v" "${!v}"; done

section "machine"
{
  uname -a; echo "cores: $(nproc)"
  echo "--- nvidia-smi -L"; nvidia-smi -L 2>&1
  echo "--- nvidia-smi topo -m"; nvidia-smi topo -m 2>&1
  echo "--- nvidia-smi query"
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem,compute_mode,power.limit --format=csv 2>&1
  echo "--- nvcc"; "$NVCC" --version 2>&1 | tail -2
  echo "--- mpirun"; ${MPIRUN:-false} --version 2>&1 | head -2
  echo "--- mpicc --showme"; ${MPICC:-false} --showme 2>&1
  echo "--- staged ours"; ls -l "$OURS" 2>&1; cat "$OURS/REVISION" 2>&1
  echo "--- repo"; git -C "$REPO" rev-parse HEAD 2>&1 | head -1
} >>"$LOG" 2>&1
meta gpus "$(nvidia-smi -L 2>/dev/null | tr '\n' ';')"
meta driver "$(nvidia-smi --query-gpu=driver_version --format=csv,noheader 2>/dev/null | head -1)"
meta nvcc "$("$NVCC" --version 2>/dev/null | grep -o 'release [0-9.]*' | head -1)"
meta mpirun "$(${MPIRUN:-false} --version 2>/dev/null | head -1)"
meta ours_revision "$(grep -m1 '^revision' "$OURS/REVISION" 2>/dev/null | cut -f2-)"
meta nvshmem_home "$NVH"

# ---------------------------------------------------------------- MPS
MPS_CTL=/usr/local/nvidia/bin/nvidia-cuda-mps-control
[ -x "$MPS_CTL" ] || MPS_CTL=$(command -v nvidia-cuda-mps-control || true)
MPS_STARTED=0
cleanup() {
  if [ "$MPS_STARTED" = 1 ]; then echo quit | "$MPS_CTL" >/dev/null 2>&1; fi
  rm -rf "$WORK"
}
trap cleanup EXIT
section "MPS"
if [ -z "$MPS_CTL" ]; then
  log "WARNING: nvidia-cuda-mps-control not found: running WITHOUT MPS"
  meta mps "not found"
elif echo get_server_list | timeout 5 "$MPS_CTL" >/dev/null 2>&1; then
  log "MPS control daemon already running"
  meta mps "already running"
else
  if "$MPS_CTL" -d >>"$LOG" 2>&1; then
    MPS_STARTED=1
    sleep 1
    log "MPS started ($MPS_CTL -d)"
    meta mps "started"
  else
    log "WARNING: MPS did not start: running WITHOUT MPS (barrier_all may be slow or hang)"
    meta mps "failed to start"
  fi
fi

# ---------------------------------------------------------------- launcher
# MPI's library folder on LD_LIBRARY_PATH of both sides: our binary was linked
# elsewhere against libmpi.so.40 and must find this machine's one
MPI_LIBDIRS=$(${MPICC:-false} --showme:libdirs 2>/dev/null | tr ' ' ':')
[ -n "$MPI_LIBDIRS" ] && export LD_LIBRARY_PATH="$MPI_LIBDIRS${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
meta mpi_libdirs "$MPI_LIBDIRS"
MPI_FLAVOR=other
${MPIRUN:-false} --version 2>/dev/null | grep -qi "open mpi\|open-rte\|openrte" && MPI_FLAVOR=ompi
launch() { # launch SIDE ROUND EXE LIBPATH
  local side=$1 round=$2 exe=$3 libpath=$4 rc start
  local args=(-np "$NP")
  if [ "$MPI_FLAVOR" = ompi ]; then
    args+=(--bind-to none -x "LD_LIBRARY_PATH=$libpath${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}")
    for v in $ENV_VARS; do args+=(-x "$v"); done
  fi
  start=$(date +%s.%N)
  LD_LIBRARY_PATH="$libpath${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
    timeout -k 10 "$TLIM" "$MPIRUN" "${args[@]}" "$exe" -r "$REPS" -T "$TMS" -b "$BENCHES" \
    >"$WORK/$side.$round.out" 2>"$WORK/$side.$round.err"
  rc=$?
  local secs; secs=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN{printf "%.1f", b-a}')
  echo "$rc" >"$WORK/$side.$round.rc"
  echo "$secs" >"$WORK/$side.$round.secs"
  section "run $side round $round: rc=$rc ${secs}s"
  tail -c 3000 "$WORK/$side.$round.err" >>"$LOG"
  grep '^#' "$WORK/$side.$round.out" >>"$LOG"
  local rows; rows=$(grep -c '^{"bench"' "$WORK/$side.$round.out")
  if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
    log "$side round $round: TIMEOUT after ${TLIM}s ($rows rows kept)"
  elif [ "$rc" != 0 ]; then
    log "$side round $round: FAILED rc=$rc ($rows rows kept); stderr tail:"
    { grep -m3 FAILED "$WORK/$side.$round.err" || tail -5 "$WORK/$side.$round.err"; } | sed 's/^/    /'
  else
    log "$side round $round: ok, $rows rows, ${secs}s"
  fi
  LAST_SECS=${secs%.*}
  [ "$rc" = 0 ] && [ "$rows" -gt 0 ]
}

# ---------------------------------------------------------------- ours
# Staged with DLTO=there (stage.sh): the -dlto link happens here.
if [ -n "$OURS" ] && [ -f "$OURS/link/link.sh" ]; then
  section "link ours (-dlto, here)"
  if bash "$OURS/link/link.sh" >>"$LOG" 2>&1; then log "ours: linked here with -dlto"
  else log "ours: FAILED: the -dlto link (see log.txt)"; fi
fi
OURS_EXE=
if [ -z "$OURS" ] || [ ! -x "$OURS/gpu_bench_ours" ]; then
  log "ours: FAILED: no staged binary (--ours DIR with gpu_bench_ours; bench/gpu/stage.sh makes it)"
  meta ours_status "no staged binary"
else
  OURS_EXE=$OURS/gpu_bench_ours
  section "ldd ours"
  LD_LIBRARY_PATH="$OURS${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" ldd "$OURS_EXE" >>"$LOG" 2>&1
  if LD_LIBRARY_PATH="$OURS${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" ldd "$OURS_EXE" 2>&1 | grep -q "not found"; then
    log "ours: WARNING: missing shared libraries (see log.txt, ldd ours)"
  fi
fi
[ -n "$MPIRUN" ] || log "FAILED: no mpirun on this machine"

# ---------------------------------------------------------------- NVSHMEM build (background)
NV_EXE=$WORK/gpu_bench_nvshmem
# shellcheck source=bench/gpu/nvccify.sh
. "$REPO/bench/gpu/nvccify.sh"
build_nvshmem() {
  if [ ! -f "$NVH/include/nvshmem.h" ]; then
    local alt
    alt=$(python3 -c 'import nvidia.nvshmem as m; print(list(m.__path__)[0])' 2>/dev/null)
    [ -n "$alt" ] && [ -f "$alt/include/nvshmem.h" ] && NVH=$alt
  fi
  [ -f "$NVH/include/nvshmem.h" ] || { echo "NVSHMEM headers not found under $NVH"; return 1; }
  [ -f "$NVH/lib/libnvshmem_device.a" ] || { echo "no $NVH/lib/libnvshmem_device.a"; ls -l "$NVH/lib"; return 1; }
  [ -n "$MPICC" ] || { echo "no mpicc for MPI's flags"; return 1; }
  local host_lib=-l:libnvshmem_host.so.3
  [ -f "$NVH/lib/libnvshmem_host.so.3" ] || host_lib=-lnvshmem_host
  ls -l "$NVH/lib"
  set -x
  # shellcheck disable=SC2046
  "$NVCC" -rdc=true -arch=sm_90 -O2 -std=c++17 -DUSE_NVSHMEM -I"$NVH/include" \
    $(nvccify $("$MPICC" --showme:compile)) bench/gpu/gpu_bench.cu -o "$NV_EXE" \
    -L"$NVH/lib" -lnvshmem_device $host_lib -lcuda $(nvccify $("$MPICC" --showme:link)) \
    -Xlinker -rpath -Xlinker "$NVH/lib"
}
log "building the NVSHMEM variant (background) with $NVCC"
(build_nvshmem >"$WORK/build_nvshmem.log" 2>&1; echo $? >"$WORK/build_nvshmem.rc") &
BUILD_PID=$!

# Warm-up (discarded): one run of ours while NVSHMEM builds: first CUDA
# contexts under MPS, page cache, GPU clocks.
if [ -n "$OURS_EXE" ] && [ -n "$MPIRUN" ]; then
  log "warm-up run of ours (discarded)"
  if ! launch ours 0 "$OURS_EXE" "$OURS" && [ "$MPS_STARTED" = 1 ] &&
     grep -qi "mps" "$WORK/ours.0.err"; then
    # CUDA could not reach the MPS server: stop MPS and go on without it
    log "WARNING: the warm-up failed with an MPS error: stopping MPS, running WITHOUT MPS"
    echo quit | "$MPS_CTL" >/dev/null 2>&1; MPS_STARTED=0; sleep 2
    meta mps "started, but clients failed: stopped, ran without MPS"
    launch ours 0 "$OURS_EXE" "$OURS" || true
  fi
fi
wait "$BUILD_PID"
BUILD_RC=$(cat "$WORK/build_nvshmem.rc" 2>/dev/null || echo 1)
section "NVSHMEM build: rc=$BUILD_RC (NVSHMEM home $NVH)"
cat "$WORK/build_nvshmem.log" >>"$LOG"
NV_OK=0
if [ "$BUILD_RC" = 0 ] && [ -x "$NV_EXE" ]; then
  NV_OK=1
  log "NVSHMEM variant built"
  meta nvshmem_build ok
  section "ldd nvshmem"; ldd "$NV_EXE" >>"$LOG" 2>&1
else
  log "NVSHMEM: BUILD FAILED (rc=$BUILD_RC); last lines:"
  tail -8 "$WORK/build_nvshmem.log" | sed 's/^/    /'
  meta nvshmem_build "FAILED rc=$BUILD_RC: $(tail -3 "$WORK/build_nvshmem.log" | tr '\n\t' '  ' | cut -c1-300)"
fi
NV_LIBPATH=$NVH/lib

# ---------------------------------------------------------------- machine code
# SASS_KERNELS (kernel names, e.g. "k_fetch_add k_get"): their machine code
# in both binaries, into log.txt, to compare what each library's call
# compiles to (cuobjdump is on the GPU machine, not on the build machine).
if [ -n "${SASS_KERNELS:-}" ] && command -v cuobjdump >/dev/null; then
  for exe in "$OURS_EXE" "$([ "$NV_OK" = 1 ] && echo "$NV_EXE")"; do
    [ -n "$exe" ] || continue
    for k in $SASS_KERNELS; do
      section "SASS of $k in $(basename "$exe")"
      cuobjdump -sass "$exe" 2>&1 |
        awk -v k="$k" '/Function : /{on = index($0, k) > 0} on' >>"$LOG"
    done
  done
fi

# ---------------------------------------------------------------- rounds (A B A B)
OURS_ON=0; [ -n "$OURS_EXE" ] && [ -n "$MPIRUN" ] && OURS_ON=1
NV_ON=$NV_OK; [ -n "$MPIRUN" ] || NV_ON=0
OURS_FAILS=0 NV_FAILS=0 RUN_T0=$(date +%s) LONG_OURS=0 LONG_NV=0
for r in $(seq 1 "$ROUNDS"); do
  elapsed=$(($(date +%s) - RUN_T0))
  # the next round's estimate: the longest run so far of each side still on
  est=$((OURS_ON * LONG_OURS + NV_ON * LONG_NV))
  if [ "$r" -gt 1 ] && [ $((elapsed + est)) -gt "$BUDGET" ]; then
    log "budget: stopping after $((r - 1)) rounds (${elapsed}s of runs, --budget $BUDGET)"
    meta budget_stop "after round $((r - 1))"
    break
  fi
  if [ "$OURS_ON" = 1 ]; then
    if launch ours "$r" "$OURS_EXE" "$OURS"; then OURS_FAILS=0; else OURS_FAILS=$((OURS_FAILS + 1)); fi
    [ "${LAST_SECS:-0}" -gt "$LONG_OURS" ] && LONG_OURS=$LAST_SECS
    [ "$OURS_FAILS" -ge 2 ] && { log "ours: dropped after 2 failures in a row"; OURS_ON=0; }
  fi
  if [ "$NV_ON" = 1 ]; then
    if launch nvshmem "$r" "$NV_EXE" "$NV_LIBPATH"; then NV_FAILS=0; else NV_FAILS=$((NV_FAILS + 1)); fi
    [ "${LAST_SECS:-0}" -gt "$LONG_NV" ] && LONG_NV=$LAST_SECS
    [ "$NV_FAILS" -ge 2 ] && { log "nvshmem: dropped after 2 failures in a row"; NV_ON=0; }
  fi
  [ "$OURS_ON" = 0 ] && [ "$NV_ON" = 0 ] && break
done
meta run_seconds "$(($(date +%s) - RUN_T0))"

# ---------------------------------------------------------------- report
section "report"
python3 "$REPO/bench/gpu/report_gpu.py" --work "$WORK" --out "$OUT" 2>>"$LOG" | tee "$OUT/table.txt"
RRC=${PIPESTATUS[0]}
[ "$RRC" = 0 ] || log "report_gpu.py failed (rc=$RRC): see log.txt"
PLOT_PY=
for py in python3 /usr/bin/python3; do
  if "$py" -c 'import matplotlib' 2>/dev/null; then PLOT_PY=$py; break; fi
done
if [ -n "$PLOT_PY" ] && grep -q '"bench"' "$OUT/results.jsonl" 2>/dev/null; then
  "$PLOT_PY" "$REPO/bench/gpu/report_gpu.py" --plot "$OUT/results.jsonl" "$OUT/plot.png" >>"$LOG" 2>&1 \
    && log "plot: $OUT/plot.png" || log "plot failed (see log.txt)"
else
  log "no plot (no matplotlib, or no rows)"
fi
log "done in $(($(date +%s) - T0))s; files: $(ls "$OUT" | tr '\n' ' ')"
grep '"bench"' "$OUT/raw.jsonl" 2>/dev/null | grep '"warmup": false' | grep -q '"lib": "ours"'
