# Sourced by the suites whose parts are independent processes: runs them
# VARIA_TEST_JOBS at a time (default: the number of cores) and hands their
# outputs back whole, in the order they were started, so that a suite's
# report reads as if they had run one after the other.
#   jobs_start NAME COMMAND...   starts COMMAND (stdin /dev/null, stdout and
#                                stderr kept), waiting first while the
#                                limit of jobs is running
#   jobs_collect FUNCTION        waits for all, then calls
#                                FUNCTION NAME OUTPUT STATUS for each, in order
jobs_max=${VARIA_TEST_JOBS:-$(nproc 2>/dev/null || echo 1)}
[ "$jobs_max" -ge 1 ] 2>/dev/null || jobs_max=1
jobs_dir=$(mktemp -d)
trap 'rm -rf "$jobs_dir"' EXIT
jobs_names=()

jobs_start() {
  local name=$1 i=${#jobs_names[@]}
  shift
  while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n; done
  jobs_names+=("$name")
  ( "$@" </dev/null >"$jobs_dir/$i.out" 2>&1; echo $? >"$jobs_dir/$i.rc" ) &
}

jobs_collect() {
  local fn=$1 i
  wait
  for i in "${!jobs_names[@]}"; do
    "$fn" "${jobs_names[$i]}" "$(cat "$jobs_dir/$i.out")" "$(cat "$jobs_dir/$i.rc" 2>/dev/null || echo 1)"
  done
}
