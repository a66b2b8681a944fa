#!/usr/bin/env python3
"""Random Shatar games from an independent engine, written out as test fixtures.

The oracle is python-chess (GPL-3.0). It is used only here, as a separate
test-time tool; nothing of it is linked into qipu. Shatar rules are imposed on
top of chess: castling rights cleared, the forced first pair (1.d4 d5 or
1.e4 e5), no pawn double steps afterwards, no en passant.

Regenerate the fixtures from the repository root with:

    pip install chess
    python3 tools/oracle/shatar_random_games.py

(options: --games N (default 80, which keeps the fixtures under 1 MB),
--seed S, --out DIR). Output is deterministic for a given
seed and python-chess version, and goes to tests/fixtures/shatar/:

  random_games.uci         one game a line: UCI moves, then `mate`, `stalemate`
                           or `*` (200-ply limit reached)
  random_games.pgn         the same games as PGN with [Variant "Shatar"]
  random_full_latin.txt    rulebook full notation, Latin piece letters
  random_full_chinese.txt  rulebook full notation, Chinese piece names
  random_short_latin.txt   rulebook short notation, Latin piece letters
  random_short_chinese.txt rulebook short notation, Chinese piece names
  corrupted.txt            JSON lines, one per game, each with one move made
                           illegal (see `corrupt` below)

Rulebook notation as written here. Every game is a header line
`白方：Random <2i-1> 蓝方：Random <2i>`, then its moves, ten move pairs a line,
as `(1)e2—e4,e7—e5; (2)Ng1—f3,Nb8—c6; ...`, then a blank line.
  full:  piece letter (none for pawns), from square, `—` (U+2014) or `:` for a
         capture, to square; promotion `变` + piece (`a7—a8变Q`, `a7—a8变虎`).
  short: piece letter, the SAN disambiguation (`Ndf3`, `R1d3`), `：` (U+FF1A)
         for a capture, to square (`N：f3`). Pawn captures are written file to
         file (`cd`) when only one pawn capture goes between those files, else
         `c：d5`. Promotion as in full notation.
  both:  check `+`, mate `+#`.
Chinese names: 王 king, 虎 (White) / 狮 (Blue) queen, 车 rook, 马 knight,
驼 bishop.
"""

import argparse
import json
import random
from pathlib import Path

import chess

MAX_PLIES = 200
PAIRS_PER_LINE = 10

LATIN = {
    chess.KNIGHT: "N",
    chess.BISHOP: "B",
    chess.ROOK: "R",
    chess.QUEEN: "Q",
    chess.KING: "K",
}
CHINESE = {
    chess.KNIGHT: "马",
    chess.BISHOP: "驼",
    chess.ROOK: "车",
    chess.KING: "王",
}
CHINESE_QUEEN = {chess.WHITE: "虎", chess.BLACK: "狮"}

# Names of qipu's IllegalReason variants, expected at the corrupted ply.
REASONS = [
    "BadFirstMove",
    "NoPieceThere",
    "WrongColourPiece",
    "PieceCannotReach",
    "PathBlocked",
    "PawnDoubleStep",
    "NothingToCapture",
    "OwnPieceOnTarget",
    "Castling",
    "LeavesKingInCheck",
    "MovesIntoCheck",
    "PromotionRequired",
]


def new_board():
    board = chess.Board()
    board.castling_rights = chess.BB_EMPTY
    return board


def is_double_step(board, move):
    return (
        board.piece_type_at(move.from_square) == chess.PAWN
        and abs(chess.square_rank(move.to_square) - chess.square_rank(move.from_square)) == 2
    )


def shatar_moves(board):
    """Legal Shatar moves; the ply count is taken from the board's move stack."""
    ply = len(board.move_stack)
    legal = list(board.legal_moves)
    if ply == 0:
        return [m for m in legal if m.uci() in ("d2d4", "e2e4")]
    if ply == 1:
        file = chess.square_file(board.move_stack[0].from_square)
        want = chess.square(file, 6), chess.square(file, 4)
        return [m for m in legal if (m.from_square, m.to_square) == want]
    return [
        m
        for m in legal
        if not board.is_en_passant(m) and not board.is_castling(m) and not is_double_step(board, m)
    ]


