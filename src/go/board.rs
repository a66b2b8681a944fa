//! The Go board: stones, captures, forbidden points and repetition (ko) rules.
//!
//! Chinese rules 2002, chapter 1: a stone placed on an empty point removes the opposing groups it
//! leaves without liberties (第4条); a move that leaves its own group without liberties and
//! captures nothing is forbidden (禁着点, 第5条); a move may not make the opponent face again a
//! position they have faced before (禁止全局同形, 第6条). Other rule sets choose the repetition
//! rule ([`KoRule`]) and may allow suicide, which removes the mover's own group.
//!
//! Implementation: the board is stored with a one-point border so that neighbour lookups need no
//! bounds checks. Groups (chains) are kept incrementally as circular linked lists with a
//! *pseudo-liberty* count (empty neighbours counted once per adjacent stone), which is zero
//! exactly when the group has no liberty. Legality is decided before anything is changed, so a
//! rejected move leaves the board untouched without an undo step. Positions are identified by
//! Zobrist keys, kept in a set for the superko rules.

use std::fmt;

use crate::history::key_table;

use crate::go::sgf::grammar::letter_coordinate;

/// Largest supported side length: SGF writes coordinates with the 52 letters `a`–`z`, `A`–`Z`.
pub const MAX_SIZE: u8 = 52;

/// Padded cells of the largest board: rows of `width + 1` cells (one shared border column)
/// between a border row above and one below.
const MAX_CELLS: usize = (MAX_SIZE as usize + 1) * (MAX_SIZE as usize + 2);

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const BORDER: u8 = 3;

/// Zobrist keys per colour and padded cell.
static ZOBRIST: [[u64; MAX_CELLS]; 2] = {
    let stream: [u64; 2 * MAX_CELLS] = key_table(0x0071_7075_676F); // "qipugo"
    let mut table = [[0u64; MAX_CELLS]; 2];
    let mut i = 0;
    while i < 2 * MAX_CELLS {
        table[i / MAX_CELLS][i % MAX_CELLS] = stream[i];
        i += 1;
    }
    table
};

/// For each cell colour and each combination of four neighbours' colours (two bits per side, west
/// in the lowest), the sides holding that colour as a bit mask: four masks by one look-up.
static SIDES_OF: [[u8; 256]; 4] = {
    let mut table = [[0u8; 256]; 4];
    let mut colours = 0;
    while colours < 256 {
        let mut side = 0;
        while side < 4 {
            table[(colours >> (2 * side)) & 3][colours] |= 1 << side;
            side += 1;
        }
        colours += 1;
    }
    table
};

/// Mixed into a position key when White is to move (situational keys).
const WHITE_TO_MOVE: u64 = key_table::<1>(0x0051_5549_505F_4B4F)[0];

/// A set of position keys: open addressing with linear probing, indexed by the key's low
/// bits. Zobrist keys are uniformly random already, so they need no hashing, and an insert
/// costs a few instructions where a general set's costs dozens (one per move).
#[derive(Clone, Debug, Default)]
struct KeySet {
    /// A power of two of slots (none before the first insert), at most half full; 0 marks
    /// an empty slot.
    slots: Vec<u64>,
    /// The slots in use, in the order filled: emptying the set touches only them, where
    /// zeroing every slot cost more than the game's inserts.
    used: Vec<u32>,
    /// Whether the key 0 (the empty board, Black to move), which no slot can hold, is in.
    zero: bool,
}

impl KeySet {
    /// Empties the set, with room for `keys` keys before it grows; slots it has already
    /// are kept rather than allocated again.
    fn renew(&mut self, keys: usize) {
        if self.slots.is_empty() {
            self.slots = vec![0; (2 * keys).next_power_of_two()];
        } else {
            self.clear();
        }
        self.zero = false;
    }

    /// Makes this set a copy of `from`, in the memory it has where that is enough.
    fn copy_from(&mut self, from: &KeySet) {
        self.slots.clone_from(&from.slots);
        self.used.clone_from(&from.used);
        self.zero = from.zero;
    }

    // Inlined in play's paths: one insert per move.
    #[inline(always)]
    fn insert(&mut self, key: u64) {
        if key == 0 {
            self.zero = true;
            return;
        }
        if 2 * (self.used.len() + 1) > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut at = key as usize & mask;
        loop {
            let slot = &mut self.slots[at];
            if *slot == key {
                return;
            }
            if *slot == 0 {
                *slot = key;
                self.used.push(at as u32);
                return;
            }
            at = (at + 1) & mask;
        }
    }

