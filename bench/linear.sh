#!/usr/bin/env bash
# Shows that the paths that once were quadratic now take linear time: each case is run
# at n and 4n (and 16n) and the times printed side by side, best of three runs each.
# Linear means 4× the work within 5× the time.
#
#   bench/linear.sh
#
# Cases: human output of n diagnostics on one line (a scoresheet line of n wrong check
# marks); Shatar replay of n plies without irreversible moves (knights shuffling, every
# position checked for repetition); the same for draughts (two kings shuffling); n
# unclosed variations in each family; an SGF comment of 4n escaped brackets. The tests
# count the same paths' allocations (tests/linear_work.rs); this times them.
set -euo pipefail
cd "$(dirname "$0")/.."
DATA=target/bench-linear
mkdir -p "$DATA"
cargo build --release --quiet --bin qipu
QIPU=target/release/qipu

python3 - "$DATA" <<'PY'
import sys
data = sys.argv[1]
for n in (2000, 8000, 32000):
    marks = ["Nf3+", "Nf6+", "Ng1+", "Ng8+"] * (n // 4)
    with open(f"{data}/marks-{n}.txt", "w") as f:
        f.write("White: A  Blue: B\ne4 e5 " + " ".join(marks) + " *\n")
for n in (50000, 200000, 800000):
    def numbered(moves):
        return "\n".join(f"{i // 2 + 1}. " + " ".join(moves[i:i + 2]) for i in range(0, len(moves), 2))
    knights = ["e4", "e5"] + [["Nf3", "Nf6", "Ng1", "Ng8"][i % 4] for i in range(n - 2)]
    with open(f"{data}/shatar-{n}.pgn", "w") as f:
        f.write('[Variant "Shatar"]\n\n' + numbered(knights) + " *\n")
    kings = [["c1-d2", "f8-e7", "d2-c1", "e7-f8"][i % 4] for i in range(n)]
    with open(f"{data}/draughts-{n}.pdn", "w") as f:
        f.write('[GameType "25"]\n[FEN "W:WKc1:BKf8"]\n\n' + numbered(kings) + " *\n")
for n in (100000, 400000, 1600000):
    with open(f"{data}/nested-{n}.pgn", "w") as f:
        f.write("1. e4 (" * n)
    with open(f"{data}/nested-{n}.pdn", "w") as f:
        f.write("1. 9-13 (" * n)
    with open(f"{data}/nested-{n}.sgf", "w") as f:
        f.write("(;B[aa]" * n)
    with open(f"{data}/escaped-{n}.sgf", "w") as f:
        f.write("(;GM[1]C[" + "\\]" * (4 * n) + "])")
PY

# Best of three wall-clock runs, in seconds.
best() {
    local best=""
    for _ in 1 2 3; do
        local t
        /usr/bin/time -f "%e" -o "$DATA/time" "$@" >/dev/null 2>&1 || true
        t=$(tail -1 "$DATA/time")
        if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then best=$t; fi
    done
    echo "$best"
}

row() {
    local label=$1 format=$2 prefix=$3 ext=$4; shift 4
    local times=()
    for n in "$@"; do
        times+=("$(best "$QIPU" validate --format "$format" "$DATA/$prefix-$n.$ext")")
    done
    echo "| $label | $* | ${times[*]} |"
}

echo "| case | n | seconds |"
echo "|---|---|---|"
row "human output, n diagnostics on one line" human marks txt 2000 8000 32000
row "Shatar, n plies without capture or pawn move" json shatar pgn 50000 200000 800000
row "draughts, n king moves" json draughts pdn 50000 200000 800000
row "Shatar, n unclosed variations" json nested pgn 100000 400000 1600000
row "draughts, n unclosed variations" json nested pdn 100000 400000 1600000
row "Go, n unclosed game trees" json nested sgf 100000 400000 1600000
row "Go, a comment of 4n escapes" json escaped sgf 100000 400000 1600000
