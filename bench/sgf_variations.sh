#!/usr/bin/env bash
# Peak resident memory of qipu on one SGF game tree with many variations, which must grow
# with the input's size, not by a board per variation.
#
#   bench/sgf_variations.sh [QIPU]      (default target/release/qipu, built if missing)
#
# Inputs are generated under target/bench-data: N sibling variations under one root,
# `(;GM[1]FF[4]SZ[19](;B[aa])(;B[ab])…)`, for N = 10^4, 10^5, 10^6, and a chain of 10^5
# nested branch points, each a one-move alternative beside the line that goes deeper.
# Prints a Markdown table: input, bytes, then wall time and peak memory (maximum resident
# set size from /usr/bin/time) of `validate --format json`, `convert --to sgf` and
# `convert --to json`.
set -euo pipefail
cd "$(dirname "$0")/.."
QIPU=${1:-target/release/qipu}
DATA=target/bench-data
mkdir -p "$DATA"
if [ "$QIPU" = target/release/qipu ]; then
    cargo build --release --quiet --bin qipu
fi

# N siblings under the root; the moves cycle through the 361 points.
siblings() { # n, output
    awk -v n="$1" 'BEGIN {
        a = "abcdefghijklmnopqrs"
        printf "(;GM[1]FF[4]SZ[19]"
        for (i = 0; i < n; i++) {
            p = i % 361
            printf "(;B[%s%s])", substr(a, int(p / 19) + 1, 1), substr(a, p % 19 + 1, 1)
        }
        print ")"
    }' > "$2"
}

# N nested branch points: at each, a one-move alternative, then the line going deeper
# (passes, which never collide). The deep line comes second, so it is a variation too.
nested() { # n, output
    awk -v n="$1" 'BEGIN {
        printf "(;GM[1]FF[4]SZ[19]"
        for (i = 0; i < n; i++) {
            c = (i % 2 == 0) ? "B" : "W"
            printf "(;%s[aa])(;%s[]", c, c
        }
        for (i = 0; i < n; i++) printf ")"
        print ")"
    }' > "$2"
}

measure() { # label, input, qipu arguments...
    local label=$1 input=$2
    shift 2
    local stats
    # An archive with invalid records exits with 1; its memory still counts.
    stats=$( { /usr/bin/time -f "%e %M" "$QIPU" "$@" "$input" > /dev/null || true; } 2>&1 | tail -1)
    printf ' %s s, %.0f MB |' "${stats% *}" "$(awk -v k="${stats#* }" 'BEGIN { print k / 1024 }')"
}

echo "| input | bytes | validate --format json | convert --to sgf | convert --to json |"
echo "|---|---|---|---|---|"
for n in 10000 100000 1000000; do
    siblings "$n" "$DATA/siblings-$n.sgf"
done
nested 100000 "$DATA/nested-100000.sgf"
for input in siblings-10000 siblings-100000 siblings-1000000 nested-100000; do
    path="$DATA/$input.sgf"
    printf '| %s | %d |' "$input" "$(stat -c %s "$path")"
    measure validate "$path" validate --format json
    measure sgf "$path" convert --to sgf
    measure json "$path" convert --to json
    echo
done