def status(board):
    """`mate`, `stalemate` or None, by Shatar rules, for the side to move."""
    if shatar_moves(board):
        return None
    return "mate" if board.is_check() else "stalemate"


def random_game(rng):
    board = new_board()
    while len(board.move_stack) < MAX_PLIES:
        moves = shatar_moves(board)
        if not moves:
            break
        board.push(rng.choice(moves))
    return board.move_stack[:], status(board) or "*"


def suffix(board, move, mate_mark):
    """Check or mate mark for `move`, judged by Shatar rules."""
    board.push(move)
    mark = ""
    if board.is_check():
        mark = mate_mark if not shatar_moves(board) else "+"
    board.pop()
    return mark


def piece_name(board, square, chinese):
    piece = board.piece_at(square)
    if piece.piece_type == chess.PAWN:
        return ""
    if not chinese:
        return LATIN[piece.piece_type]
    if piece.piece_type == chess.QUEEN:
        return CHINESE_QUEEN[piece.color]
    return CHINESE[piece.piece_type]


def promotion_text(board, move, chinese):
    if not move.promotion:
        return ""
    if not chinese:
        return "变" + LATIN[move.promotion]
    if move.promotion == chess.QUEEN:
        return "变" + CHINESE_QUEEN[board.turn]
    return "变" + CHINESE[move.promotion]


def full_move(board, move, chinese):
    sep = ":" if board.is_capture(move) else "—"
    return (
        piece_name(board, move.from_square, chinese)
        + chess.square_name(move.from_square)
        + sep
        + chess.square_name(move.to_square)
        + promotion_text(board, move, chinese)
        + suffix(board, move, "+#")
    )


def short_move(board, move, chinese):
    to = chess.square_name(move.to_square)
    capture = board.is_capture(move)
    if board.piece_type_at(move.from_square) == chess.PAWN:
        if capture:
            files = (chess.square_file(move.from_square), chess.square_file(move.to_square))
            rivals = {
                (m.from_square, m.to_square)
                for m in shatar_moves(board)
                if board.piece_type_at(m.from_square) == chess.PAWN
                and board.is_capture(m)
                and (chess.square_file(m.from_square), chess.square_file(m.to_square)) == files
            }
            from_file = chess.FILE_NAMES[files[0]]
            text = from_file + to[0] if len(rivals) == 1 else from_file + "：" + to
        else:
            text = to
    else:
        # python-chess SAN minus piece letter, `x`, square, promotion and
        # suffix is exactly the disambiguation.
        san = board.san(move).rstrip("+#")
        disambiguation = san[1:-2].replace("x", "")
        text = piece_name(board, move.from_square, chinese) + disambiguation
        text += ("：" if capture else "") + to
    return text + promotion_text(board, move, chinese) + suffix(board, move, "+#")


def pgn_move(board, move):
    return board.san(move).rstrip("+#") + suffix(board, move, "#")


def render(moves, write_move):
    """Rulebook move list of a game, each move written by `write_move`."""
    board = new_board()
    texts = []
    for move in moves:
        texts.append(write_move(board, move))
        board.push(move)
    return render_texts(texts)


def render_texts(texts):
    """`(n)white,blue` pairs joined by `; `, PAIRS_PER_LINE pairs a line."""
    pairs = [f"({i // 2 + 1})" + ",".join(texts[i : i + 2]) for i in range(0, len(texts), 2)]
    lines = [
        "; ".join(pairs[i : i + PAIRS_PER_LINE]) for i in range(0, len(pairs), PAIRS_PER_LINE)
    ]
    return ";\n".join(lines)


def header(index):
    return f"白方：Random {2 * index - 1} 蓝方：Random {2 * index}"


def pgn_text(index, moves, result):
    pgn_result = {"mate": "1-0" if len(moves) % 2 else "0-1", "stalemate": "1/2-1/2"}.get(
        result, "*"
    )
    tags = [
        ("Event", "Random Shatar game"),
        ("Site", "?"),
        ("Date", "????.??.??"),
        ("Round", str(index)),
        ("White", f"Random {2 * index - 1}"),
        ("Black", f"Random {2 * index}"),
        ("Result", pgn_result),
        ("Variant", "Shatar"),
    ]
    board = new_board()
    tokens = []
    for ply, move in enumerate(moves):
        if ply % 2 == 0:
            tokens.append(f"{ply // 2 + 1}.")
        tokens.append(pgn_move(board, move))
        board.push(move)
    tokens.append(pgn_result)
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


