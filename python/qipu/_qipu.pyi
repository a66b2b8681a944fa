"""Type stubs of qipu's native module (the functions and classes ``qipu`` re-exports)."""

import os
from typing import (
    Any,
    Dict,
    Iterable,
    Iterator,
    List,
    NamedTuple,
    Optional,
    Set,
    Tuple,
    Union,
)

import numpy as np

__version__: str

PathArg = Union[str, "os.PathLike[str]"]
Point = Tuple[int, int]
GoMove = Tuple[str, Optional[Point]]
DraughtsMove = Tuple[int, ...]

class ShatarMove(NamedTuple):
    """A Shatar move: its SAN (English letters, ``+``/``#``) and its UCI form."""

    san: str
    uci: str

class Diagnostic:
    """One diagnostic of a record: where, what, and how to fix it."""

    severity: str
    """``"error"``, ``"warning"`` or ``"note"``."""
    code: str
    """The stable code (``"illegal-move"``, ``"occupied-point"``, …)."""
    message: str
    help: Optional[str]
    line: Optional[int]
    """1-based line of the file (of a shard: from its start)."""
    column: Optional[int]
    """1-based column, in characters."""
    ply: Optional[int]
    move_number: Optional[int]
    side: Optional[str]
    text: Optional[str]
    """The text the diagnostic points at, as written."""

class Record:
    """A game record as read, with what its replay found; reading never raises for one."""

    @property
    def source(self) -> str: ...
    @property
    def index(self) -> int: ...
    @property
    def game(self) -> Optional[str]:
        """``"shatar"``, ``"draughts"``, ``"go"``, or None when nothing looked like a record."""
    @property
    def variant(self) -> Optional[str]: ...
    @property
    def encoding(self) -> Optional[str]: ...
    @property
    def tags(self) -> Dict[str, Union[str, List[str]]]: ...
    @property
    def result(self) -> Optional[str]: ...
    @property
    def valid(self) -> bool: ...
    @property
    def plies(self) -> int: ...
    @property
    def diagnostics(self) -> List[Diagnostic]: ...
    @property
    def moves(self) -> Union[List[GoMove], List[ShatarMove], List[DraughtsMove]]:
        """Go: ``(colour, (row, col))`` as sgfmill (row 0 at the bottom, None a pass);
        Shatar: ``ShatarMove(san, uci)``; draughts: the path's squares (1 = a1)."""
    @property
    def setup(self) -> Union[None, str, Tuple[Set[Point], Set[Point]]]:
        """The start position when not the standard one: a FEN (Shatar, draughts), or
        Go's ``(black, white)`` setup stones."""
    @property
    def unreplayed(self) -> Optional[str]: ...
    @property
    def shard(self) -> Optional[Tuple[int, int, int]]:
        """``(k, n, offset)`` for a record read from a shard of a file."""
    def to(
        self,
        format: str,
        *,
        notation: str = "full",
        pieces: str = "latin",
        squares: str = "algebraic",
        results: Optional[str] = None,
        fix: bool = False,
        positions: bool = False,
    ) -> str:
        """The record as ``qipu convert --to FORMAT`` writes it."""
    def to_json(self, *, positions: bool = False) -> Dict[str, Any]:
        """The record's object of ``qipu convert --to json``."""
    def report_json(self, *, lang: str = "en") -> Dict[str, Any]:
        """The record's object of ``qipu validate --format json``."""
    def moves_array(self) -> "np.ndarray[Any, np.dtype[np.int16]]":
        """Go: int16, shape ``(n, 3)``: colour (1 Black, 2 White), row, column."""
    def positions_array(self) -> "np.ndarray[Any, np.dtype[np.int8]]":
        """Go: int8, shape ``(n, rows, columns)``: the board after each move."""

class Reader(Iterator[Record]):
    """The records of the inputs, read as they are asked for."""

    def __iter__(self) -> "Reader": ...
    def __next__(self) -> Record: ...
    @property
    def lines_read(self) -> Tuple[int, int]:
        """Line ends of the last input streamed, and characters after the last."""

class Reports(Iterator[Dict[str, Any]]):
    """The objects ``qipu validate --format json`` prints, one per record."""

    def __iter__(self) -> "Reports": ...
    def __next__(self) -> Dict[str, Any]: ...
    @property
    def lines_read(self) -> Tuple[int, int]: ...

def read(
    source: Union[PathArg, bytes, bytearray, Iterable[PathArg]],
    *,
    name: Optional[str] = None,
    game: Optional[str] = None,
    encoding: Optional[str] = None,
    rules: Optional[str] = None,
    variant: Optional[str] = None,
    repair: bool = False,
    shard: Optional[Tuple[int, int]] = None,
    max_record_size: Optional[int] = None,
) -> Reader:
    """The records of a file, a folder or bytes, lazily, in file order."""

def read_many(
    paths: Union[PathArg, Iterable[PathArg]],
    *,
    threads: Optional[int] = None,
    game: Optional[str] = None,
    encoding: Optional[str] = None,
    rules: Optional[str] = None,
    variant: Optional[str] = None,
    repair: bool = False,
    shard: Optional[Tuple[int, int]] = None,
    max_record_size: Optional[int] = None,
) -> Reader:
    """``read`` over many inputs, read in parallel on ``threads`` threads."""

def validate(
    paths: Union[PathArg, Iterable[PathArg]],
    *,
    quiet: bool = False,
    deny_warnings: bool = False,
    lang: str = "en",
    threads: Optional[int] = None,
    game: Optional[str] = None,
    encoding: Optional[str] = None,
    rules: Optional[str] = None,
    variant: Optional[str] = None,
    repair: bool = False,
    shard: Optional[Tuple[int, int]] = None,
    max_record_size: Optional[int] = None,
) -> Reports:
    """The dicts ``qipu validate --format json PATHS`` prints."""

def files(
    paths: Union[PathArg, Iterable[PathArg]], *, shard: Optional[Tuple[int, int]] = None
) -> List[str]:
    """The files ``qipu validate PATHS`` reads, in its order."""
