#!/usr/bin/env bash
# Submits a sharded parsheet computation to Slurm: an array job of N shards, then a merge job
# that runs only once every shard has succeeded (docs/SHARDING.md).
#
#   submit.sh -n N -d DIR [-b PARSHEET] [-k KEYFILE] [-c CPUS] [-f FORMAT] [-m MERGE-ARG]...
#             [-s SBATCH-ARG]... [-r TASKS] -- PARSHEET-ARGS...
#
#   -n N          number of shards (array tasks 0..N-1)
#   -d DIR        output directory, on a file system every node sees; created if missing.
#                 Shards go to DIR/shard-K.json, job logs to DIR/logs/, the result to
#                 DIR/result.txt (table) or DIR/result.FORMAT
#   -b PARSHEET   the parsheet binary, on a shared file system [$PARSHEET, else parsheet on PATH]
#   -k KEYFILE    the key that signs the shard files, on a file system every node sees, mode 0600,
#                 created here if missing [$PARSHEET_KEY_FILE, else ~/.config/parsheet/key]; the
#                 jobs get it as PARSHEET_KEY_FILE (docs/SECURITY.md)
#   -c CPUS       CPUs per shard task [the #SBATCH line of shards.sbatch: 8]
#   -f FORMAT     the merged result's --format [table]
#   -m ARG        one more argument for parsheet merge (repeatable): -m --no-cache, -m --cache -m DIR
#   -s ARG        one more argument for both sbatch calls (repeatable): -s --partition=long -s --time=1:00:00
#   -r TASKS      submit only these array tasks (Slurm --array syntax: 3 or 1,4 or 0-99%10), for a
#                 rerun of failed shards; the merge job then waits for them only
#   PARSHEET-ARGS the computation, without --shard/--out: e.g. strategy face-up-pai-gow --house-way foxwoods
#
# Prints ARRAY_JOB=<id>, MERGE_JOB=<id> and RESULT=<file> on stdout (one per line).
# The jobs run in the directory you submit from (Slurm's default), so a relative path in the
# command (--tables DIR, --house-way FILE) means what it means here; the nodes must see it.
# Slurm's own SBATCH_* variables (SBATCH_PARTITION, SBATCH_ACCOUNT, SBATCH_TIMELIMIT...) apply.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
usage() { sed -n '5,27p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2; exit 2; }

n='' dir='' parsheet=${PARSHEET:-} cpus='' format=table tasks='' key=${PARSHEET_KEY_FILE:-}
merge_args=() sbatch_args=()
while getopts 'n:d:b:k:c:f:m:s:r:h' opt; do
  case $opt in
    n) n=$OPTARG ;;
    d) dir=$OPTARG ;;
    b) parsheet=$OPTARG ;;
    k) key=$OPTARG ;;
    c) cpus=$OPTARG ;;
    f) format=$OPTARG ;;
    m) merge_args+=("$OPTARG") ;;
    s) sbatch_args+=("$OPTARG") ;;
    r) tasks=$OPTARG ;;
    *) usage ;;
  esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || { echo "submit.sh: no parsheet command after --" >&2; usage; }
[[ $n =~ ^[1-9][0-9]*$ ]] || { echo "submit.sh: -n N must be a positive integer" >&2; usage; }
[ -n "$dir" ] || { echo "submit.sh: -d DIR is required" >&2; usage; }
[ -z "$cpus" ] || [[ $cpus =~ ^[1-9][0-9]*$ ]] || { echo "submit.sh: -c CPUS must be a positive integer" >&2; exit 2; }
for a in "$@"; do
  case $a in --shard|--shard=*|--out|--out=*) echo "submit.sh: leave $a out of the command; submit.sh adds it" >&2; exit 2 ;; esac
done

# The jobs run elsewhere, in another working directory: every path must be absolute.
[ -n "$parsheet" ] || parsheet=$(command -v parsheet) || { echo "submit.sh: no parsheet on PATH; give -b PARSHEET" >&2; exit 2; }
[ -x "$parsheet" ] || { echo "submit.sh: $parsheet is not an executable file" >&2; exit 2; }
parsheet=$(cd "$(dirname "$parsheet")" && pwd)/$(basename "$parsheet")
mkdir -p "$dir/logs"
dir=$(cd "$dir" && pwd)
case $format in table) result=$dir/result.txt ;; *) result=$dir/result.$format ;; esac
# The key: made once here (not by N tasks at once), then handed to every job by path.
[ -n "$key" ] || key=${HOME:?set HOME or give -k KEYFILE}/.config/parsheet/key
key=$(PARSHEET_KEY_FILE=$key "$parsheet" key) || { echo "submit.sh: the key file $key is not usable (see the message above)" >&2; exit 2; }
case $key in /*) ;; *) key=$(pwd)/$key ;; esac
export PARSHEET_KEY_FILE=$key
sbatch_args=(--export="ALL,PARSHEET_KEY_FILE=$key" "${sbatch_args[@]}")

shard_opts=(--parsable --array="${tasks:-0-$((n - 1))}"
            --output="$dir/logs/shard-%a-%A.out")
[ -z "$cpus" ] || shard_opts+=(--cpus-per-task="$cpus")
array_job=$(sbatch "${shard_opts[@]}" "${sbatch_args[@]}" \
  "$here/shards.sbatch" "$parsheet" "$n" "$dir" "$@")
array_job=${array_job%%;*}
# afterok on an array job waits for all of its tasks; if one fails the merge is cancelled
# (--kill-on-invalid-dep) instead of pending forever.
merge_job=$(sbatch --parsable --dependency="afterok:$array_job" --kill-on-invalid-dep=yes \
  --output="$dir/logs/merge-%j.out" "${sbatch_args[@]}" \
  "$here/merge.sbatch" "$parsheet" "$n" "$dir" "$result" --format "$format" "${merge_args[@]}")
merge_job=${merge_job%%;*}
echo "submit.sh: shards: array job $array_job (tasks ${tasks:-0-$((n - 1))} of $n), merge: job $merge_job -> $result" >&2
echo "ARRAY_JOB=$array_job"
echo "MERGE_JOB=$merge_job"
echo "RESULT=$result"