# --- corrupted games -------------------------------------------------------


def own_squares(board):
    return chess.SquareSet(board.occupied_co[board.turn])


def empty_board_reach(piece_type, square):
    if piece_type == chess.KNIGHT:
        return chess.BB_KNIGHT_ATTACKS[square]
    if piece_type == chess.KING:
        return chess.BB_KING_ATTACKS[square]
    diagonal = chess.BB_DIAG_ATTACKS[square][0]
    straight = chess.BB_RANK_ATTACKS[square][0] | chess.BB_FILE_ATTACKS[square][0]
    return {chess.BISHOP: diagonal, chess.ROOK: straight, chess.QUEEN: diagonal | straight}[
        piece_type
    ]


def is_castling_shape(board, from_square, to_square):
    home = chess.E1 if board.turn == chess.WHITE else chess.E8
    return (
        board.piece_type_at(from_square) == chess.KING
        and from_square == home
        and chess.square_rank(to_square) == chess.square_rank(home)
        and abs(chess.square_file(to_square) - 4) == 2
    )


def forward(board, square, steps):
    rank = chess.square_rank(square) + (steps if board.turn == chess.WHITE else -steps)
    return chess.square(chess.square_file(square), rank) if 0 <= rank < 8 else None


def illegal_candidates(board, reason):
    """(from, to, promotion) triples that qipu must reject for `reason`."""
    own = own_squares(board)
    enemy = chess.SquareSet(board.occupied_co[not board.turn])
    empty = chess.SquareSet(~board.occupied & chess.BB_ALL)
    pawns = [s for s in own if board.piece_type_at(s) == chess.PAWN]
    pieces = [s for s in own if board.piece_type_at(s) != chess.PAWN]
    out = []
    if reason == "NoPieceThere":
        out = [(f, t, None) for f in empty for t in chess.SQUARES if t != f]
    elif reason == "WrongColourPiece":
        out = [
            (f, t, None)
            for f in enemy
            for t in chess.SquareSet(chess.BB_KING_ATTACKS[f])
            if t not in enemy
        ]
    elif reason == "PieceCannotReach":
        out = [
            (f, t, None)
            for f in pieces
            for t in chess.SQUARES
            if t != f
            and t not in own
            and not empty_board_reach(board.piece_type_at(f), f) & chess.BB_SQUARES[t]
            and not is_castling_shape(board, f, t)
        ]
    elif reason == "PathBlocked":
        out = [
            (f, t, None)
            for f in pieces
            if board.piece_type_at(f) in (chess.BISHOP, chess.ROOK, chess.QUEEN)
            for t in chess.SquareSet(empty_board_reach(board.piece_type_at(f), f))
            if t not in own and chess.between(f, t) & board.occupied
        ]
        out += [(f, forward(board, f, 1), None) for f in pawns if forward(board, f, 1) in enemy]
    elif reason == "PawnDoubleStep":
        start = 1 if board.turn == chess.WHITE else 6
        out = [
            (f, forward(board, f, 2), None)
            for f in pawns
            if chess.square_rank(f) == start and forward(board, f, 2) not in own
        ]
    elif reason == "NothingToCapture":
        out = [(f, t, None) for f in pawns for t in board.attacks(f) & empty]
        # A promoting pawn without a capture is still wrong; keep the promotion
        # so the only fault is the missing victim.
        last = 7 if board.turn == chess.WHITE else 0
        out = [(f, t, chess.QUEEN if chess.square_rank(t) == last else None) for f, t, _ in out]
    elif reason == "OwnPieceOnTarget":
        out = [
            (f, t, None)
            for f in pieces
            for t in board.attacks(f) & own
            if not is_castling_shape(board, f, t)
        ]
    elif reason == "Castling":
        king = board.king(board.turn)
        if is_castling_shape(board, king, king + 2):
            out = [(king, king + 2, None), (king, king - 2, None)]
    elif reason in ("LeavesKingInCheck", "MovesIntoCheck"):
        legal = set(board.legal_moves)
        out = [
            (m.from_square, m.to_square, m.promotion)
            for m in board.pseudo_legal_moves
            if m not in legal
            and not board.is_castling(m)
            and not board.is_en_passant(m)
            and not is_double_step(board, m)
            and (board.piece_type_at(m.from_square) == chess.KING) == (reason == "MovesIntoCheck")
        ]
    elif reason == "PromotionRequired":
        out = {(m.from_square, m.to_square, None) for m in shatar_moves(board) if m.promotion}
        out = sorted(out)
    return out


