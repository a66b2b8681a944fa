#!/usr/bin/env bash
# Benchmarks `qipu validate` on generated archives beside the best peer installed from
# PyPI, on the same input. Prints a Markdown table for docs/performance.md.
#
#   bench/run.sh [COUNT]        (default 100000 records per archive; or COUNT=… in the
#                               environment)
#
# Peers go into a virtualenv under target/ (python-chess, pydraughts, sgfmill). A peer
# that would take much more than five minutes for COUNT records reads only the first
# records of the same input (a prefix of the same file, or the first files of the same
# folder): pydraughts the first PEER_LIMIT games (default 2000, about four minutes),
# sgfmill the first SGF_PEER_LIMIT (default 20000, about 30 s a row; its collection
# reader holds every parsed tree, some 1.4 GB for 20 000 games). Such a row says so in
# its label, and its records/s and MB/s are those of the subset. Figures: wall time, records/s, MB/s of input, and peak resident memory from
# /usr/bin/time.
#
# Table on standard output; on standard error, what each peer reported (records,
# seconds, errors) and, from separate untimed runs, how many records qipu found valid.
set -euo pipefail
cd "$(dirname "$0")/.."
COUNT=${1:-${COUNT:-100000}}
PEER_LIMIT=${PEER_LIMIT:-2000}
SGF_PEER_LIMIT=${SGF_PEER_LIMIT:-20000}
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
    # A run that finds invalid records exits with 1; it still gets its row (check_valid
    # says how many were valid).
    stats=$( { /usr/bin/time -f "%e %M" "$@" > "${MEASURE_OUT:-/dev/null}" || true; } 2>&1 |
        tail -1)
    local secs=${stats% *} peak=${stats#* }
    awk -v l="$label" -v r="$records" -v b="$bytes" -v s="$secs" -v m="$peak" 'BEGIN {
        printf "| %s | %d | %.2f s | %.0f | %.1f | %.0f MB |\n", l, r, s, r / s, b / s / 1e6, m / 1024 }'
}

# A peer row: measure with the peer's own line (records, seconds, errors) kept and shown.
measure_peer() {
    MEASURE_OUT="$DATA/peer.out" measure "$@"
    echo "$1: peer reports records, seconds, errors: $(cat "$DATA/peer.out")" >&2
}

# Untimed: how many records qipu finds valid.
check_valid() { # expected, path
    local valid
    valid=$(target/release/qipu validate --format json "$2" | grep -c '"valid":true' || true)
    echo "qipu: $valid of $1 records valid in $2" >&2
}

# The first N records of a file: its lines up to the (N+1)th that starts with PREFIX.
first_records() { # prefix, n, input, output
    awk -v prefix="$1" -v n="$2" 'index($0, prefix) == 1 { seen++ } seen > n { exit } { print }' \
        "$3" > "$4"
}

# Label suffix, records and bytes for a peer reading the first LIMIT of COUNT records.
subset_label() { # limit
    if [ "$1" -lt "$COUNT" ]; then echo " (first $1)"; fi
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
measure_peer "python-chess 1.x, same PGN" "$COUNT" "$(stat -c %s "$DATA/shatar-for-chess.pgn")" \
    "$VENV/bin/python" bench/peers/chess_pgn.py "$DATA/shatar-for-chess.pgn"
check_valid "$COUNT" "$DATA/shatar.pgn"
check_valid "$COUNT" "$DATA/shatar.txt"

# Draughts: Russian games in PDN with rulebook numbers; both read the same file.
target/release/examples/generate_archive draughts "$COUNT" "$DATA"
PDN=$DATA/draughts-russian.pdn
measure "qipu, Russian draughts PDN" "$COUNT" "$(stat -c %s "$PDN")" \
    target/release/qipu validate --format json "$PDN"
N=$(( PEER_LIMIT < COUNT ? PEER_LIMIT : COUNT ))
PDN_PEER=$PDN
if [ "$N" -lt "$COUNT" ]; then
    PDN_PEER=$DATA/draughts-russian-first-$N.pdn
    first_records '[Event ' "$N" "$PDN" "$PDN_PEER"
fi
measure_peer "pydraughts 0.6, same PDN$(subset_label "$N")" "$N" "$(stat -c %s "$PDN_PEER")" \
    "$VENV/bin/python" bench/peers/pydraughts_pdn.py "$PDN_PEER"
check_valid "$COUNT" "$PDN"

# Go: COUNT files in folders of 1 000, and the same games as one collection.
target/release/examples/generate_archive go "$COUNT" "$DATA"
GO_BYTES=$(find "$DATA/go" -name '*.sgf' -printf '%s\n' | awk '{ s += $1 } END { print s }')
measure "qipu, Go SGF folder ($COUNT files)" "$COUNT" "$GO_BYTES" \
    target/release/qipu validate --format json "$DATA/go"
N=$(( SGF_PEER_LIMIT < COUNT ? SGF_PEER_LIMIT : COUNT ))
N_BYTES=$(find "$DATA/go" -name '*.sgf' -printf '%p %s\n' | sort |
    awk -v n="$N" 'NR <= n { s += $2 } END { print s }')
measure_peer "sgfmill 1.1, same folder$(subset_label "$N")" "$N" "$N_BYTES" \
    "$VENV/bin/python" bench/peers/sgfmill_sgf.py "$DATA/go" "$N"
COLLECTION=$DATA/go-collection.sgf
measure "qipu, Go SGF collection (one file)" "$COUNT" "$(stat -c %s "$COLLECTION")" \
    target/release/qipu validate --format json "$COLLECTION"
COLLECTION_PEER=$COLLECTION
if [ "$N" -lt "$COUNT" ]; then
    COLLECTION_PEER=$DATA/go-collection-first-$N.sgf
    first_records '(;' "$N" "$COLLECTION" "$COLLECTION_PEER"
fi
measure_peer "sgfmill 1.1, same collection$(subset_label "$N")" "$N" "$(stat -c %s "$COLLECTION_PEER")" \
    "$VENV/bin/python" bench/peers/sgfmill_sgf.py "$COLLECTION_PEER"
check_valid "$COUNT" "$DATA/go"
check_valid "$COUNT" "$COLLECTION"
