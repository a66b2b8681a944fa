#!/usr/bin/env python3
"""Independent oracle for the draughts engine: random games played by pydraughts.

Writes, for Russian and Brazilian rules, into tests/fixtures/draughts/:

  <variant>_random.pdn            numeric PDN, rulebook numbering (1=a1 ... 32=h8), full capture
                                   paths with "x"
  <variant>_random_algebraic.pdn  the same games in algebraic squares, captures with ":"
  <variant>_random.jsonl          per game: every move as [landing path, captured squares, number
                                   of legal moves (same start, end and captures counted once)],
                                   rulebook numbers, and the result: the truth to test against
  <variant>_corrupted.pdn         copies of some games with one move replaced by an illegal one
  <variant>_corrupted.jsonl       per corrupted game: the 1-based ply of the bad move, what was
                                   written and why it is illegal

pydraughts (PyPI "pydraughts", module "draughts") is used only here, as a test-time tool:
    pip install pydraughts==0.6.7
    python3 tools/oracle/draughts_random_games.py

pydraughts numbers the Russian and Brazilian boards 1=a1, 2=c1 ... 32=h8 like the rulebook; the
script does not rely on that: it keeps its own board from the recorded paths and checks it
against pydraughts' algebraic FEN after every ply.
"""

import json
import random
import sys
from pathlib import Path

import draughts

SEED = 20240601
GAMES = 150
CORRUPTED = 40
MAX_PLIES = 120
OUT = Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "draughts"
VARIANTS = {"russian": "25", "brazilian": "26"}


def square_name(number):
    """Rulebook number (1..32) -> algebraic name."""
    index = number - 1
    rank = index // 4
    file = 2 * (index % 4) + rank % 2
    return "abcdefgh"[file] + str(rank + 1)


def square_number(name):
    file = "abcdefgh".index(name[0])
    rank = int(name[1:]) - 1
    return rank * 4 + file // 2 + 1


