"""A Python loop over every record of an input and every move of its main line, as a
program that learns from game records would run it. Prints: records, moves, seconds.

    python_loop.py qipu-read PATH        qipu.read (a folder: qipu.read_many), moves
    python_loop.py qipu-validate PATH    qipu.validate, the CLI's JSON objects as dicts
    python_loop.py qipu-arrays PATH      qipu.read_many, Go's moves_array()
    python_loop.py chess PGN             python-chess: read_game, mainline_moves
    python_loop.py sgfmill PATH [LIMIT]  sgfmill: a folder's files (sorted) or a
                                         collection's trees, the main line replayed

python-chess is GPL: it is only run here, as a separate process, never linked.
"""

import os
import sys
import time


def qipu_read(path):
    import qipu

    read = qipu.read_many if os.path.isdir(path) else qipu.read
    records = moves = 0
    for record in read(path):
        records += 1
        for _ in record.moves:
            moves += 1
    return records, moves


def qipu_validate(path):
    import qipu

    records = moves = 0
    for report in qipu.validate(path):
        records += 1
        moves += report["plies"]
    return records, moves


def qipu_arrays(path):
    import qipu

    records = moves = 0
    for record in qipu.read_many(path):
        records += 1
        moves += len(record.moves_array())
    return records, moves


def chess_loop(path):
    import chess.pgn

    records = moves = 0
    with open(path, encoding="utf-8") as handle:
        while True:
            game = chess.pgn.read_game(handle)
            if game is None:
                break
            records += 1
            for _ in game.mainline_moves():
                moves += 1
    return records, moves


def sgfmill_loop(path, limit=None):
    sys.path.insert(0, os.path.dirname(__file__))
    from sgfmill_sgf import games_in

    records = moves = 0
    for game in games_in(path, None if limit is None else int(limit)):
        records += 1
        if game is None:
            continue
        board = __import__("sgfmill.boards", fromlist=["Board"]).Board(game.get_size())
        board.apply_setup(*game.get_root().get_setup_stones())
        for node in game.get_main_sequence()[1:]:
            colour, point = node.get_move()
            if colour is None:
                continue
            moves += 1
            if point is not None:
                try:
                    board.play(point[0], point[1], colour)
                except ValueError:
                    break
    return records, moves


def main(mode, path, *rest):
    run = {
        "qipu-read": qipu_read,
        "qipu-validate": qipu_validate,
        "qipu-arrays": qipu_arrays,
        "chess": chess_loop,
        "sgfmill": sgfmill_loop,
    }[mode]
    start = time.perf_counter()
    records, moves = run(path, *rest)
    print(records, moves, time.perf_counter() - start)


if __name__ == "__main__":
    main(*sys.argv[1:])
