#!/usr/bin/env bash
# Runs a sharded parsheet computation on one machine: N shards, P at a time, with xargs -P,
# then merges them (docs/SHARDING.md). The core of it is
#
#   seq 0 $((N-1)) | xargs -P P -I{} parsheet ARGS... --shard {}/N --out DIR/shard-{}.json --force
#   parsheet merge DIR/shard-0.json ... DIR/shard-$((N-1)).json
#
#   xargs.sh -n N -d DIR [-p P] [-b PARSHEET] [-f FORMAT] [-m MERGE-ARG]... [-r K,K,...] -- PARSHEET-ARGS...
#
#   -n N          number of shards
#   -d DIR        output directory (created): DIR/shard-K.json, DIR/logs/shard-K.log and the
#                 result, DIR/result.txt (table) or DIR/result.FORMAT, also printed on stdout
#   -p P          shards run at once [the number of CPUs, at most N]; each gets CPUs/P threads
#                 (RAYON_NUM_THREADS, unless you set it)
#   -b PARSHEET   the parsheet binary [$PARSHEET, else parsheet on PATH]
#   -f FORMAT     the merged result's --format [table]
#   -m ARG        one more argument for parsheet merge (repeatable): -m --no-cache, -m --cache -m DIR
#   -r K,K,...    run only these shards (a rerun of failed ones), then merge all N
#   PARSHEET-ARGS the computation, without --shard/--out: e.g. strategy face-up-pai-gow --house-way foxwoods
set -euo pipefail
usage() { sed -n '9,22p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2; exit 2; }

n='' dir='' p='' parsheet=${PARSHEET:-} format=table only=''
merge_args=()
while getopts 'n:d:p:b:f:m:r:h' opt; do
  case $opt in
    n) n=$OPTARG ;;
    d) dir=$OPTARG ;;
    p) p=$OPTARG ;;
    b) parsheet=$OPTARG ;;
    f) format=$OPTARG ;;
    m) merge_args+=("$OPTARG") ;;
    r) only=$OPTARG ;;
    *) usage ;;
  esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || { echo "xargs.sh: no parsheet command after --" >&2; usage; }
[[ $n =~ ^[1-9][0-9]*$ ]] || { echo "xargs.sh: -n N must be a positive integer" >&2; usage; }
[ -n "$dir" ] || { echo "xargs.sh: -d DIR is required" >&2; usage; }
[ -n "$parsheet" ] || parsheet=$(command -v parsheet) || { echo "xargs.sh: no parsheet on PATH; give -b PARSHEET" >&2; exit 2; }
cpus=$(nproc)
[ -n "$p" ] || p=$((cpus < n ? cpus : n))
[[ $p =~ ^[1-9][0-9]*$ ]] || { echo "xargs.sh: -p P must be a positive integer" >&2; exit 2; }
export RAYON_NUM_THREADS=${RAYON_NUM_THREADS:-$((cpus / p > 0 ? cpus / p : 1))}
mkdir -p "$dir/logs"
case $format in table) result=$dir/result.txt ;; *) result=$dir/result.$format ;; esac

# The key that signs the shards: made once here, not by P shards at once (docs/SECURITY.md).
"$parsheet" key >/dev/null || { echo "xargs.sh: no usable key file (see the message above)" >&2; exit 1; }
if [ -n "$only" ]; then shards=${only//,/ }; else shards=$(seq 0 $((n - 1))); fi
echo "xargs.sh: $(wc -w <<<"$shards") of $n shards, $p at a time, $RAYON_NUM_THREADS threads each" >&2
start=$SECONDS
# Each shard's messages go to DIR/logs/shard-K.log (P progress displays would garble a terminal);
# a failed shard leaves DIR/logs/shard-K.failed.
for k in $shards; do rm -f "$dir/logs/shard-$k.failed" "$dir/shard-$k.json"; done
printf '%s\n' $shards | xargs -P "$p" -I{} sh -c 'f=$1; shift; "$@" 2>"$0.log" && [ -s "$f" ] || { : >"$0.failed"; exit 1; }' "$dir/logs/shard-{}" \
  "$dir/shard-{}.json" "$parsheet" "$@" --shard "{}/$n" --out "$dir/shard-{}.json" --force || {
  failed=()
  for k in $shards; do
    if [ -e "$dir/logs/shard-$k.failed" ]; then failed+=("$k"); tail -3 "$dir/logs/shard-$k.log" >&2 || true; fi
  done
  echo "xargs.sh: shards failed: ${failed[*]:-?} (logs in $dir/logs); rerun them with -r $(IFS=,; echo "${failed[*]}")" >&2
  exit 1
}
echo "xargs.sh: shards done in $((SECONDS - start)) s" >&2
files=()
for ((k = 0; k < n; k++)); do files+=("$dir/shard-$k.json"); done
"$parsheet" merge "${files[@]}" --format "$format" "${merge_args[@]}" >"$result.partial"
mv "$result.partial" "$result"
cat "$result"
