"""Reads SGF with sgfmill (parse and replay the main line of every game), as qipu's peer.

    sgfmill_sgf.py FOLDER [LIMIT]   every .sgf file below FOLDER (sorted, the first LIMIT)
    sgfmill_sgf.py FILE             every game tree of a collection file

A file of the folder is parsed with `sgf.Sgf_game.from_bytes`, which reads one game tree.
A collection is split into its trees with `sgf_grammar.parse_sgf_collection` and each
tree becomes a game with `sgf.Sgf_game.from_coarse_game_tree`. The main line is replayed
on `boards.Board(size)` with `board.play(row, col, colour)`, after the setup stones.
sgfmill's board refuses only occupied points (it allows suicide and ignores ko), so the
peer also counts a move as illegal when it removes its own stone or retakes the simple ko
point at once. A game that fails to parse or holds an illegal move counts as an error.

Prints one line: records, seconds, errors.
"""
import os
import sys
import time

from sgfmill import boards, sgf, sgf_grammar


def replay(game):
    """Replays the main line; False at the first illegal move."""
    board = boards.Board(game.get_size())
    if not board.apply_setup(*game.get_root().get_setup_stones()):
        return False
    ko = None
    for node in game.get_main_sequence()[1:]:
        colour, point = node.get_move()
        if colour is None or point is None:  # no move, or a pass
            ko = None
            continue
        row, col = point
        if point == ko or board.get(row, col) is not None:
            return False
        ko = board.play(row, col, colour)
        if board.get(row, col) is None:  # suicide
            return False
    return True


def games_in(path, limit):
    """Yields each game (None for one that does not parse)."""
    if os.path.isdir(path):
        files = []
        for folder, subfolders, names in os.walk(path):
            subfolders.sort()
            files.extend(os.path.join(folder, n) for n in sorted(names) if n.endswith(".sgf"))
            if limit is not None and len(files) >= limit:
                break
        for name in files[:limit]:
            with open(name, "rb") as handle:
                try:
                    yield sgf.Sgf_game.from_bytes(handle.read())
                except ValueError:
                    yield None
    else:
        with open(path, "rb") as handle:
            trees = sgf_grammar.parse_sgf_collection(handle.read())
        for tree in trees:
            try:
                yield sgf.Sgf_game.from_coarse_game_tree(tree)
            except ValueError:
                yield None


def main(path, limit=None):
    start = time.perf_counter()
    records = errors = 0
    for game in games_in(path, None if limit is None else int(limit)):
        records += 1
        errors += game is None or not replay(game)
    print(records, time.perf_counter() - start, errors)


if __name__ == "__main__":
    main(*sys.argv[1:])
