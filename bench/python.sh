#!/usr/bin/env bash
# The Python module beside the CLI and the Python peers on the same generated records:
# a Python loop over every record and every move of its main line. Prints a Markdown
# table for docs/python.md.
#
#   bench/python.sh [COUNT]     (default 100000 records per archive)
#
# The module is installed with pip into a virtualenv under target/ (with python-chess
# and sgfmill). Rows: wall time of the whole process, records/s, moves/s and peak
# resident memory from /usr/bin/time. The CLI rows are `qipu validate --format json`
# and `qipu convert --to json` into /dev/null: the same replay, without Python.
set -euo pipefail
cd "$(dirname "$0")/.."
COUNT=${1:-${COUNT:-100000}}
DATA=target/bench-data
VENV=target/bench-python
mkdir -p "$DATA"

cargo build --release --quiet --bin qipu --example generate_archive
[ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
CARGO_TARGET_DIR="$PWD/target" "$VENV/bin/pip" install --quiet ./python numpy chess sgfmill

row() { # label, records, command... (the command prints "records moves seconds", or nothing)
    local label=$1 records=$2
    shift 2
    local out stats
    out=$( { /usr/bin/time -f "TIME %e %M" "$@" 2>&1 >"$DATA/loop.out"; } || true)
    stats=$(grep '^TIME' <<<"$out" | tail -1)
    local secs peak moves
    secs=$(awk '{ print $2 }' <<<"$stats")
    peak=$(awk '{ print $3 }' <<<"$stats")
    moves=$(awk 'NF == 3 { print $2 }' "$DATA/loop.out")
    awk -v l="$label" -v r="$records" -v s="$secs" -v m="$peak" -v mv="${moves:-}" 'BEGIN {
        moves = (mv == "") ? "" : sprintf("%.0f", mv / s)
        printf "| %s | %d | %.2f s | %.0f | %s | %.0f MB |\n", l, r, s, r / s, moves, m / 1024 }'
}

LOOP=("$VENV/bin/python" bench/peers/python_loop.py)

echo "| run | records | wall | records/s | moves/s | peak memory |"
echo "|---|---|---|---|---|---|"
target/release/examples/generate_archive shatar "$COUNT" "$DATA"
grep -v '^\[Variant ' "$DATA/shatar.pgn" > "$DATA/shatar-for-chess.pgn"
PGN=$DATA/shatar.pgn
row "CLI: qipu validate, Shatar PGN" "$COUNT" target/release/qipu validate --format json "$PGN"
row "CLI: qipu convert --to json, Shatar PGN" "$COUNT" target/release/qipu convert --to json "$PGN"
row "module: qipu.read, records and moves" "$COUNT" "${LOOP[@]}" qipu-read "$PGN"
row "module: qipu.validate, dicts" "$COUNT" "${LOOP[@]}" qipu-validate "$PGN"
row "python-chess: read_game, mainline_moves" "$COUNT" "${LOOP[@]}" chess "$DATA/shatar-for-chess.pgn"

target/release/examples/generate_archive go "$COUNT" "$DATA"
SGF=$DATA/go-collection.sgf
row "CLI: qipu validate, Go SGF collection" "$COUNT" target/release/qipu validate --format json "$SGF"
row "CLI: qipu convert --to json, Go SGF collection" "$COUNT" target/release/qipu convert --to json "$SGF"
row "module: qipu.read, records and moves" "$COUNT" "${LOOP[@]}" qipu-read "$SGF"
row "module: qipu.validate, dicts" "$COUNT" "${LOOP[@]}" qipu-validate "$SGF"
row "CLI: qipu validate, Go SGF folder" "$COUNT" target/release/qipu validate --format json "$DATA/go"
row "module: qipu.read_many, records and moves" "$COUNT" "${LOOP[@]}" qipu-read "$DATA/go"
row "module: qipu.read_many, moves_array()" "$COUNT" "${LOOP[@]}" qipu-arrays "$DATA/go"
row "sgfmill: the folder, main line replayed" "$COUNT" "${LOOP[@]}" sgfmill "$DATA/go"