    fn contains(&self, key: u64) -> bool {
        if key == 0 {
            return self.zero;
        }
        let mask = self.slots.len().wrapping_sub(1);
        let mut at = key as usize & mask;
        loop {
            match self.slots.get(at) {
                Some(&slot) if slot == key => return true,
                Some(&slot) if slot != 0 => at = (at + 1) & mask,
                _ => return false,
            }
        }
    }

    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        let slots = vec![0; (2 * self.slots.len()).max(16)];
        let old = std::mem::replace(&mut self.slots, slots);
        let used = std::mem::take(&mut self.used);
        for &at in &used {
            self.insert(old[at as usize]);
        }
    }

    fn clear(&mut self) {
        for &at in &self.used {
            if let Some(slot) = self.slots.get_mut(at as usize) {
                *slot = 0;
            }
        }
        self.used.clear();
        self.zero = false;
    }
}

/// A player's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// Black (黑), who moves first in an even game.
    Black,
    /// White (白).
    White,
}

impl Color {
    /// The other colour.
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// The SGF property letter: `B` or `W`.
    pub fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }

    fn cell(self) -> u8 {
        match self {
            Color::Black => BLACK,
            Color::White => WHITE,
        }
    }

    fn zobrist(self) -> &'static [u64; MAX_CELLS] {
        &ZOBRIST[usize::from(self.cell() - 1)]
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "Black",
            Color::White => "White",
        })
    }
}

/// A point of the board: `x` is the column counted from the left, `y` the row counted from the
/// top, both from 0 — the orientation of SGF coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// Column, 0 at the left edge.
    pub x: u8,
    /// Row, 0 at the top edge.
    pub y: u8,
}

impl Point {
    /// The point at column `x`, row `y`.
    pub const fn new(x: u8, y: u8) -> Point {
        Point { x, y }
    }

    /// Reads an SGF point such as `dd` (`a`–`z` then `A`–`Z` for 0–51). Any other text, including
    /// the empty pass value, gives `None`; whether `tt` is a pass depends on the board size and
    /// is for the caller to decide.
    pub fn from_sgf(text: &str) -> Option<Point> {
        match text.as_bytes() {
            &[x, y] => Some(Point::new(letter_coordinate(x)?, letter_coordinate(y)?)),
            _ => None,
        }
    }

    /// The two SGF letters of this point, or `None` beyond column or row 51.
    pub fn to_sgf(self) -> Option<[char; 2]> {
        Some([sgf_letter(self.x)?, sgf_letter(self.y)?])
    }

    /// The point as players name it on a board of `width` × `height`: `Q16`, columns `A`
    /// to `Z` without `I`, rows counted from the bottom; beyond the 25th column,
    /// `column-row` in numbers. `None` off the board, where no such name exists.
    pub fn coordinate(self, width: u8, height: u8) -> Option<String> {
        if self.x >= width || self.y >= height {
            return None;
        }
        let row = u32::from(height - self.y);
        Some(match COLUMNS.get(usize::from(self.x)) {
            Some(&letter) => format!("{}{row}", char::from(letter)),
            None => format!("{}-{row}", u32::from(self.x) + 1),
        })
    }

    /// The point with the board it stands on, named as messages name it: `L9 (kk)`.
    pub fn on_board(self, width: u8, height: u8) -> BoardPoint {
        BoardPoint {
            point: self,
            width,
            height,
        }
    }
}

/// The letters of the columns players read, `I` left out as on every Go board.
const COLUMNS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// A point together with its board's size, so that it can be named as boards and players
/// name it, the SGF letters after: `L9 (kk)` ([`Point::on_board`]). A point off the
/// board has no board coordinate and is named by its letters alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardPoint {
    /// The point.
    pub point: Point,
    /// The board's width.
    pub width: u8,
    /// The board's height.
    pub height: u8,
}

impl fmt::Display for BoardPoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.point.coordinate(self.width, self.height) {
            Some(coordinate) => write!(f, "{coordinate} ({})", self.point),
            None => write!(f, "{}", self.point),
        }
    }
}

fn sgf_letter(coordinate: u8) -> Option<char> {
    match coordinate {
        0..=25 => Some(char::from(b'a' + coordinate)),
        26..=51 => Some(char::from(b'A' + coordinate - 26)),
        _ => None,
    }
}

impl fmt::Display for Point {
    /// SGF letters where they exist, `(x,y)` otherwise.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.to_sgf() {
            Some([x, y]) => write!(f, "{x}{y}"),
            None => write!(f, "({},{})", self.x, self.y),
        }
    }
}

/// Which repetitions of a whole-board position are forbidden.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum KoRule {
    /// A move may not recreate a position, with the same side to move, that occurred before: the
    /// opponent may not be made to face a position again (Chinese rules 2002, 第6条).
    #[default]
    Situational,
    /// A move may not recreate any earlier whole-board position, whoever was to move.
    Positional,
    /// Only the immediate recapture of a single stone that has just captured a single stone is
    /// forbidden; longer cycles (triple ko, sending two returning one) are allowed.
    Simple,
}

/// What a legal move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlayOutcome {
    /// Number of opposing stones removed; [`Board::last_captures`] lists them.
    pub captures: usize,
    /// Own stones removed by a suicide, where the rules allow it (0 otherwise); they are
    /// listed in [`Board::last_captures`] too.
    pub suicide: usize,
    /// Under [`KoRule::Simple`], whether the move recreated a position, with the same side
    /// to move, that occurred before: legal there, but worth knowing (a cycle may void the
    /// game). Always false under the superko rules, which refuse such a move.
    pub repeats: bool,
}

