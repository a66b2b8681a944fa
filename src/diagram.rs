//! Boards as pictures, for any family: a [`Diagram`] is a grid of cells (squares or
//! intersections), each with what stands on it, its coordinates, and the marks an arbiter
//! needs (the last move, the squares of an error, the last moves of a Go game numbered).
//! Each family turns a position of its own into one (its `diagram` module, reached
//! through [`crate::GameRecord::diagram`]); this module draws it as text for a terminal
//! ([`Diagram::to_text`]) and as SVG ([`Diagram::to_svg`]). Nothing here names a family.
//!
//! Which position a diagram shows is chosen from a record's diagnostics by `choose`: after
//! a given ply, before the first error, or the final position.

mod svg;
mod text;

use std::fmt;

use crate::diag::{Diagnostic, Severity, Side};
use crate::lang::{zh, Lang, Zh};

/// Piece names: Latin letters or Chinese characters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Pieces {
    /// Letters (`K`, `Q`, `R`, `B`, `N`).
    #[default]
    Latin,
    /// Chinese characters (`王`, `车`, …).
    Zh,
}

/// What the board is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BoardKind {
    /// Squares, light and dark (Shatar, draughts): pieces stand inside them.
    Squares,
    /// Lines (Go): stones stand on the intersections.
    Lines,
}

/// The ground of one cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ground {
    /// A light square.
    Light,
    /// A dark square.
    Dark,
    /// A light square no piece ever stands on (draughts plays on the dark ones only).
    Unplayed,
    /// An intersection of the lines.
    Point,
    /// A star point (hoshi), drawn with a dot.
    Star,
}

/// How a piece is drawn: as a shape, so that its side shows in its colour even where no
/// font draws its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    /// A disc with the piece's name on it (Shatar).
    Named,
    /// A draughts man: a disc with a rim.
    Man,
    /// A draughts king: a man with a crown.
    King,
    /// A Go stone.
    Stone,
}

/// A piece, man or stone on a cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Piece {
    /// Whose it is; its colour is the side's.
    pub side: Side,
    /// How it is drawn.
    pub shape: Shape,
    /// The name written on a [`Shape::Named`] piece (`K`, `王`).
    pub name: Option<String>,
    /// How the text board shows it: one character, or one wide (CJK) character.
    pub glyph: String,
}

/// One cell: a square, or an intersection of the lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Cell {
    /// The cell's ground.
    pub ground: Ground,
    /// What stands on it.
    pub piece: Option<Piece>,
    /// The cell's number in the record's numbering (draughts' dark squares).
    pub number: Option<u16>,
    /// A square of the move that led to the position.
    pub last_move: bool,
    /// A square that the error after the position names (the move as written).
    pub error: bool,
    /// The move that put the stone here, shown on it (Go's last moves).
    pub move_number: Option<u32>,
}

impl Cell {
    /// An empty cell on `ground`, unmarked.
    pub fn new(ground: Ground) -> Cell {
        Cell {
            ground,
            piece: None,
            number: None,
            last_move: false,
            error: false,
            move_number: None,
        }
    }
}

/// A board as drawn, from the first player's side: rows from the top, cells in a row
/// from the left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    /// Squares or lines.
    pub(crate) kind: BoardKind,
    /// Cells in a row.
    pub(crate) width: usize,
    /// Rows.
    pub(crate) height: usize,
    /// `width * height` cells, row by row from the top.
    pub(crate) cells: Vec<Cell>,
    /// The column labels, left to right (`a`…`h`, Go's `A`…`T` without `I`).
    pub(crate) columns: Vec<String>,
    /// The row labels, top to bottom (`8`…`1`, Go's `19`…`1`).
    pub(crate) rows: Vec<String>,
    /// The side to move, where the position says.
    pub(crate) to_move: Option<Side>,
    /// One line under the board: what position this is (`after 11... Kd8—d7 (ply 22)`).
    pub(crate) caption: String,
    /// Lines the text board adds below it (a legend, the position as the rulebook lists it).
    pub(crate) notes: Vec<String>,
}

