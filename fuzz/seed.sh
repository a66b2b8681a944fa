#!/usr/bin/env bash
# Makes the seed corpus of every fuzz target (fuzz/corpus/<target>/, not committed) from
# the package's samples and test fixtures. Files over 4 KB are cut into 4 KB pieces at
# line ends, so that libFuzzer's default input size keeps every seed whole.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
targets=(read_shatar read_draughts read_go replay round_trip render stream sgf_recovery fix)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
find "$root/samples" "$root/tests/fixtures" -type f ! -name '*.snap' | sort | while read -r file; do
    name=$(echo "${file#"$root"/}" | tr '/' '_')
    if [ "$(wc -c <"$file")" -le 4096 ]; then
        cp "$file" "$work/$name"
    else
        split -C 4096 -d -a 4 "$file" "$work/$name."
    fi
done
for target in "${targets[@]}"; do
    mkdir -p "$here/corpus/$target"
    cp "$work"/* "$here/corpus/$target/"
done
echo "seeded ${#targets[@]} targets with $(ls "$work" | wc -l) inputs each in $here/corpus"