/// Why a move was refused. The board is unchanged after an error.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayError {
    /// The point lies outside the board.
    OffBoard,
    /// A stone already stands on the point.
    Occupied,
    /// The stone's own group would have no liberty and nothing would be captured (禁着点).
    Suicide,
    /// The move would repeat an earlier position that the ko rule in force forbids.
    Ko,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PlayError::OffBoard => "the point is outside the board",
            PlayError::Occupied => "the point is already occupied",
            PlayError::Suicide => {
                "the stone would leave its own group without liberties and capture nothing \
                 (forbidden point)"
            }
            PlayError::Ko => "the move would repeat an earlier whole-board position (ko)",
        })
    }
}

impl std::error::Error for PlayError {}

/// A board size outside 1×1 ..= 52×52.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardSizeError {
    /// Requested width.
    pub width: u32,
    /// Requested height.
    pub height: u32,
}

impl fmt::Display for BoardSizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a {}x{} board is not supported (sides must be 1 to {MAX_SIZE})",
            self.width, self.height
        )
    }
}

impl std::error::Error for BoardSizeError {}

/// One padded cell: its stone and, for stones, the chain links; the chain's counts are kept at
/// its head.
#[derive(Clone, Copy, Debug)]
struct Cell {
    /// `EMPTY`, `BLACK`, `WHITE` or `BORDER`.
    colour: u8,
    /// Flood-fill mark while a chain is rebuilt after a setup removal; false otherwise.
    seen: bool,
    /// For a stone, the head (representative cell) of its chain; 0 (a border cell, never a
    /// head) for every other cell, so that equal heads mean the same chain. Cell 0's liberty
    /// count stays 0, so the count at a neighbour's head can be read without asking whether
    /// it is a stone.
    head: u16,
    /// For a stone, the next stone of its chain (a circular list).
    next: u16,
    /// At a chain head: pseudo-liberties (0 exactly when the chain has no liberty).
    liberties: u16,
    /// At a chain head: number of stones.
    size: u16,
}

impl Cell {
    const EMPTY: Cell = Cell {
        colour: EMPTY,
        seen: false,
        head: 0,
        next: 0,
        liberties: 0,
        size: 0,
    };
    const BORDER: Cell = Cell {
        colour: BORDER,
        ..Cell::EMPTY
    };
}

/// A Go board with its move history (for the repetition rules).
#[derive(Clone, Debug)]
pub struct Board {
    width: u8,
    height: u8,
    /// Padded row length: `width` points and one border cell shared by both edges.
    stride: usize,
    cells: Vec<Cell>,
    key: u64,
    ko_rule: KoRule,
    /// Whether a move may leave its own group without liberties (the group is removed).
    suicide_allowed: bool,
    /// Situational keys of every position a player has faced, that is, had to move in.
    history: KeySet,
    /// Whether a stone has ever left the board (capture or setup). Until then every move
    /// makes a position with more stones than any before it, which cannot be a repetition.
    removed_any: bool,
    /// The point where `ko_colour` may not play at once (simple ko).
    ko: Option<(u16, Color)>,
    captured_by: [usize; 2],
    consecutive_passes: u32,
    last_captures: Vec<Point>,
    /// Scratch buffers of setup removals, kept to avoid allocating each time.
    stack: Vec<u16>,
    stones: Vec<u16>,
}

impl Board {
    /// An empty board, `width` columns by `height` rows, with the situational ko rule.
    pub fn new(width: u32, height: u32) -> Result<Board, BoardSizeError> {
        let mut board = Board {
            width: 0,
            height: 0,
            stride: 0,
            cells: Vec::new(),
            key: 0,
            ko_rule: KoRule::default(),
            suicide_allowed: false,
            history: KeySet::default(),
            removed_any: false,
            ko: None,
            captured_by: [0; 2],
            consecutive_passes: 0,
            last_captures: Vec::new(),
            stack: Vec::new(),
            stones: Vec::new(),
        };
        board.renew(width, height, KoRule::default(), false)?;
        Ok(board)
    }