impl Diagram {
    /// An empty board of `width` by `height` cells on `ground(column, row)`, without labels.
    pub(crate) fn new(
        kind: BoardKind,
        width: usize,
        height: usize,
        ground: impl Fn(usize, usize) -> Ground,
    ) -> Diagram {
        let cells = (0..height)
            .flat_map(|row| (0..width).map(move |column| (column, row)))
            .map(|(column, row)| Cell::new(ground(column, row)))
            .collect();
        Diagram {
            kind,
            width,
            height,
            cells,
            columns: Vec::new(),
            rows: Vec::new(),
            to_move: None,
            caption: String::new(),
            notes: Vec::new(),
        }
    }

    /// The cell in `column` (from the left) and `row` (from the top).
    pub(crate) fn cell_mut(&mut self, column: usize, row: usize) -> &mut Cell {
        &mut self.cells[row * self.width + column]
    }

    /// The board for a terminal, in Unicode, ending with a newline: coordinates round
    /// it, the last move's squares in `( )`, the error's in `[ ]`.
    pub fn to_text(&self) -> String {
        text::draw(self)
    }

    /// The board as a self-contained SVG image: no external references and no `id`s, so
    /// that one page can hold many of them inline; a `viewBox`, and a natural size of
    /// about 45 pixels a cell. Pieces and marks are shapes; only names, numbers and
    /// coordinates are text.
    pub fn to_svg(&self) -> String {
        svg::draw(self)
    }
}

/// Which position of a record to show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Moment {
    /// Before the first error that has a ply, else the final position.
    #[default]
    Default,
    /// After this ply of the main line (0: the start position).
    AfterPly(u32),
    /// Before the first error that has a ply.
    BeforeError,
}

/// The position to draw, as a record is asked for it ([`crate::GameRecord::diagram`]).
#[derive(Clone, Copy, Debug)]
pub struct View<'a> {
    /// After this ply of the main line (plies as diagnostics count them; 0: the start);
    /// `None`: after the last replayed move.
    pub after: Option<u32>,
    /// The error that follows the position, whose squares are marked.
    pub error: Option<ErrorAt<'a>>,
    /// How Shatar names its pieces.
    pub pieces: Pieces,
    /// The language of the caption and the notes under the board.
    pub lang: Lang,
}

/// An error after the shown position: the diagnostic, and the move as the record wrote it.
#[derive(Clone, Copy, Debug)]
pub struct ErrorAt<'a> {
    /// The diagnostic.
    pub diagnostic: &'a Diagnostic,
    /// The text its span covers (the move as written), when it has one.
    pub written: Option<&'a str>,
}

/// Why no board could be drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoBoard {
    /// Nothing was read as a record (or the record was not kept).
    NoRecord,
    /// The record's start position could not be read (a FEN kept as written).
    NoStart,
    /// An error was asked for and the record has none with a ply.
    NoError,
    /// The ply asked for lies past the last replayed move.
    PastTheEnd {
        /// The ply asked for.
        ply: u32,
        /// The last ply replayed (0: none).
        last: u32,
    },
}

impl fmt::Display for NoBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoBoard::NoRecord => f.write_str("no record could be read, so there is no board"),
            NoBoard::NoStart => {
                f.write_str("the record's start position could not be read, so there is no board")
            }
            NoBoard::NoError => f.write_str("the record has no error at a move"),
            NoBoard::PastTheEnd { ply, last } => write!(
                f,
                "ply {ply} is past the end: the record's main line was replayed to ply {last}"
            ),
        }
    }
}

impl NoBoard {
    /// Why there is no board, in `lang`.
    pub fn message_in(&self, lang: Lang) -> String {
        lang.say(
            || self.to_string(),
            || match self {
                NoBoard::NoRecord => Zh::own("没有读出棋谱，因而没有局面图"),
                NoBoard::NoStart => Zh::own("棋谱的起始局面无法读取，因而没有局面图"),
                NoBoard::NoError => Zh::own("棋谱中没有出在某一着上的错误"),
                NoBoard::PastTheEnd { ply, last } => {
                    zh!("第 {} 着已超出终局：棋谱的主线复盘到第 {} 着", ply, last)
                }
            },
        )
    }
}

