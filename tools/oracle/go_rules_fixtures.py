#!/usr/bin/env python3
"""What sgfmill 1.1 reads from qipu's hand-written Go fixtures for repeated properties and rule
sets, as an independent check of qipu's reading and engine.

sgfmill merges a property repeated in one node (GNU Go 2.x `AB[pd]AB[dp]`), and its board
removes a group that fills its own last liberty (suicide, as New Zealand and Tromp-Taylor
rules allow) and does not check ko. For each file given, one JSON line: file, setup_black
(black setup stones in the root), plies (moves of the main line) and final (the position
after them, top row first: X black, O white, . empty).

  python3 tools/oracle/go_rules_fixtures.py tests/fixtures/go/repeated/gnugo2-handicap.sgf \
      tests/fixtures/go/repeated/fox-two-ap.sgf tests/fixtures/go/rules/suicide-nz.sgf \
      > tests/fixtures/go/rules/sgfmill.jsonl
"""
import json
import sys

from sgfmill import sgf, sgf_moves

SIGN = {None: ".", "b": "X", "w": "O"}

for path in sys.argv[1:]:
    with open(path, "rb") as f:
        game = sgf.Sgf_game.from_bytes(f.read())
    root = game.get_root()
    board, plays = sgf_moves.get_setup_and_moves(game)
    for colour, move in plays:
        if move is not None:
            board.play(move[0], move[1], colour)
    # sgfmill counts rows from the bottom; SGF letters from the top.
    rows = ["".join(SIGN[board.get(row, col)] for col in range(board.side))
            for row in range(board.side - 1, -1, -1)]
    print(json.dumps({
        "file": path.rsplit("/", 1)[-1],
        "setup_black": len(root.get("AB")) if root.has_property("AB") else 0,
        "plies": len(plays),
        "final": "\n".join(rows) + "\n",
    }, ensure_ascii=False))
