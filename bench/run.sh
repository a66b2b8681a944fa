#!/usr/bin/env bash
# Benchmarks `qipu validate` on generated archives beside the best peer installed from
# PyPI, on the same input. Prints a Markdown table for the README.
#
#   bench/run.sh [COUNT]        (default 100000 records per archive)
#
# Peers go into a virtualenv under target/ (python-chess; sgfmill and pydraughts as
# their families are benchmarked). Figures: wall time, records/s, MB/s of input, and
# peak resident memory from /usr/bin/time.
set -euo pipefail
cd "$(dirname "$0")/.."
COUNT=${1:-100000}
DATA=target/bench-data
VENV=target/bench-venv
mkdir -p "$DATA"

cargo build --release --quiet --bin qipu --example generate_archive
if [ ! -x "$VENV/bin/python" ]; then
    python3 -m venv "$VENV"
fi
"$VENV/bin/pip" install --quiet chess sgfmill pydraughts

measure() { # label, records, bytes, command...
    local label=$1 records=$2 bytes=$3
    shift 3
    local stats
    stats=$( { /usr/bin/time -f "%e %M" "$@" > /dev/null; } 2>&1 | tail -1)
    local secs=${stats% *} peak=${stats#* }
    awk -v l="$label" -v r="$records" -v b="$bytes" -v s="$secs" -v m="$peak" 'BEGIN {
        printf "| %s | %d | %.2f s | %.0f | %.1f | %.0f MB |\n", l, r, s, r / s, b / s / 1e6, m / 1024 }'
}

echo "| run | records | wall | records/s | MB/s | peak memory |"
echo "|---|---|---|---|---|---|"

target/release/examples/generate_archive shatar "$COUNT" "$DATA"
# python-chess refuses an unknown Variant tag; every Shatar game is also a legal chess
# game (no double steps after the first pair, so no en passant; no castling), so the
# peer reads the same movetext without that tag.
grep -v '^\[Variant ' "$DATA/shatar.pgn" > "$DATA/shatar-for-chess.pgn"
measure "qipu, Shatar PGN" "$COUNT" "$(stat -c %s "$DATA/shatar.pgn")" \
    target/release/qipu validate --format json "$DATA/shatar.pgn"
measure "qipu, Shatar rulebook text" "$COUNT" "$(stat -c %s "$DATA/shatar.txt")" \
    target/release/qipu validate --format json "$DATA/shatar.txt"
measure "python-chess 1.x, same PGN" "$COUNT" "$(stat -c %s "$DATA/shatar-for-chess.pgn")" \
    "$VENV/bin/python" bench/peers/chess_pgn.py "$DATA/shatar-for-chess.pgn"
