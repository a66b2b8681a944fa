"""Reads a PDN file with pydraughts (parse and replay every move), as qipu's peer.

pydraughts' own `PDNReader` reads the tags and movetext of a game into `game.variant`
(from `GameType`) and `game.moves` (the move strings). Given a whole file it re-joins the
rest of the text after every game, which is quadratic in the number of games, so this
peer cuts the file into games itself (a blank line followed by a tag line starts a game)
and hands each game's text to `PDNReader`. Each move is then replayed on a fresh
`Board(variant)`: `Move(board, pdn_move=...)` matches the text against the legal moves
(from-to, or the full path of landing squares) and `board.push` plays it. A game whose
variant is not Russian or whose move is not legal (pydraughts raises) counts as an error.

pydraughts is GPL: it is only run here, as a separate process, never linked.
Prints one line: records, seconds, errors.
"""
import re
import sys
import time

from draughts import Board, Move
from draughts.PDN import PDNReader


def replay(game):
    """Replays a game's moves; False if pydraughts refuses the game or one of its moves."""
    if game.variant != "russian":
        return False
    board = Board(game.variant)
    try:
        for text in game.moves:
            board.push(Move(board, pdn_move=text))
    except (KeyError, ValueError, IndexError):
        return False
    return True


def main(path):
    start = time.perf_counter()
    records = errors = 0
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    for chunk in re.split(r"\n[ \t]*\n(?=\[)", text):
        if not chunk.strip():
            continue
        records += 1
        errors += not replay(PDNReader(pdn_text=chunk).games[0])
    print(records, time.perf_counter() - start, errors)


if __name__ == "__main__":
    main(sys.argv[1])
