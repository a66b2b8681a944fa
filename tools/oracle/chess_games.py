#!/usr/bin/env python3
"""Random games of orthodox chess from an independent engine, written out as test fixtures.

The oracle is python-chess (GPL-3.0), used only here as a separate test-time tool;
nothing of it is linked into qipu. qipu reads a PGN game without a `Variant` tag as
Shatar; a game that fails as Shatar but whose every move is legal chess must be named
`other-game` (chess), and one with a move that is not legal chess must not be.

Every game opens with Shatar's forced pair (1.e4 e5 or 1.d4 d5), so that neither its
opening nor castling gives it away at once: only a later move Shatar does not allow
does (a pawn's double step, en passant, castling). Moves are chosen at random, with
castling, en passant and promotion preferred where they are legal, so that every kind
is in the file. Half the games are then cut at one ply after the opening pair and
end with a move python-chess says is not legal there: a piece to a square none of its kind can
reach, a pinned piece or the king moving into check, or castling where the rights
stand but the king is in check, passes an attacked square or is blocked.

Regenerate from the repository root (with python-chess installed, e.g. in a venv:
`python3 -m venv /tmp/venv && /tmp/venv/bin/pip install chess`):

    /tmp/venv/bin/python tools/oracle/chess_games.py

(options: --games N (default 60), --seed S). Output, deterministic for a seed and a
python-chess version, in tests/fixtures/shatar/:

  chess_games.pgn     the games, SAN with python-chess's check and mate marks, no
                      `Variant` tag
  chess_games.jsonl   one line a game: `kind` (`chess` or `corrupted`), `plies`, the
                      1-based `shatar_refuses` (the first ply of the legal moves written
                      that Shatar's rules refuse, null if none) and
                      `refused_by` (`double_step`, `en_passant` or `castling`) with
                      `refused_san`, the move as written,
                      `corrupted_ply` and `corruption` (for corrupted games), and the
                      chess-only moves the game plays (`double_step`, `en_passant`,
                      `castling`, `promotion` counts)
"""

import argparse
import json
import random
from pathlib import Path

import chess

MAX_PLIES = 160


def is_double_step(board, move):
    return board.piece_type_at(move.from_square) == chess.PAWN and abs(
        chess.square_rank(move.to_square) - chess.square_rank(move.from_square)
    ) == 2


def shatar_allows(board, move, ply):
    """Whether Shatar's rules allow `move` at `ply` (0-based) of a game from the start."""
    if ply < 2:
        return True  # the forced pair is played by every game here
    return not (board.is_castling(move) or board.is_en_passant(move) or is_double_step(board, move))


def random_game(rng):
    board = chess.Board()
    pair = rng.choice([("e2e4", "e7e5"), ("d2d4", "d7d5")])
    for uci in pair:
        board.push_uci(uci)
    while len(board.move_stack) < MAX_PLIES and not board.is_game_over():
        legal = list(board.legal_moves)
        special = [
            m
            for m in legal
            if board.is_castling(m) or board.is_en_passant(m) or m.promotion == chess.QUEEN
        ]
        move = rng.choice(special) if special and rng.random() < 0.8 else rng.choice(legal)
        board.push(move)
    return board.move_stack[:]


def features(moves):
    board = chess.Board()
    counts = {"double_step": 0, "en_passant": 0, "castling": 0, "promotion": 0}
    refuses, refused_by, refused_san = None, None, None
    for ply, move in enumerate(moves):
        if ply >= 2 and is_double_step(board, move):
            counts["double_step"] += 1
        if board.is_en_passant(move):
            counts["en_passant"] += 1
        if board.is_castling(move):
            counts["castling"] += 1
        if move.promotion:
            counts["promotion"] += 1
        if refuses is None and not shatar_allows(board, move, ply):
            refuses = ply + 1
            refused_san = board.san(move)
            if board.is_castling(move):
                refused_by = "castling"
            elif board.is_en_passant(move):
                refused_by = "en_passant"
            else:
                refused_by = "double_step"
        board.push(move)
    return counts, refuses, refused_by, refused_san


def unreachable(board, rng):
    """A piece letter and square that no piece of that kind of the side to move reaches."""
    ours = [
        p
        for p in (chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN, chess.KING)
        if board.pieces(p, board.turn)
    ]
    rng.shuffle(ours)
    for piece in ours:
        reached = {m.to_square for m in board.legal_moves if board.piece_type_at(m.from_square) == piece}
        squares = [s for s in chess.SQUARES if s not in reached and board.color_at(s) != board.turn]
        if squares:
            square = rng.choice(squares)
            return chess.piece_symbol(piece).upper() + chess.square_name(square)
    return None