    /// Makes this board what [`Board::new`] then [`Board::with_ko_rule`] and
    /// [`Board::with_suicide_allowed`] make, in the memory it holds: a reader of many records
    /// reuses one board rather than allocating and zeroing a new one per record. On error
    /// nothing changes.
    pub(crate) fn renew(
        &mut self,
        width: u32,
        height: u32,
        ko_rule: KoRule,
        suicide_allowed: bool,
    ) -> Result<(), BoardSizeError> {
        let error = BoardSizeError { width, height };
        let side = |n: u32| u8::try_from(n).ok().filter(|n| (1..=MAX_SIZE).contains(n));
        let (Some(w), Some(h)) = (side(width), side(height)) else {
            return Err(error);
        };
        let stride = usize::from(w) + 1;
        let cells_len = stride * (usize::from(h) + 2);
        let cells = &mut self.cells;
        cells.clear();
        cells.reserve(cells_len);
        cells.resize(stride, Cell::BORDER);
        cells.push(Cell::BORDER);
        cells.resize(2 * stride, Cell::EMPTY);
        // Every other row is a copy of the first.
        for _ in 1..h {
            cells.extend_from_within(stride..2 * stride);
        }
        cells.resize(cells_len, Cell::BORDER);
        self.width = w;
        self.height = h;
        self.stride = stride;
        self.key = 0;
        self.ko_rule = ko_rule;
        self.suicide_allowed = suicide_allowed;
        // Room for a typical game's positions: a longer one grows the set once or twice.
        self.history.renew(256);
        self.removed_any = false;
        self.ko = None;
        self.captured_by = [0; 2];
        self.consecutive_passes = 0;
        self.last_captures.clear();
        Ok(())
    }

    /// The same board with another repetition rule.
    pub fn with_ko_rule(mut self, rule: KoRule) -> Board {
        self.ko_rule = rule;
        self
    }

    /// The same board with suicide allowed (the own group is removed) or forbidden.
    pub fn with_suicide_allowed(mut self, allowed: bool) -> Board {
        self.suicide_allowed = allowed;
        self
    }

    /// Changes the repetition rule; the history recorded so far applies to the new rule.
    pub fn set_ko_rule(&mut self, rule: KoRule) {
        self.ko_rule = rule;
    }

    /// The repetition rule in force.
    pub fn ko_rule(&self) -> KoRule {
        self.ko_rule
    }

    /// Number of columns.
    pub fn width(&self) -> u8 {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> u8 {
        self.height
    }

    /// Whether `point` lies on the board.
    pub fn contains(&self, point: Point) -> bool {
        point.x < self.width && point.y < self.height
    }

    /// Every point of the board, row by row from the top left.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        (0..self.height).flat_map(move |y| (0..self.width).map(move |x| Point::new(x, y)))
    }

    /// The stone on `point`, if any (`None` off the board too).
    pub fn get(&self, point: Point) -> Option<Color> {
        let index = self.index(point)?;
        match self.cells[index].colour {
            BLACK => Some(Color::Black),
            WHITE => Some(Color::White),
            _ => None,
        }
    }

    /// Zobrist key of the stones on the board (the same stones give the same key).
    pub fn position_key(&self) -> u64 {
        self.key
    }

    /// Stones of `color` captured by the opponent's moves so far (setup removals not counted).
    pub fn prisoners(&self, color: Color) -> usize {
        self.captured_by[usize::from(color.opponent().cell() - 1)]
    }

    /// Passes made since the last move; two in a row end the game (第7条).
    pub fn consecutive_passes(&self) -> u32 {
        self.consecutive_passes
    }

    /// The stones removed by the last successful [`Board::play`] (captured, or the mover's
    /// own after an allowed suicide), in no particular order.
    pub fn last_captures(&self) -> &[Point] {
        &self.last_captures
    }

    /// Checks whether `color` may play on `point`, without changing anything.
    pub fn check(&self, color: Color, point: Point) -> Result<(), PlayError> {
        self.analyse(color, point).map(|_| ())
    }

    /// Places a stone of `color` on `point` and removes the opposing groups left without
    /// liberties. On error nothing changes.
    pub fn play(&mut self, color: Color, point: Point) -> Result<PlayOutcome, PlayError> {
        self.play_inlined(color, point)
    }

    /// [`Board::play`], inlined in the replay's loop, which plays nearly every move: the
    /// quiet path is short, and its outcome then needs no trip through memory.
    #[inline(always)]
    pub(crate) fn play_inlined(
        &mut self,
        color: Color,
        point: Point,
    ) -> Result<PlayOutcome, PlayError> {
        let index = self.empty_cell(point)?;
        let around = self.around(index, color);
        if around.is_quiet() {
            return self.play_quiet(index, color, &around);
        }
        self.play_loud(index, color, around)
    }

    /// [`Board::play`] of a stone beside an opposing one or without an empty neighbour:
    /// the counts of the chains around decide it. Inlined like the quiet path: four moves
    /// in ten take it, and as a call its `Around` and outcome went through memory.
    #[inline(always)]
    fn play_loud(
        &mut self,
        index: usize,
        color: Color,
        around: Around,
    ) -> Result<PlayOutcome, PlayError> {
        let analysis = self.judge(index, color, around)?;
        self.put_stone(analysis.index, color, &analysis.around);
        let captures = if analysis.captured == 0 {
            0
        } else {
            self.capture(&analysis, color)
        };
        let suicide = if analysis.suicide {
            self.remove_own(analysis.index, color)
        } else {
            0
        };
        Ok(PlayOutcome {
            captures,
            suicide,
            repeats: analysis.repeats,
        })
    }

