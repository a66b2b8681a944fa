"""Go training data against sgfmill, an independent reader and board: every SGF game of
the samples and fixtures read by sgfmill and replayed on its board gives the moves of
``Record.moves`` and ``moves_array()``, the setup of ``Record.setup``, and after every
move the board of ``positions_array()`` (captures taken), as far as qipu replayed the
game (the moves before its first error)."""

from pathlib import Path

import numpy as np
import pytest
from sgfmill import sgf, sgf_moves

import qipu

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(
    p.relative_to(ROOT).as_posix()
    for folder in ["samples/go", "tests/fixtures/go", "tests/fixtures/show"]
    for p in (ROOT / folder).rglob("*.sgf")
)
CODE = {"b": 1, "w": 2}


def sgfmill_game(path):
    """sgfmill's setup board and main-line moves, or None where it cannot read the
    game (legacy forms qipu reads and sgfmill refuses)."""
    try:
        game = sgf.Sgf_game.from_bytes((ROOT / path).read_bytes())
        board, plays = sgf_moves.get_setup_and_moves(game)
    except ValueError:
        return None
    return board, plays


def array_of(board):
    size = board.side
    out = np.zeros((size, size), dtype=np.int8)
    for row in range(size):
        for col in range(size):
            stone = board.get(row, col)
            if stone:
                out[row, col] = CODE[stone]
    return out


@pytest.mark.parametrize("path", GAMES)
def test_moves_and_positions_are_sgfmills(path):
    read = sgfmill_game(path)
    if read is None:
        pytest.skip(f"sgfmill cannot read {path}")
    board, plays = read
    records = list(qipu.read(path))
    if len(records) != 1 or records[0].game != "go":
        pytest.skip(f"{path} is not one Go game")
    record = records[0]
    if record.encoding in ("Shift_JIS", "Big5"):
        # sgfmill parses the bytes before decoding them: a trail byte 0x5C (`\`) or
        # 0x5D (`]`) of these encodings ends or escapes its values where the text has
        # none (the fixtures hold such names on purpose).
        pytest.skip(f"sgfmill misreads {record.encoding} trail bytes")
    n = record.plies
    assert n <= len(plays)
    assert record.moves == [(colour, move) for colour, move in plays[:n]]

    black = {p for p in board.list_occupied_points() if p[0] == "b"}
    white = {p for p in board.list_occupied_points() if p[0] == "w"}
    setup = record.setup
    if black or white:
        assert setup == ({p for _, p in black}, {p for _, p in white})
    else:
        assert setup is None

    moves = record.moves_array()
    positions = record.positions_array()
    assert moves.dtype == np.int16 and moves.shape == (n, 3)
    assert positions.dtype == np.int8 and positions.shape == (n, board.side, board.side)
    for i, (colour, move) in enumerate(plays[:n]):
        if move is None:
            assert list(moves[i]) == [CODE[colour], -1, -1]
        else:
            assert list(moves[i]) == [CODE[colour], move[0], move[1]]
            board.play(move[0], move[1], colour)
        assert (positions[i] == array_of(board)).all(), f"{path}: after move {i + 1}"


def test_enough_games_were_compared():
    compared = [p for p in GAMES if sgfmill_game(p) is not None]
    assert len(compared) > 150
    plies = sum(r.plies for p in compared for r in qipu.read(p))
    assert plies > 10000


def test_arrays_are_for_go():
    record = next(iter(qipu.read("samples/shatar/latin-full.txt")))
    with pytest.raises(ValueError, match="moves_array is for Go records"):
        record.moves_array()
    with pytest.raises(ValueError, match="positions_array is for Go records"):
        record.positions_array()
