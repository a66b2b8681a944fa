"""Reads a PGN file with python-chess (parse and replay every move), as qipu's peer.

python-chess is GPL: it is only run here, as a separate process, never linked.
Prints one line: records, seconds, errors.
"""
import sys
import time

import chess.pgn


def main(path):
    start = time.perf_counter()
    records = errors = 0
    with open(path, encoding="utf-8") as handle:
        while True:
            game = chess.pgn.read_game(handle)
            if game is None:
                break
            records += 1
            errors += bool(game.errors)
    print(records, time.perf_counter() - start, errors)


if __name__ == "__main__":
    main(sys.argv[1])