    /// [`Board::play`] of a stone beside no opposing one and with an empty neighbour (most
    /// moves): it captures nothing and has a liberty, so only the repetition rule is to ask,
    /// and only once a stone has left the board. The same decision as [`Board::judge`]'s:
    /// the simple-ko point is never quiet for the colour it binds, being beside the stone
    /// that has just captured there (any change to the board since voids it).
    #[inline(always)]
    fn play_quiet(
        &mut self,
        index: usize,
        color: Color,
        around: &Around,
    ) -> Result<PlayOutcome, PlayError> {
        debug_assert!(self.ko != Some((index as u16, color)));
        let repeats = self.removed_any && self.repeats(self.key ^ color.zobrist()[index], color);
        if repeats && self.ko_rule != KoRule::Simple {
            return Err(PlayError::Ko);
        }
        self.put_stone(index, color, around);
        Ok(PlayOutcome {
            captures: 0,
            suicide: 0,
            repeats,
        })
    }

    /// Records the position before a legal move of `color` and puts its stone on `index`,
    /// whose neighbours are `around`: what every played move does before its captures.
    #[inline(always)]
    fn put_stone(&mut self, index: usize, color: Color, around: &Around) {
        self.history.insert(self.situation_key(self.key, color));
        self.consecutive_passes = 0;
        self.last_captures.clear();
        self.add_stone(index, color, around);
        self.ko = None;
    }

    /// The cell of `point`, which must be on the board and empty for a stone.
    #[inline(always)]
    fn empty_cell(&self, point: Point) -> Result<usize, PlayError> {
        let index = self.index(point).ok_or(PlayError::OffBoard)?;
        if self.cells[index].colour != EMPTY {
            return Err(PlayError::Occupied);
        }
        Ok(index)
    }

    /// Removes the chain through `index` of `color`, which has just committed suicide;
    /// its stones count as the opponent's prisoners. Returns their number.
    #[inline(never)]
    fn remove_own(&mut self, index: usize, color: Color) -> usize {
        let head = usize::from(self.cells[index].head);
        let removed = self.remove_chain(head, color.opponent());
        self.captured_by[usize::from(color.opponent().cell() - 1)] += removed;
        removed
    }

    /// Removes the chains a move by `color` captures and sets the simple-ko point; returns the
    /// number of stones removed. Kept out of `play`, whose moves rarely capture.
    #[inline(never)]
    fn capture(&mut self, analysis: &Analysis, color: Color) -> usize {
        let heads = analysis.around.heads;
        let mut captures = 0;
        for side in sides(analysis.captured) {
            captures += self.remove_chain(usize::from(heads[side]), color);
        }
        self.captured_by[usize::from(color.cell() - 1)] += captures;
        let own = &self.cells[usize::from(self.cells[analysis.index].head)];
        // Simple ko: a lone stone that took a lone stone and now has that point as its only
        // liberty could be retaken at once, recreating the previous position.
        self.ko = (captures == 1 && own.size == 1 && own.liberties == 1).then(|| {
            (
                heads[analysis.captured.trailing_zeros() as usize & 3],
                color.opponent(),
            )
        });
        captures
    }

    /// `color` passes (虚着). Always legal.
    pub fn pass(&mut self, color: Color) {
        self.history.insert(self.situation_key(self.key, color));
        self.consecutive_passes += 1;
        self.last_captures.clear();
        self.ko = None;
    }

    /// Plays a stone the rules may refuse, as a checker does to go on after it (SGFC): a
    /// stone already on `point` is lifted first, the own group of a suicide is removed,
    /// and no repetition rule applies. Only a point off the board is refused.
    pub fn place(&mut self, color: Color, point: Point) -> Result<PlayOutcome, PlayError> {
        self.set(point, None)?;
        let rules = (self.suicide_allowed, self.ko_rule);
        self.suicide_allowed = true;
        self.ko_rule = KoRule::Simple;
        self.ko = None;
        let outcome = self.play(color, point);
        (self.suicide_allowed, self.ko_rule) = rules;
        outcome
    }

    /// Puts `stone` on `point` or empties it, as SGF setup (AB, AW, AE) does: nothing is captured
    /// and no rule is checked; groups may be left without liberties.
    pub fn set(&mut self, point: Point, stone: Option<Color>) -> Result<(), PlayError> {
        let index = self.index(point).ok_or(PlayError::OffBoard)?;
        let current = match self.cells[index].colour {
            BLACK => Some(Color::Black),
            WHITE => Some(Color::White),
            _ => None,
        };
        if current == stone {
            return Ok(());
        }
        // A setup changes the position outside the rules, so an old ko is void.
        self.ko = None;
        if let Some(old) = current {
            self.lift_stone(index, old);
        }
        if let Some(new) = stone {
            let around = self.around(index, new);
            self.add_stone(index, new, &around);
        }
        Ok(())
    }

    /// Clears the repetition history, e.g. after a setup that starts a new problem.
    pub fn clear_history(&mut self) {
        self.history.clear();
        self.ko = None;
    }

