#!/usr/bin/env bash
# Instructions per ply, qipu beside the best native peers, on generated inputs of the same
# shape: `valgrind --tool=callgrind` counts (steady on a loaded machine, unlike wall time),
# one thread, JSON written. Prints the Markdown table of docs/performance.md.
#
#   bench/instructions.sh [COUNT]     (default 2000 records per input)
#
# Inputs (target/bench-instructions/): Shatar PGN, Russian PDN and Go SGF from
# `examples/generate_archive`; `go-real`, Go files shaped like server and commentary
# files (long comments in four languages, time left on every move, many root properties,
# variations, one in three in GB18030); chess PGN of the same shape as the Shatar games,
# played by shakmaty (`bench/instructions/src/bin/chess_games.rs`), for the peer.
#
# Peers, in their own package (bench/instructions/, never a dependency of qipu):
# pgn-reader 0.29 + shakmaty 0.30 reading every game and checking every move's legality;
# sgf-parse 4 parsing the SGF files without replaying them. The ratio column compares
# each row's instructions per ply with pgn-reader + shakmaty's.
set -euo pipefail
cd "$(dirname "$0")/.."
COUNT=${1:-2000}
DATA=target/bench-instructions
PEERS=target/bench-peers/release
mkdir -p "$DATA"

cargo build --release --quiet --bin qipu --example generate_archive
CARGO_TARGET_DIR=target/bench-peers cargo build --release --quiet --locked \
    --manifest-path bench/instructions/Cargo.toml
for kind in shatar draughts go go-real; do
    target/release/examples/generate_archive "$kind" "$COUNT" "$DATA"
done
"$PEERS/chess_games" "$COUNT" > "$DATA/chess.pgn"

# Instructions of one run of a command (callgrind's total of every thread).
instructions() {
    local out
    out=$(mktemp)
    RAYON_NUM_THREADS=1 valgrind --tool=callgrind --callgrind-out-file="$out" "$@" \
        >/dev/null 2>&1
    awk '/^(summary|totals):/ {print $2; exit}' "$out"
    rm -f "$out"
}

# Plies qipu replayed, from its JSON.
qipu_plies() {
    target/release/qipu validate --format json "$1" |
        awk -F'"plies":' '{split($2, a, ","); sum += a[1]} END {print sum}'
}

reference=""
row() {
    local label=$1 plies=$2 count=$3
    local per=$((count / plies))
    if [ -z "$reference" ]; then reference=$per; fi
    awk -v label="$label" -v plies="$plies" -v count="$count" -v per="$per" \
        -v reference="$reference" \
        'BEGIN {printf "| %s | %d | %.1f M | %d | %.2f |\n", label, plies, count / 1e6, per, per / reference}'
}

echo "| input | plies | instructions | per ply | × pgn-reader + shakmaty |"
echo "|---|---|---|---|---|"
chess_plies=$("$PEERS/validate_pgn" "$DATA/chess.pgn" | awk '{print $4}')
row "pgn-reader + shakmaty, $COUNT chess PGN games, every move checked" "$chess_plies" \
    "$(instructions "$PEERS/validate_pgn" "$DATA/chess.pgn")"
row "qipu, $COUNT Shatar PGN games" "$(qipu_plies "$DATA/shatar.pgn")" \
    "$(instructions target/release/qipu validate --format json "$DATA/shatar.pgn")"
row "qipu, $COUNT Russian PDN games" "$(qipu_plies "$DATA/draughts-russian.pdn")" \
    "$(instructions target/release/qipu validate --format json "$DATA/draughts-russian.pdn")"
row "qipu, $COUNT Go SGF files" "$(qipu_plies "$DATA/go")" \
    "$(instructions target/release/qipu validate --format json "$DATA/go")"
row "qipu, $COUNT real-shaped Go SGF files" "$(qipu_plies "$DATA/go-real")" \
    "$(instructions target/release/qipu validate --format json "$DATA/go-real")"
sgf_plies=$("$PEERS/parse_sgf" "$DATA/go-real" | awk '{print $4}')
row "sgf-parse (parse only), $COUNT real-shaped Go SGF files" "$sgf_plies" \
    "$(instructions "$PEERS/parse_sgf" "$DATA/go-real")"
