#!/usr/bin/env python3
"""Random legal Go games, checked by sgfmill, as fixtures for qipu's Go engine.

Writes, under tests/fixtures/go/ (or the folder given as the first argument):
  random/NNN.sgf            random games on 9x9, 13x13 and 19x19, some with handicap stones (AB),
                            some with passes, some played out to the end (two passes)
  random/truth.jsonl        one object per game: moves, final board, area score, expected check
  corrupted/NNN-KIND.sgf    copies with one move made illegal: onto an occupied point, a suicide,
                            or an immediate ko recapture
  corrupted/truth.jsonl     one object per copy: the moves and the 1-based number of the bad move

sgfmill decides captures and simple ko; it allows suicide, so a move is tried on a copy of the
board and refused when its own stone vanishes. To keep every game legal under any ko rule, a move
that recreates any earlier whole-board position is refused too (positional superko).

Moves in the truth files are space-separated: colour letter then SGF point, a colour alone for a
pass ("Bdd Wpp B"). Boards are rows from the top, "X" black, "O" white, "." empty, each followed
by a newline. Move numbers count the move nodes of the main line, passes included, setup not.

Usage: pip install sgfmill; python3 tools/oracle/go_random_games.py [OUTPUT_DIR]
This is a test-time tool only; qipu does not depend on it.
"""

import json
import random
import sys
from pathlib import Path

from sgfmill import boards, sgf

SEED = 20020101  # the Chinese rules of 2002
GAMES = [(9, 40), (13, 30), (19, 30)]
CORRUPTED_PER_KIND = 10

HANDICAP_POINTS = {
    19: ["pd", "dp", "pp", "dd", "jj", "dj", "pj", "jd", "jp"],
    13: ["jd", "dj", "jj", "dd", "gg", "dg", "jg", "gd", "gj"],
}


def handicap_points(size, stones):
    """The standard handicap placement in SGF letters (centre stone on odd counts from 5)."""
    corners = HANDICAP_POINTS[size]
    layouts = {
        2: corners[:2],
        3: corners[:3],
        4: corners[:4],
        5: corners[:5],
        6: corners[:4] + corners[5:7],
        7: corners[:7],
        8: corners[:4] + corners[5:9],
        9: corners[:9],
    }
    return layouts[stones]


def to_sgf(size, row, col):
    return chr(ord("a") + col) + chr(ord("a") + size - 1 - row)


def from_sgf(size, point):
    return size - 1 - (ord(point[1]) - ord("a")), ord(point[0]) - ord("a")


def snapshot(board):
    return frozenset(board.list_occupied_points())


def render(board):
    size = board.side
    lines = []
    for row in range(size - 1, -1, -1):
        line = ""
        for col in range(size):
            stone = board.get(row, col)
            line += "X" if stone == "b" else "O" if stone == "w" else "."
        lines.append(line + "\n")
    return "".join(lines)


def neighbours(size, row, col):
    for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
        if 0 <= r < size and 0 <= c < size:
            yield r, c


def own_eye(board, colour, row, col):
    return all(board.get(r, c) == colour for r, c in neighbours(board.side, row, col))


def try_move(board, colour, row, col):
    """The board after the move, or the reason it is illegal for sgfmill plus suicide."""
    if board.get(row, col) is not None:
        return None, "occupied"
    after = board.copy()
    ko = after.play(row, col, colour)
    if after.get(row, col) is None:
        return None, "suicide"
    return (after, ko), None


def neutral_points(board):
    """Empty points in regions that touch both colours or none (independent of sgfmill)."""
    size = board.side
    seen = set()
    neutral = 0
    for row in range(size):
        for col in range(size):
            if board.get(row, col) is not None or (row, col) in seen:
                continue
            region, colours, stack = 0, set(), [(row, col)]
            seen.add((row, col))
            while stack:
                r, c = stack.pop()
                region += 1
                for n in neighbours(size, r, c):
                    stone = board.get(*n)
                    if stone is None:
                        if n not in seen:
                            seen.add(n)
                            stack.append(n)
                    else:
                        colours.add(stone)
            if len(colours) != 1:
                neutral += region
    return neutral


def play_game(rng, size, handicap, play_out, length, pass_rate):
    board = boards.Board(size)
    setup = handicap_points(size, handicap) if handicap else []
    for point in setup:
        board.play(*from_sgf(size, point), "b")
    colour = "w" if handicap else "b"
    seen = {snapshot(board)}
    ko_point = None
    moves = []  # (colour, sgf point or "", simple-ko point forbidden to the next player or None)
    while True:
        if len(moves) >= 2 and moves[-1][1] == "" and moves[-2][1] == "":
            break
        if not play_out and len(moves) >= length:
            break
        chosen = None
        if rng.random() >= pass_rate:
            empties = [(r, c) for r in range(size) for c in range(size) if board.get(r, c) is None]
            rng.shuffle(empties)
            for row, col in empties:
                if own_eye(board, colour, row, col) or (row, col) == ko_point:
                    continue
                result, _ = try_move(board, colour, row, col)
                if result is None or snapshot(result[0]) in seen:
                    continue
                chosen = (row, col, result)
                break
        if chosen is None:
            moves.append((colour, "", None))
            ko_point = None
        else:
            row, col, (board, ko_point) = chosen
            seen.add(snapshot(board))
            moves.append((colour, to_sgf(size, row, col), ko_point))
        colour = "w" if colour == "b" else "b"
    return board, setup, moves