    /// Makes this board a copy of `from` in the memory it holds, with the repetition
    /// history or, as [`Board::clone_without_history`], without it.
    pub(crate) fn copy_from(&mut self, from: &Board, with_history: bool) {
        self.width = from.width;
        self.height = from.height;
        self.stride = from.stride;
        self.cells.clone_from(&from.cells);
        self.key = from.key;
        self.ko_rule = from.ko_rule;
        self.suicide_allowed = from.suicide_allowed;
        if with_history {
            self.history.copy_from(&from.history);
        } else {
            self.history.clear();
        }
        self.removed_any = from.removed_any;
        self.ko = from.ko;
        self.captured_by = from.captured_by;
        self.consecutive_passes = from.consecutive_passes;
        self.last_captures.clone_from(&from.last_captures);
    }

    /// A copy of the position without the repetition history, which costs time in
    /// proportion to the game's length to copy; the simple-ko point is kept.
    pub fn clone_without_history(&self) -> Board {
        Board {
            width: self.width,
            height: self.height,
            stride: self.stride,
            cells: self.cells.clone(),
            key: self.key,
            ko_rule: self.ko_rule,
            suicide_allowed: self.suicide_allowed,
            history: KeySet::default(),
            removed_any: self.removed_any,
            ko: self.ko,
            captured_by: self.captured_by,
            consecutive_passes: self.consecutive_passes,
            last_captures: self.last_captures.clone(),
            stack: Vec::new(),
            stones: Vec::new(),
        }
    }

    fn index(&self, point: Point) -> Option<usize> {
        self.contains(point)
            .then(|| (usize::from(point.y) + 1) * self.stride + usize::from(point.x) + 1)
    }

    fn point(&self, index: usize) -> Point {
        // Only called with indices of on-board cells, whose coordinates are below 52.
        let x = (index % self.stride).saturating_sub(1);
        let y = (index / self.stride).saturating_sub(1);
        Point::new(x as u8, y as u8)
    }

    fn neighbours(&self, index: usize) -> [usize; 4] {
        [
            index - 1,
            index + 1,
            index - self.stride,
            index + self.stride,
        ]
    }

    /// The four neighbours of `index` seen by `color`. Inlined: every move asks it, and
    /// its masks then stay in registers.
    #[inline(always)]
    fn around(&self, index: usize, color: Color) -> Around {
        let mut heads = [0; 4];
        let mut colours = 0u8;
        for (side, n) in self.neighbours(index).into_iter().enumerate() {
            let cell = &self.cells[n];
            heads[side] = cell.head;
            colours |= cell.colour << (2 * side);
        }
        let colours = usize::from(colours);
        Around {
            heads,
            empty: SIDES_OF[usize::from(EMPTY)][colours],
            own: SIDES_OF[usize::from(color.cell())][colours],
            opponent: SIDES_OF[usize::from(color.opponent().cell())][colours],
        }
    }

    fn situation_key(&self, key: u64, to_move: Color) -> u64 {
        match to_move {
            Color::Black => key,
            Color::White => key ^ WHITE_TO_MOVE,
        }
    }

    /// Decides a move without changing the board: which chains it captures, or why it is illegal.
    fn analyse(&self, color: Color, point: Point) -> Result<Analysis, PlayError> {
        let index = self.empty_cell(point)?;
        self.judge(index, color, self.around(index, color))
    }

    /// [`Board::analyse`] of a stone of `color` on the empty cell `index`, whose neighbours
    /// are `around`.
    #[inline(always)]
    fn judge(&self, index: usize, color: Color, around: Around) -> Result<Analysis, PlayError> {
        // Only opposing chains can be taken, and the own ones matter only to a stone
        // without an empty neighbour: a quiet stone asks no count at all.
        let asked = if around.empty == 0 {
            around.opponent | around.own
        } else {
            around.opponent
        };
        let only_here = self.only_here(&around, asked);
        let has_liberty = around.empty != 0 || around.own & !only_here != 0;
        let mut captured = around.opponent & only_here;
        // Two sides or more may name one chain; one side cannot.
        let several = captured & captured.wrapping_sub(1) != 0;
        for side in sides(if several { captured } else { 0 }) {
            // One side per chain: a chain named by an earlier side is not taken twice.
            let earlier = captured & ((1 << side) - 1);
            if sides(earlier).any(|other| around.heads[other] == around.heads[side]) {
                captured &= !(1 << side);
            }
        }
        let suicide = captured == 0 && !has_liberty;
        if suicide && !self.suicide_allowed {
            return Err(PlayError::Suicide);
        }
        if self.ko == Some((index as u16, color)) {
            return Err(PlayError::Ko);
        }
        // Until a stone leaves the board, every position has more stones than any before.
        let repeats = (self.removed_any || captured != 0 || suicide) && {
            let new_key = if suicide {
                self.key_after_suicide(color, &around)
            } else {
                self.key_after(index, color, &around, captured)
            };
            self.repeats(new_key, color)
        };
        if repeats && self.ko_rule != KoRule::Simple {
            return Err(PlayError::Ko);
        }
        Ok(Analysis {
            index,
            around,
            captured,
            suicide,
            repeats,
        })
    }