def board_after(moves):
    board = new_board()
    for move in moves:
        board.push(move)
    return board


def corrupt(rng, index, moves):
    """One game with one move replaced by an illegal one, as a JSON object.

    `ply` is 1-based; `reason` names qipu's IllegalReason variant; `move`
    describes the bad move (role letter `P` for pawns, the piece standing on
    `from`, or `P` when `from` is empty); `text` is the whole corrupted game
    in full Latin notation, later moves unchanged (the untouched game is line
    `game` of random_games.uci).
    """
    reason = REASONS[(index - 1) % len(REASONS)]
    plies = list(range(3, len(moves) + 1))
    rng.shuffle(plies)
    choice = None
    for ply in plies if reason != "BadFirstMove" else []:
        board = board_after(moves[: ply - 1])
        candidates = illegal_candidates(board, reason)
        if candidates:
            choice = ply, board, rng.choice(candidates)
            break
    if choice is None:
        # Also the fallback when the wanted kind never arose in this game.
        reason = "BadFirstMove"
        ply = rng.choice([1, 2])
        board = board_after(moves[: ply - 1])
        allowed = set(shatar_moves(board))
        bad = rng.choice([m for m in board.legal_moves if m not in allowed])
        choice = ply, board, (bad.from_square, bad.to_square, bad.promotion)
    ply, board, (from_square, to_square, promotion) = choice
    piece = board.piece_at(from_square)
    role = piece.symbol().upper() if piece else "P"
    capture = board.piece_at(to_square) is not None
    bad_text = (
        ("" if role == "P" else role)
        + chess.square_name(from_square)
        + (":" if capture else "—")
        + chess.square_name(to_square)
        + ("变" + LATIN[promotion] if promotion else "")
    )
    board = new_board()
    texts = []
    for move in moves:
        texts.append(full_move(board, move, False))
        board.push(move)
    texts[ply - 1] = bad_text
    return {
        "game": index,
        "ply": ply,
        "reason": reason,
        "move": {
            "role": role,
            "from": chess.square_name(from_square),
            "to": chess.square_name(to_square),
            "promotion": LATIN[promotion] if promotion else None,
        },
        "text": header(index) + "\n" + render_texts(texts),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=80)
    parser.add_argument("--seed", type=int, default=20240917)
    parser.add_argument("--out", type=Path, default=Path("tests/fixtures/shatar"))
    args = parser.parse_args()

    rng = random.Random(args.seed)
    games = [random_game(rng) for _ in range(args.games)]
    args.out.mkdir(parents=True, exist_ok=True)

    def write(name, blocks):
        (args.out / name).write_text("".join(blocks), encoding="utf-8")

    write(
        "random_games.uci",
        (" ".join(m.uci() for m in moves) + f" {result}\n" for moves, result in games),
    )
    write("random_games.pgn", (pgn_text(i, m, r) + "\n" for i, (m, r) in enumerate(games, 1)))
    notations = {
        "random_full_latin.txt": lambda b, m: full_move(b, m, False),
        "random_full_chinese.txt": lambda b, m: full_move(b, m, True),
        "random_short_latin.txt": lambda b, m: short_move(b, m, False),
        "random_short_chinese.txt": lambda b, m: short_move(b, m, True),
    }
    for name, write_move in notations.items():
        write(
            name,
            (f"{header(i)}\n{render(m, write_move)}\n\n" for i, (m, _) in enumerate(games, 1)),
        )
    write(
        "corrupted.txt",
        (
            json.dumps(corrupt(rng, i, m), ensure_ascii=False) + "\n"
            for i, (m, _) in enumerate(games, 1)
        ),
    )


if __name__ == "__main__":
    main()
