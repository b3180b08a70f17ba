# Sourced by the bench/gpu scripts that compile with nvcc against MPI:
# nvccify FLAGS... prints a compiler driver's flags (mpicc --showme) as nvcc
# takes them (-Wl, lists become -Xlinker pairs, other options -Xcompiler).
nvccify() {
  local f w out=()
  for f in "$@"; do
    case "$f" in
      -I*|-L*|-l*|-D*) out+=("$f") ;;
      -Wl,*) for w in $(echo "${f#-Wl,}" | tr , ' '); do out+=(-Xlinker "$w"); done ;;
      *) out+=(-Xcompiler "$f") ;;
    esac
  done
  echo "${out[@]}"
}