    /// Whether the position `new_key`, made by a move of `color`, repeats one the ko rule in
    /// force looks at.
    fn repeats(&self, new_key: u64, color: Color) -> bool {
        match self.ko_rule {
            KoRule::Situational | KoRule::Simple => self
                .history
                .contains(self.situation_key(new_key, color.opponent())),
            // The position on the board counts too: a lone stone's suicide recreates it.
            KoRule::Positional => {
                new_key == self.key
                    || self.history.contains(new_key)
                    || self.history.contains(new_key ^ WHITE_TO_MOVE)
            }
        }
    }

    /// The sides among `asked` (stones) of `around` whose chain has no liberty but the
    /// point they surround.
    #[inline(always)]
    fn only_here(&self, around: &Around, asked: u8) -> u8 {
        let mut only_here = 0u8;
        for side in sides(asked) {
            let head = around.heads[side];
            let liberties = usize::from(self.cells[usize::from(head)].liberties);
            // The chain counts this point once per adjacent stone of it, so at most four
            // times: a chain with more has a liberty elsewhere, without counting.
            if liberties <= 4 {
                let adjacent = around.heads.iter().filter(|&&h| h == head).count();
                only_here |= u8::from(liberties == adjacent) << side;
            }
        }
        only_here
    }

    /// The position key once a suicide by `color` has removed the new stone with the own
    /// chains on the `around.own` sides: the new stone's key cancels out.
    fn key_after_suicide(&self, color: Color, around: &Around) -> u64 {
        let mut key = self.key;
        let mut seen = [0u16; 4];
        for (k, side) in sides(around.own).enumerate() {
            let head = around.heads[side];
            if seen[..k].contains(&head) {
                continue;
            }
            seen[k] = head;
            let zobrist = color.zobrist();
            let mut stone = usize::from(head);
            loop {
                key ^= zobrist[stone];
                stone = usize::from(self.cells[stone].next);
                if stone == usize::from(head) {
                    break;
                }
            }
        }
        key
    }

    /// The position key once `color` has played on `index`, whose neighbours are `around`, and
    /// the chains on the `captured` sides are gone.
    fn key_after(&self, index: usize, color: Color, around: &Around, captured: u8) -> u64 {
        let mut key = self.key ^ color.zobrist()[index];
        let opponent = color.opponent().zobrist();
        for side in sides(captured) {
            let head = usize::from(around.heads[side]);
            let mut stone = head;
            loop {
                key ^= opponent[stone];
                stone = usize::from(self.cells[stone].next);
                if stone == head {
                    break;
                }
            }
        }
        key
    }

    /// Puts a stone on the empty cell `index`, whose neighbours are `around`, and joins it to
    /// its neighbours' chains. Inlined in `play`, which calls it on every move.
    #[inline(always)]
    fn add_stone(&mut self, index: usize, color: Color, around: &Around) {
        self.key ^= color.zobrist()[index];
        // Only the sides with a stone: most moves touch one or two.
        for side in sides(around.own | around.opponent) {
            self.cells[usize::from(around.heads[side])].liberties -= 1;
        }
        let cell = index as u16;
        self.cells[index] = Cell {
            colour: color.cell(),
            seen: false,
            head: cell,
            next: cell,
            liberties: around.empty.count_ones() as u16,
            size: 1,
        };
        let mut head = index;
        for side in sides(around.own) {
            let neighbour = around.heads[side];
            // Read again: the chain may already have been joined through another side.
            let other = usize::from(self.cells[usize::from(neighbour)].head);
            if other != head {
                head = self.merge(head, other);
            }
        }
    }

    /// Joins two different chains, relabelling the smaller; returns the joint chain's head.
    /// Inlined in `add_stone`: half the moves join a chain.
    #[inline(always)]
    fn merge(&mut self, a: usize, b: usize) -> usize {
        let (keep, gone) = if self.cells[a].size >= self.cells[b].size {
            (a, b)
        } else {
            (b, a)
        };
        let mut stone = gone;
        loop {
            self.cells[stone].head = keep as u16;
            stone = usize::from(self.cells[stone].next);
            if stone == gone {
                break;
            }
        }
        let (keep_next, gone_next) = (self.cells[keep].next, self.cells[gone].next);
        self.cells[keep].next = gone_next;
        self.cells[gone].next = keep_next;
        let gone = self.cells[gone];
        let kept = &mut self.cells[keep];
        kept.liberties += gone.liberties;
        kept.size += gone.size;
        keep
    }

