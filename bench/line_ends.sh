#!/usr/bin/env bash
# Streaming with every line-end style: `qipu validate` on the same generated archives
# written with LF, CRLF and CR line ends. Prints a Markdown table for docs/performance.md: wall
# time and CPU time (user + system), each the least of REPEAT runs (default 5) taken in
# turns with the other styles, MB/s of input at that wall time, and peak resident memory
# (the largest of the runs), all from /usr/bin/time -v.
#
#   bench/line_ends.sh [COUNT]   (default 55000 records an archive: about 40 MB of CRLF
#                                Shatar PGN; or COUNT=… in the environment)
#
# Inputs above 8 MB are streamed piece by piece, so peak memory should not grow with the
# file, and a line-end style should cost no more than its extra bytes.
set -euo pipefail
cd "$(dirname "$0")/.."
COUNT=${1:-${COUNT:-55000}}
REPEAT=${REPEAT:-5}
DATA=target/bench-data/line-ends
mkdir -p "$DATA"

cargo build --release --quiet --bin qipu --example generate_archive

# Wall seconds, CPU seconds (user + system) and peak kilobytes of one run, from GNU
# time's verbose report.
run_once() { # command...
    { /usr/bin/time -v "$@" > /dev/null 2> "$DATA/time.err" || true; } 2> /dev/null
    awk -F': ' '
        /Elapsed \(wall clock\)/ { n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i] }
        /User time/ { c += $2 }
        /System time/ { c += $2 }
        /Maximum resident set size/ { m = $2 }
        END { print s, c, m }' "$DATA/time.err"
}

min() { awk -v a="$1" -v b="$2" 'BEGIN { print (a == "" || b < a ? b : a) }'; }

# Rewrites an LF file with CRLF or CR line ends.
with_line_ends() { # style, input, output
    case $1 in
        LF) cp "$2" "$3" ;;
        CRLF) sed 's/$/\r/' "$2" > "$3" ;;
        CR) tr '\n' '\r' < "$2" > "$3" ;;
    esac
}

echo "| input | records | size | wall | CPU | MB/s | peak memory |"
echo "|---|---|---|---|---|---|---|"

target/release/examples/generate_archive shatar "$COUNT" "$DATA"
target/release/examples/generate_archive draughts "$COUNT" "$DATA"
target/release/examples/generate_archive go "$COUNT" "$DATA"
rm -rf "$DATA/go"
STYLES="LF CRLF CR"
for input in shatar.pgn shatar.txt draughts-russian.pdn go-collection.sgf; do
    declare -A wall=() cpu=() peak=()
    for style in $STYLES; do
        with_line_ends "$style" "$DATA/$input" "$DATA/$style-$input"
        wall[$style]="" cpu[$style]="" peak[$style]=0
    done
    # The styles take turns, so that a busy spell of the machine costs each alike.
    for _ in $(seq "$REPEAT"); do
        for style in $STYLES; do
            read -r secs used kb < <(run_once target/release/qipu validate --format json \
                "$DATA/$style-$input")
            wall[$style]=$(min "${wall[$style]}" "$secs")
            cpu[$style]=$(min "${cpu[$style]}" "$used")
            peak[$style]=$(( kb > peak[$style] ? kb : peak[$style] ))
        done
    done
    for style in $STYLES; do
        awk -v l="$input, $style" -v r="$COUNT" -v b="$(stat -c %s "$DATA/$style-$input")" \
            -v s="${wall[$style]}" -v c="${cpu[$style]}" -v m="${peak[$style]}" 'BEGIN {
            printf "| %s | %d | %.1f MB | %.2f s | %.2f s | %.1f | %.0f MB |\n",
                l, r, b / 1e6, s, c, b / s / 1e6, m / 1024 }'
    done
    rm -f "$DATA"/{LF,CRLF,CR}-"$input"
done