impl std::error::Error for NoBoard {}

/// The first error among a record's `diagnostics` that is bound to a ply.
pub(crate) fn first_error(diagnostics: &[Diagnostic]) -> Option<&Diagnostic> {
    diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error && d.ply.is_some())
        .min_by_key(|d| d.ply)
}

/// Where `moment` is in a record of these `diagnostics`: the ply after which to draw
/// (`None`: the end) and the error after it, if one follows that position.
pub(crate) fn choose(
    diagnostics: &[Diagnostic],
    moment: Moment,
) -> Result<(Option<u32>, Option<&Diagnostic>), NoBoard> {
    let error = first_error(diagnostics);
    let before_error = |d: &Diagnostic| d.ply.map(|ply| ply.saturating_sub(1));
    match moment {
        Moment::Default => Ok(match error {
            Some(d) => (before_error(d), Some(d)),
            None => (None, None),
        }),
        Moment::BeforeError => error
            .map(|d| (before_error(d), Some(d)))
            .ok_or(NoBoard::NoError),
        Moment::AfterPly(ply) => {
            let follows = error.filter(|d| d.ply == Some(ply + 1));
            Ok((Some(ply), follows))
        }
    }
}

/// A side's name with a capital (`White`, `Blue`).
fn side_title(side: Side) -> String {
    let name = side.name();
    name[..1].to_ascii_uppercase() + &name[1..]
}

/// The caption a family gives its board: which position it is (`after ply 22, Kd8—d7`,
/// the last move as written), who is to move, and the error that follows it; in Chinese
/// the plies are counted in `unit_zh` (着, Go's 手).
pub(crate) fn caption(
    last: Option<(u32, &str)>,
    to_move: Option<Side>,
    error: Option<&ErrorAt>,
    lang: Lang,
    unit_zh: &str,
) -> String {
    if lang != Lang::En {
        let unit = Zh::own(unit_zh);
        let mut parts = vec![match last {
            Some((ply, text)) => zh!("第 {} {}之后，{}", ply, unit.clone(), text),
            None => Zh::own("起始局面"),
        }];
        if let Some(side) = to_move {
            parts.push(zh!("轮到{}走", Zh::own(side.name_zh())));
        }
        if let Some(error) = error {
            let ply = error
                .diagnostic
                .ply
                .map(|p| zh!("（第 {} {}）", p, unit.clone()))
                .unwrap_or_default();
            let written = error.written.map(|w| zh!("：{}", w)).unwrap_or_default();
            parts.push(zh!("下一步：{}{}{}", error.diagnostic.code(), ply, written));
        }
        return lang.chinese(&Zh::join(parts, " · ")).unwrap_or_default();
    }
    let mut parts = vec![match last {
        Some((ply, text)) => format!("after ply {ply}, {text}"),
        None => "start position".to_string(),
    }];
    if let Some(side) = to_move {
        parts.push(format!("{} to move", side_title(side)));
    }
    if let Some(error) = error {
        let ply = error
            .diagnostic
            .ply
            .map(|p| format!(" at ply {p}"))
            .unwrap_or_default();
        let written = error.written.map(|w| format!(": {w}")).unwrap_or_default();
        parts.push(format!("next: {}{ply}{written}", error.diagnostic.code()));
    }
    parts.join(" · ")
}

/// The main-line moves a view covers: every node whose ply is at most `view.after`, or
/// all of them; [`NoBoard::PastTheEnd`] when `after` is past the last ply.
pub(crate) fn covered<M>(
    moves: &[crate::record::Node<M>],
    view: &View<'_>,
) -> Result<usize, NoBoard> {
    let last = moves.last().map_or(0, |node| node.ply);
    match view.after {
        None => Ok(moves.len()),
        Some(ply) if ply > last => Err(NoBoard::PastTheEnd { ply, last }),
        Some(ply) => Ok(moves.iter().take_while(|node| node.ply <= ply).count()),
    }
}