    /// Removes a chain captured by `capturer`, giving liberties back to the capturer's chains
    /// around it (its only stone neighbours). Returns its size.
    fn remove_chain(&mut self, head: usize, capturer: Color) -> usize {
        self.removed_any = true;
        let zobrist = capturer.opponent().zobrist();
        let capturer = capturer.cell();
        let mut stone = head;
        let mut size = 0;
        loop {
            let cell = &mut self.cells[stone];
            cell.colour = EMPTY;
            cell.head = 0;
            let next = usize::from(cell.next);
            self.key ^= zobrist[stone];
            let point = self.point(stone);
            self.last_captures.push(point);
            for n in self.neighbours(stone) {
                if self.cells[n].colour == capturer {
                    let neighbour = usize::from(self.cells[n].head);
                    self.cells[neighbour].liberties += 1;
                }
            }
            size += 1;
            stone = next;
            if stone == head {
                break;
            }
        }
        size
    }

    /// Takes one stone off (setup), splitting its chain where needed.
    fn lift_stone(&mut self, index: usize, color: Color) {
        self.removed_any = true;
        let old_head = self.cells[index].head;
        let mut stones = std::mem::take(&mut self.stones);
        stones.clear();
        let mut stone = usize::from(self.cells[index].next);
        while stone != index {
            stones.push(stone as u16);
            stone = usize::from(self.cells[stone].next);
        }
        self.cells[index].colour = EMPTY;
        self.cells[index].head = 0;
        self.key ^= color.zobrist()[index];
        for n in self.neighbours(index) {
            let head = self.cells[n].head;
            if matches!(self.cells[n].colour, BLACK | WHITE) && head != old_head {
                self.cells[usize::from(head)].liberties += 1;
            }
        }
        // The rest of the old chain may have fallen apart: rebuild it from scratch.
        for &start in &stones {
            if !self.cells[usize::from(start)].seen {
                self.rebuild_chain(usize::from(start));
            }
        }
        for &stone in &stones {
            self.cells[usize::from(stone)].seen = false;
        }
        self.stones = stones;
    }

    /// Flood-fills the chain through `start` (an explicit stack, no recursion), marking its
    /// stones seen, and relinks it.
    fn rebuild_chain(&mut self, start: usize) {
        let colour = self.cells[start].colour;
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.push(start as u16);
        self.cells[start].seen = true;
        let (mut liberties, mut size) = (0u16, 0u16);
        let mut last = start;
        while let Some(stone) = stack.pop() {
            let stone = usize::from(stone);
            self.cells[stone].head = start as u16;
            self.cells[last].next = stone as u16;
            last = stone;
            size += 1;
            for n in self.neighbours(stone) {
                let neighbour = &mut self.cells[n];
                if neighbour.colour == EMPTY {
                    liberties += 1;
                } else if neighbour.colour == colour && !neighbour.seen {
                    neighbour.seen = true;
                    stack.push(n as u16);
                }
            }
        }
        self.cells[last].next = start as u16;
        self.cells[start].liberties = liberties;
        self.cells[start].size = size;
        self.stack = stack;
    }
}

/// A point's four neighbours (west, east, north, south) as seen by the colour to play: their
/// chain heads (0 where there is no stone) and bit masks over the sides.
#[derive(Clone, Copy)]
struct Around {
    heads: [u16; 4],
    empty: u8,
    own: u8,
    opponent: u8,
}

impl Around {
    /// Beside no opposing stone and with an empty neighbour (most moves): a stone here
    /// captures nothing and has a liberty.
    #[inline(always)]
    fn is_quiet(&self) -> bool {
        self.opponent == 0 && self.empty != 0
    }
}

/// The result of deciding a legal move: where it goes, what is around it and which chains it
/// captures.
struct Analysis {
    index: usize,
    around: Around,
    /// The sides of the captured chains, one side per chain.
    captured: u8,
    /// The move leaves its own chain without liberties (allowed by the rules in force).
    suicide: bool,
    /// The move recreates an earlier position (reported, not refused, under simple ko).
    repeats: bool,
}

/// The sides (0 to 3) in the bit mask `mask`, in order.
fn sides(mut mask: u8) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let side = mask.trailing_zeros() as usize & 3;
            mask &= mask - 1;
            side
        })
    })
}

impl fmt::Display for Board {
    /// One line per row from the top: `X` black, `O` white, `.` empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for y in 0..self.height {
            let mut line = String::with_capacity(usize::from(self.width) + 1);
            for x in 0..self.width {
                line.push(match self.get(Point::new(x, y)) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                });
            }
            line.push('\n');
            f.write_str(&line)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_are_named_as_players_name_them() {
        let named = |x, y, width, height| Point::new(x, y).on_board(width, height).to_string();
        assert_eq!(named(10, 10, 19, 19), "L9 (kk)");
        assert_eq!(named(8, 0, 19, 19), "J19 (ia)");
        assert_eq!(named(0, 18, 19, 19), "A1 (as)");
        assert_eq!(named(3, 2, 13, 9), "D7 (dc)");
        // Past the 25th column, numbers; off the board, the letters alone.
        assert_eq!(named(30, 51, 52, 52), "31-1 (EZ)");
        assert_eq!(named(19, 19, 19, 19), "tt");
    }
}