def komi_forms(rng, handicap):
    """A komi as some archive would write it, with its value in points."""
    if handicap:
        return rng.choice([("0.5", 0.5), ("0", 0.0), ("50", 0.5)])
    return rng.choice([("7.5", 7.5), ("3.75", 7.5), ("375", 7.5), ("750", 7.5), ("6.5", 6.5)])


def format_margin(margin):
    return ("B+" if margin > 0 else "W+") + f"{abs(margin):g}"


def write_sgf(path, size, setup, moves, komi_raw, handicap, result):
    game = sgf.Sgf_game(size=size)
    root = game.get_root()
    root.set_raw("KM", komi_raw.encode())
    root.set("RU", "Chinese")
    if handicap:
        root.set("HA", handicap)
        root.set_setup_stones([from_sgf(size, p) for p in setup], [])
    if result is not None:
        root.set("RE", result)
    for colour, point, *_ in moves:
        node = game.extend_main_sequence()
        node.set_move(colour, from_sgf(size, point) if point else None)
    path.write_bytes(game.serialise(wrap=79))


def moves_text(moves):
    return " ".join(colour.upper() + point for colour, point, *_ in moves)


def corrupt(rng, size, setup, moves, kind):
    """Replaces one move so that it is illegal in the given way; (moves, number) or None."""
    board = boards.Board(size)
    for point in setup:
        board.play(*from_sgf(size, point), "b")
    start = rng.randrange(2, max(3, len(moves) // 2))
    for index, (colour, point, _) in enumerate(moves):
        if index >= start:
            bad = None
            if kind == "occupied":
                occupied = sorted(board.list_occupied_points())
                if occupied:
                    bad = rng.choice(occupied)[1]
            elif kind == "suicide":
                for row in range(size):
                    for col in range(size):
                        if try_move(board, colour, row, col)[1] == "suicide":
                            bad = (row, col)
                            break
                    if bad:
                        break
            elif kind == "ko" and index > 0 and moves[index - 1][2] is not None:
                bad = moves[index - 1][2]
            if bad is not None:
                replaced = list(moves)
                replaced[index] = (colour, to_sgf(size, *bad), None)
                return replaced, index + 1
        if point:
            board.play(*from_sgf(size, point), colour)
    return None


def main():
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("tests/fixtures/go")
    (out / "random").mkdir(parents=True, exist_ok=True)
    (out / "corrupted").mkdir(parents=True, exist_ok=True)
    rng = random.Random(SEED)
    truth = []
    games = []
    number = 0
    for size, count in GAMES:
        for i in range(count):
            number += 1
            handicap = rng.choice([0, 0, 2, 3, 4, 5, 9]) if size >= 13 and i % 3 == 0 else 0
            play_out = i % 2 == 0
            length = rng.randrange(size * 2, size * size)
            pass_rate = 0.02 if i % 4 == 1 else 0.0
            board, setup, moves = play_game(rng, size, handicap, play_out, length, pass_rate)
            komi_raw, komi = komi_forms(rng, handicap)
            area = board.area_score()
            neutral = neutral_points(board)
            ended = len(moves) >= 2 and moves[-1][1] == "" and moves[-2][1] == ""
            if ended and neutral == 0:
                margin = area - komi - handicap
                if i % 10 == 4:
                    result, check = format_margin(margin + (2 if margin > 0 else -2)), "mismatch"
                else:
                    result, check = format_margin(margin) if margin else "0", "matches"
            else:
                result = rng.choice(["B+R", "W+R", "?", None])
                check = "cannot-verify"
            name = f"{number:03}.sgf"
            write_sgf(out / "random" / name, size, setup, moves, komi_raw, handicap, result)
            truth.append(
                {
                    "file": name,
                    "size": size,
                    "handicap": handicap,
                    "setup_black": setup,
                    "komi": komi_raw,
                    "komi_points": komi,
                    "result": result,
                    "moves": moves_text(moves),
                    "final": render(board),
                    "area_black_minus_white": area,
                    "neutral": neutral,
                    "result_check": check,
                }
            )
            games.append((name, size, handicap, setup, moves, komi_raw, result))
    with open(out / "random" / "truth.jsonl", "w") as f:
        for entry in truth:
            f.write(json.dumps(entry, ensure_ascii=False) + "\n")

    corrupted = []
    for kind in ("occupied", "suicide", "ko"):
        made = 0
        # Small boards first keeps the fixtures small; kos need longer games to turn up.
        for name, size, handicap, setup, moves, komi_raw, result in sorted(
            games, key=lambda g: (g[1], rng.random())
        ):
            if made == CORRUPTED_PER_KIND:
                break
            found = corrupt(rng, size, setup, moves, kind)
            if found is None:
                continue
            bad_moves, bad_number = found
            made += 1
            copy = f"{name[:-4]}-{kind}.sgf"
            write_sgf(out / "corrupted" / copy, size, setup, bad_moves, komi_raw, handicap, result)
            corrupted.append(
                {
                    "file": copy,
                    "original": name,
                    "size": size,
                    "setup_black": setup,
                    "moves": moves_text(bad_moves),
                    "move_number": bad_number,
                    "error": kind,
                }
            )
        print(f"{kind}: {made} corrupted copies", file=sys.stderr)
    with open(out / "corrupted" / "truth.jsonl", "w") as f:
        for entry in corrupted:
            f.write(json.dumps(entry, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