def forward_steps(number, white):
    """Rulebook numbers one step diagonally forward of `number` for a man of that colour."""
    index = number - 1
    rank, file = index // 4, 2 * (index % 4) + (index // 4) % 2
    dr = 1 if white else -1
    out = []
    for df in (-1, 1):
        f, r = file + df, rank + dr
        if 0 <= f < 8 and 0 <= r < 8:
            out.append(r * 4 + f // 2 + 1)
    return out


def backward_steps(number, white):
    return forward_steps(number, not white)


def fen_board(fen):
    """pydraughts' algebraic FEN -> {number: 'w'/'W'/'b'/'B'} (upper case = king)."""
    board = {}
    for part in fen.split(":")[1:]:
        colour, squares = part[0], part[1:]
        for item in filter(None, squares.split(",")):
            king = item.startswith("K")
            name = item[1:] if king else item
            board[square_number(name)] = colour.upper() if king else colour.lower()
    return board


def play_on(board, path, captured, white, variant):
    """Applies a move to {number: piece}; the promotion rule is the variant's own."""
    piece = board.pop(path[0])
    for sq in captured:
        del board[sq]
    last_row = range(29, 33) if white else range(1, 5)
    # Russian crowns a man that reaches the back row anywhere on its route; Brazilian only
    # when the move ends there.
    reached = path[1:] if variant == "russian" else path[-1:]
    if piece.islower() and any(sq in last_row for sq in reached):
        piece = piece.upper()
    board[path[-1]] = piece


def distinct(legal):
    """Number of legal moves, routes with the same start, end and captured set counted once."""
    return len({(m["path"][0], m["path"][-1], tuple(m["captured"])) for m in legal})


def numeric(path, is_capture):
    sep = "x" if is_capture else "-"
    return sep.join(str(n) for n in path)


def algebraic(path, is_capture):
    sep = ":" if is_capture else "-"
    return sep.join(square_name(n) for n in path)


def random_game(variant, rng):
    board = draughts.Board(variant=variant)
    mine = fen_board(board.fen)
    moves = []
    result = "*"
    for ply in range(MAX_PLIES):
        legal = board.legal_moves()
        white = ply % 2 == 0
        if not legal:
            result = "0-2" if white else "2-0"
            break
        move = rng.choice(legal)
        path = list(move.steps_move)
        captured = sorted(move.captures)
        alternatives = [
            {"path": list(m.steps_move), "captured": sorted(m.captures)} for m in legal
        ]
        moves.append({"path": path, "captured": captured, "legal": alternatives})
        board.push(move)
        play_on(mine, path, captured, white, variant)
        if mine != fen_board(board.fen):
            sys.exit(f"{variant}: board mismatch after ply {ply + 1}: {board.fen}")
    else:
        if not board.legal_moves():
            result = "0-2" if len(moves) % 2 == 0 else "2-0"
    return moves, result


def corrupt(variant, moves, rng):
    """Picks a ply and an illegal move for it; returns (ply, path, kind)."""
    board = {n: "w" for n in range(1, 13)}
    board.update({n: "b" for n in range(21, 33)})
    candidates = {}
    for ply, move in enumerate(moves):
        white = ply % 2 == 0
        own = "w" if white else "b"
        legal_pairs = {(m["path"][0], m["path"][-1]) for m in move["legal"]}
        options = []
        captures = [m for m in move["legal"] if m["captured"]]
        for sq, piece in board.items():
            if piece.lower() != own:
                continue
            if captures and piece == own:
                for to in forward_steps(sq, white):
                    if to not in board and (sq, to) not in legal_pairs:
                        options.append(([sq, to], "capture-mandatory"))
            if not captures and piece == own:
                for to in backward_steps(sq, white):
                    if to not in board and (sq, to) not in legal_pairs:
                        options.append(([sq, to], "man-moves-backward"))
        for m in captures:
            if len(m["path"]) > 2 and (m["path"][0], m["path"][1]) not in legal_pairs:
                options.append((m["path"][:2], "capture-incomplete"))
        empties = [n for n in range(1, 33) if n not in board]
        for sq in empties:
            for to in forward_steps(sq, white):
                if to not in board:
                    options.append(([sq, to], "no-piece"))
        for path, kind in options:
            candidates.setdefault(kind, []).append((ply, path, kind))
        play_on(board, move["path"], move["captured"], white, variant)
    if not candidates:
        return None
    # Choose the kind first so that the rarer faults are represented too.
    kind = rng.choice(sorted(candidates))
    return rng.choice(candidates[kind])


def pdn_game(variant, index, moves, result, writer, game_type, corrupted=None):
    tags = [
        ("Event", f"qipu oracle random {variant} games"),
        ("Site", "pydraughts"),
        ("Date", "????.??.??"),
        ("Round", str(index)),
        ("White", "random"),
        ("Black", "random"),
        ("Result", result),
        ("GameType", game_type),
    ]
    lines = [f'[{k} "{v}"]' for k, v in tags]
    tokens = []
    for ply, move in enumerate(moves):
        if ply % 2 == 0:
            tokens.append(f"{ply // 2 + 1}.")
        if corrupted and corrupted[0] == ply:
            tokens.append(writer(corrupted[1], corrupted[2] == "capture-incomplete"))
        else:
            tokens.append(writer(move["path"], bool(move["captured"])))
    tokens.append(result)
    body, line = [], ""
    for token in tokens:
        if len(line) + len(token) + 1 > 79:
            body.append(line)
            line = token
        else:
            line = f"{line} {token}" if line else token
    body.append(line)
    return "\n".join(lines) + "\n\n" + "\n".join(body) + "\n\n"


def main():
    rng = random.Random(SEED)
    OUT.mkdir(parents=True, exist_ok=True)
    for variant, game_type in VARIANTS.items():
        games = [random_game(variant, rng) for _ in range(GAMES)]
        with open(OUT / f"{variant}_random.pdn", "w") as pdn, open(
            OUT / f"{variant}_random_algebraic.pdn", "w"
        ) as alg, open(OUT / f"{variant}_random.jsonl", "w") as truth:
            for i, (moves, result) in enumerate(games, 1):
                pdn.write(pdn_game(variant, i, moves, result, numeric, game_type))
                alg.write(
                    pdn_game(variant, i, moves, result, algebraic, game_type + ",W,8,8,A0,0")
                )
                record = {
                    "game": i,
                    "result": result,
                    "moves": [[m["path"], m["captured"], distinct(m["legal"])] for m in moves],
                }
                truth.write(json.dumps(record, separators=(",", ":")) + "\n")
        picked = rng.sample(range(len(games)), CORRUPTED)
        with open(OUT / f"{variant}_corrupted.pdn", "w") as pdn, open(
            OUT / f"{variant}_corrupted.jsonl", "w"
        ) as truth:
            for n, gi in enumerate(sorted(picked), 1):
                moves, result = games[gi]
                bad = corrupt(variant, moves, rng)
                if bad is None:
                    continue
                ply, path, kind = bad
                written = numeric(path, kind == "capture-incomplete")
                pdn.write(pdn_game(variant, n, moves, result, numeric, game_type, (ply, path, kind)))
                truth.write(
                    json.dumps(
                        {"game": n, "source_game": gi + 1, "ply": ply + 1, "written": written, "kind": kind},
                        separators=(",", ":"),
                    )
                    + "\n"
                )
        print(f"{variant}: {len(games)} games, {sum(len(m) for m, _ in games)} plies")


if __name__ == "__main__":
    main()