def into_check(board, rng):
    """A move by the pieces' geometry that leaves or puts the own king in check, written
    in long algebraic form (piece, from, `-` or `x`, to) so that it names one move."""
    illegal = [m for m in board.pseudo_legal_moves if not board.is_legal(m)]
    if not illegal:
        return None
    move = rng.choice(illegal)
    piece = board.piece_type_at(move.from_square)
    letter = "" if piece == chess.PAWN else chess.piece_symbol(piece).upper()
    link = "x" if board.is_capture(move) else "-"
    promotion = "=" + chess.piece_symbol(move.promotion).upper() if move.promotion else ""
    return (
        letter + chess.square_name(move.from_square) + link + chess.square_name(move.to_square)
        + promotion
    )


def bad_castling(board):
    """Castling where a right stands but the move is not legal (in check, an attacked
    square crossed, the way blocked)."""
    sides = (
        (chess.BB_H1 | chess.BB_H8, "O-O", board.is_kingside_castling),
        (chess.BB_A1 | chess.BB_A8, "O-O-O", board.is_queenside_castling),
    )
    for rooks, text, is_side in sides:
        if board.castling_rights & rooks & chess.BB_RANKS[0 if board.turn else 7]:
            if not any(is_side(m) for m in board.legal_moves):
                return text
    return None


def corrupt(moves, rng):
    """The SAN of the moves up to a ply after the opening pair, then a move that is not
    legal chess there; its ply (1-based) and the kind of the corruption."""
    for _ in range(100):
        ply = rng.randrange(2, len(moves))
        board = chess.Board()
        for move in moves[:ply]:
            board.push(move)
        kind = rng.choice(["unreachable", "into_check", "castling"])
        text = {"unreachable": unreachable, "into_check": into_check}.get(kind)
        bad = text(board, rng) if text else bad_castling(board)
        if bad is None:
            continue
        # The game ends with the bad move, so that it alone decides.
        return sans_of(moves[:ply]) + [bad], ply + 1, kind
    return None


def sans_of(moves):
    board = chess.Board()
    out = []
    for move in moves:
        out.append(board.san(move))
        board.push(move)
    return out


def pgn_text(index, sans):
    tags = [
        ("Event", "Random chess game"),
        ("Site", "?"),
        ("Date", "????.??.??"),
        ("Round", str(index)),
        ("White", f"Random {2 * index - 1}"),
        ("Black", f"Random {2 * index}"),
        ("Result", "*"),
    ]
    tokens = []
    for ply, san in enumerate(sans):
        if ply % 2 == 0:
            tokens.append(f"{ply // 2 + 1}.")
        tokens.append(san)
    tokens.append("*")
    lines, line = [], ""
    for token in tokens:
        if line and len(line) + 1 + len(token) > 79:
            lines.append(line)
            line = token
        else:
            line = f"{line} {token}" if line else token
    lines.append(line)
    head = "\n".join(f'[{name} "{value}"]' for name, value in tags)
    return head + "\n\n" + "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=20261202)
    parser.add_argument("--out", default="tests/fixtures/shatar")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    out = Path(args.out)
    pgn, truth = [], []
    index = 0
    while index < args.games:
        moves = random_game(rng)
        sans, entry = sans_of(moves), {"kind": "chess"}
        if index % 2 == 1:
            corrupted = corrupt(moves, rng)
            if corrupted is None:
                continue
            sans, ply, kind = corrupted
            moves = moves[: ply - 1]
            entry = {"kind": "corrupted", "corrupted_ply": ply, "corruption": kind}
        counts, refuses, refused_by, refused_san = features(moves)
        if refuses is None and entry["kind"] == "chess":
            continue  # legal Shatar all through: not what these fixtures are for
        entry.update(plies=len(sans), shatar_refuses=refuses, refused_by=refused_by,
                     refused_san=refused_san, **counts)
        index += 1
        pgn.append(pgn_text(index, sans))
        truth.append(json.dumps({"game": index, **entry}, sort_keys=True))
    (out / "chess_games.pgn").write_text("\n".join(pgn), encoding="utf-8")
    (out / "chess_games.jsonl").write_text("\n".join(truth) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
