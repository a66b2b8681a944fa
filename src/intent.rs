//! What the writer of a sheet meant. Where a written move fits no legal move, every edit
//! that could explain it — another move the text may stand for, a half-move left out,
//! the same side's two moves written in swapped order, a move written twice — is judged
//! by the rest of the sheet: how many of the later written moves then read and replay,
//! then how many written marks agree, then how small the edit is. The help lists the
//! candidates in that order and `--repair` takes the first only when it is clearly ahead,
//! so the two come from one list and never disagree.
//!
//! The search is the same for every family; a family describes its sheet through
//! [`Sheet`] and names the moves a written text may stand for ([`Sheet::slips`]).
//!
//! Bounds: the rest of the sheet is replayed up to [`HORIZON`] written moves under each
//! candidate; where a candidate's run stops at another unreadable move within
//! [`NEAR`] moves, the best candidate there is judged too (one level, at most [`NESTED`]
//! candidates deep), so two slips close together are told apart from one wrong guess.
//! The work per unreadable move is bounded by a constant, so a sheet costs time linear in
//! its length.

/// At most this many written moves are replayed under one candidate.
pub(crate) const HORIZON: usize = 200;
/// A candidate's run that stops within this many moves is judged one edit further.
pub(crate) const NEAR: u32 = 8;
/// The first-level candidates judged one edit further, best first.
pub(crate) const NESTED: usize = 4;
/// The first candidate is clearly ahead when it replays this many more written moves
/// than any other (or it alone reaches the end of the sheet).
pub(crate) const LEAD: u32 = 3;

/// How a written move differs from the move it stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Slip {
    /// Another piece letter, same origin and destination (`Qf8—g7` for `Bf8—g7`).
    Piece,
    /// Another origin, same piece and destination.
    Origin,
    /// A destination one off: a neighbouring file, rank or diagonal, or number.
    Destination,
    /// Only the capture, check or mate signs are wrong.
    Marks,
    /// A promotion written in another form, or not at all.
    Promotion,
    /// A capture written along another route or cut short (draughts).
    Route,
    /// A stone written in the other colour's turn (Go).
    Colour,
    /// More than one of the above at once.
    Several,
}

impl Slip {
    /// The slip's name in JSON (`"edit"` of a repair).
    pub fn code(self) -> &'static str {
        match self {
            Slip::Piece => "piece",
            Slip::Origin => "origin",
            Slip::Destination => "destination",
            Slip::Marks => "marks",
            Slip::Promotion => "promotion",
            Slip::Route => "route",
            Slip::Colour => "colour",
            Slip::Several => "several",
        }
    }

    fn size(self) -> u32 {
        match self {
            Slip::Marks | Slip::Promotion => 1,
            Slip::Piece | Slip::Origin | Slip::Destination | Slip::Route | Slip::Colour => 2,
            // Two slips at once: less likely than any one edit.
            Slip::Several => 4,
        }
    }
}

/// What a repair changed in the sheet, as reported ([`crate::diag::Repaired`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EditKind {
    /// The written move stood for another, differing from it so.
    Replaced(Slip),
    /// A half-move the sheet leaves out, supplied.
    Missing,
    /// The same side's two moves, written in swapped order.
    Swapped,
    /// A move written twice, skipped.
    Doubled,
}

impl EditKind {
    /// The kind's name in JSON (`"edit"` of a repair): the slip's for a move replaced.
    pub fn code(self) -> &'static str {
        match self {
            EditKind::Replaced(slip) => slip.code(),
            EditKind::Missing => "missing",
            EditKind::Swapped => "swapped",
            EditKind::Doubled => "doubled",
        }
    }
}

/// One edit of the sheet at an unreadable written move, and the moves it plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Edit<M> {
    /// The written move stands for `mv`.
    Replaced {
        /// The move played for the written one.
        mv: M,
        /// How the text differs from it.
        slip: Slip,
    },
    /// A half-move was left out before the written move: `mv`, of the other side, is
    /// played first, then the written move as written.
    Missing {
        /// The half-move supplied.
        mv: M,
    },
    /// The written move and the same side's next one were written in swapped order:
    /// `first` (the next one) is played, then the opponent's written move `between`,
    /// then `second` (this one).
    Swapped {
        /// The same side's next written move, played first.
        first: M,
        /// The opponent's written move between them.
        between: M,
        /// This written move, played after.
        second: M,
    },
    /// The written move repeats the one before it and stands for no move.
    Doubled,
}

impl<M: Copy> Edit<M> {
    /// What the edit changes, as reported.
    pub fn kind(&self) -> EditKind {
        match self {
            Edit::Replaced { slip, .. } => EditKind::Replaced(*slip),
            Edit::Missing { .. } => EditKind::Missing,
            Edit::Swapped { .. } => EditKind::Swapped,
            Edit::Doubled => EditKind::Doubled,
        }
    }

    /// How many written moves the edit accounts for.
    pub fn consumed(&self) -> usize {
        match self {
            Edit::Replaced { .. } => 1,
            Edit::Missing { .. } => 0,
            Edit::Swapped { .. } => 3,
            Edit::Doubled => 1,
        }
    }

    /// The moves the edit plays, in order.
    pub fn moves(&self) -> impl Iterator<Item = M> {
        let (a, b, c) = match *self {
            Edit::Replaced { mv, .. } | Edit::Missing { mv } => (Some(mv), None, None),
            Edit::Swapped {
                first,
                between,
                second,
            } => (Some(first), Some(between), Some(second)),
            Edit::Doubled => (None, None, None),
        };
        a.into_iter().chain(b).chain(c)
    }

    fn size(&self) -> u32 {
        match self {
            Edit::Replaced { slip, .. } => slip.size(),
            Edit::Missing { .. } | Edit::Doubled => 2,
            Edit::Swapped { .. } => 3,
        }
    }
}

/// A family's written line, as the search reads it.
pub(crate) trait Sheet {
    /// A position of the game.
    type Position: Clone;
    /// A legal move.
    type Move: Copy + PartialEq;

    /// How many moves are written on the line.
    fn len(&self) -> usize;
    /// The one legal move written move `index` names in `position`, or `None` when none
    /// or several fit, or the game is over.
    fn read(&self, position: &Self::Position, index: usize) -> Option<Self::Move>;
    /// Plays `mv` in `position`.
    fn play(&self, position: &mut Self::Position, mv: Self::Move);
    /// How the signs written with move `index` (capture, check, mate) fit `mv` played
    /// from `position`: +1 for each sign that agrees, −1 for each that does not.
    fn marks(&self, position: &Self::Position, index: usize, mv: Self::Move) -> i32;
    /// The moves written move `index` may stand for in `position` though it does not
    /// name them, each with how it differs; none of them is the move it names.
    fn slips(&self, position: &Self::Position, index: usize, out: &mut Vec<(Self::Move, Slip)>);
    /// The legal moves of the side to move, for a half-move left out; a family whose
    /// sheets cannot leave one out (each move says its colour) gives none.
    fn legal(&self, position: &Self::Position, out: &mut Vec<Self::Move>);
    /// Whether written move `index` is written as the one before it.
    fn repeats(&self, index: usize) -> bool;
}

/// An edit judged by the rest of the sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Candidate<M> {
    /// The edit at the unreadable move.
    pub edit: Edit<M>,
    /// The written moves after the edit that read and replay as written, in a row.
    pub replayed: u32,
    /// How far into the sheet replay gets: the index of the first written move that
    /// does not read after the edit (and after a second edit near it, if one was
    /// judged), or the sheet's length.
    pub reached: usize,
    /// Replay reached the end of the sheet.
    pub to_end: bool,
    /// Written signs that agree, less those that do not, over the edit's moves and those
    /// replayed after it.
    pub marks: i32,
    /// Further edits the lookahead made to get that far (0 or 1).
    pub later_edits: u32,
}

impl<M: Copy> Candidate<M> {
    /// The sort key, best first: how far into the sheet replay gets, fewer edits, signs
    /// that agree, a smaller edit.
    fn key(&self) -> (usize, i64, i32, i64) {
        (
            self.reached,
            -i64::from(self.later_edits),
            self.marks,
            -i64::from(self.edit.size()),
        )
    }
}

/// The candidates for unreadable written move `index` in `position`, best first; equal
/// edits are listed once.
pub(crate) fn judge<S: Sheet>(
    sheet: &S,
    position: &S::Position,
    index: usize,
) -> Vec<Candidate<S::Move>> {
    let mut ranked = judge_level(sheet, position, index);
    let mut budget = NESTED;
    for candidate in ranked.iter_mut() {
        if budget == 0 {
            break;
        }
        if candidate.to_end || candidate.replayed >= NEAR {
            continue;
        }
        budget -= 1;
        let (mut after, next) = apply(sheet, position, index, &candidate.edit);
        let stop = candidate.reached;
        for i in next..stop {
            if let Some(mv) = sheet.read(&after, i) {
                sheet.play(&mut after, mv);
            }
        }
        if let Some(best) = judge_level(sheet, &after, stop).first() {
            candidate.later_edits = 1;
            candidate.reached = best.reached;
            candidate.to_end = best.to_end;
        }
    }
    sort(&mut ranked);
    ranked
}

/// Whether the first of `ranked` is clearly ahead of every other: replay under it gets
/// at least [`LEAD`] written moves further, or it alone reaches the end of the sheet, or
/// it gets as far with one edit where any other needs two and at least [`LEAD`] moves
/// replay after it; a candidate is never clearly ahead when nothing after it supports
/// it, unless it is the only one.
pub(crate) fn clearly_ahead<M: Copy>(ranked: &[Candidate<M>]) -> bool {
    let Some(best) = ranked.first() else {
        return false;
    };
    match ranked.get(1) {
        None => best.replayed > 0 || best.to_end,
        Some(runner) => {
            best.reached >= runner.reached + LEAD as usize
                || (best.to_end && !runner.to_end && best.reached > runner.reached)
                || (best.later_edits < runner.later_edits
                    && best.reached >= runner.reached
                    && best.replayed >= LEAD)
        }
    }
}

/// The position after `edit` at written move `index`, and the index of the next
/// written move to read.
pub(crate) fn apply<S: Sheet>(
    sheet: &S,
    position: &S::Position,
    index: usize,
    edit: &Edit<S::Move>,
) -> (S::Position, usize) {
    let mut after = position.clone();
    for mv in edit.moves() {
        sheet.play(&mut after, mv);
    }
    (after, index + edit.consumed())
}

/// The candidates at one level, each with its run of written moves replayed after it.
fn judge_level<S: Sheet>(
    sheet: &S,
    position: &S::Position,
    index: usize,
) -> Vec<Candidate<S::Move>> {
    let mut edits: Vec<Edit<S::Move>> = Vec::new();
    let mut slips = Vec::new();
    sheet.slips(position, index, &mut slips);
    edits.extend(
        slips
            .into_iter()
            .map(|(mv, slip)| Edit::Replaced { mv, slip }),
    );
    let mut legal = Vec::new();
    sheet.legal(position, &mut legal);
    for mv in legal {
        let mut after = position.clone();
        sheet.play(&mut after, mv);
        if sheet.read(&after, index).is_some() {
            edits.push(Edit::Missing { mv });
        }
    }
    if let Some(swapped) = swap(sheet, position, index) {
        edits.push(swapped);
    }
    if index > 0 && sheet.repeats(index) {
        edits.push(Edit::Doubled);
    }
    let mut ranked: Vec<Candidate<S::Move>> = Vec::with_capacity(edits.len());
    for edit in edits {
        if ranked.iter().any(|c| same_outcome(&c.edit, &edit)) {
            continue;
        }
        ranked.push(run(sheet, position, index, edit));
    }
    sort(&mut ranked);
    ranked
}

/// The same side's next written move played first, when the three moves then read.
fn swap<S: Sheet>(sheet: &S, position: &S::Position, index: usize) -> Option<Edit<S::Move>> {
    if index + 2 >= sheet.len() {
        return None;
    }
    let mut after = position.clone();
    let first = sheet.read(&after, index + 2)?;
    sheet.play(&mut after, first);
    let between = sheet.read(&after, index + 1)?;
    sheet.play(&mut after, between);
    let second = sheet.read(&after, index)?;
    Some(Edit::Swapped {
        first,
        between,
        second,
    })
}

/// Two edits that play the same moves over the same written moves.
fn same_outcome<M: Copy + PartialEq>(a: &Edit<M>, b: &Edit<M>) -> bool {
    a.consumed() == b.consumed()
        && std::mem::discriminant(a) == std::mem::discriminant(b)
        && a.moves().eq(b.moves())
}

/// `edit` judged by the written moves after it.
fn run<S: Sheet>(
    sheet: &S,
    position: &S::Position,
    index: usize,
    edit: Edit<S::Move>,
) -> Candidate<S::Move> {
    let mut marks = 0;
    let mut after = position.clone();
    // The signs of the written moves the edit plays as written, or replaces.
    let written = match edit {
        Edit::Replaced { .. } => [Some(index), None, None],
        Edit::Missing { .. } | Edit::Doubled => [None, None, None],
        Edit::Swapped { .. } => [Some(index + 2), Some(index + 1), Some(index)],
    };
    for (mv, at) in edit.moves().zip(written) {
        if let Some(at) = at {
            marks += sheet.marks(&after, at, mv);
        }
        sheet.play(&mut after, mv);
    }
    let next = index + edit.consumed();
    let end = sheet.len().min(next + HORIZON);
    let mut replayed = 0;
    let mut i = next;
    while i < end {
        let Some(mv) = sheet.read(&after, i) else {
            break;
        };
        marks += sheet.marks(&after, i, mv);
        sheet.play(&mut after, mv);
        replayed += 1;
        i += 1;
    }
    Candidate {
        edit,
        replayed,
        reached: i,
        to_end: i == sheet.len(),
        marks,
        later_edits: 0,
    }
}

fn sort<M: Copy>(ranked: &mut [Candidate<M>]) {
    // Stable: equal candidates keep the family's order of its slips.
    ranked.sort_by(|a, b| b.key().cmp(&a.key()));
}

/// What a repair rests on, for its note: "the next 23 moves replay with it; with any
/// other at most 2".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Evidence {
    /// Written moves that replay after the edit chosen.
    pub replayed: u32,
    /// The most that replay after any other candidate; `None` when there was none.
    pub runner_up: Option<u32>,
}

impl Evidence {
    /// The evidence for the first of `ranked`.
    pub(crate) fn of<M: Copy>(ranked: &[Candidate<M>]) -> Option<Evidence> {
        let best = ranked.first()?;
        Some(Evidence {
            replayed: best.replayed,
            runner_up: ranked[1..].iter().map(|c| c.replayed).max(),
        })
    }
}

#[cfg(test)]
mod tests {
    //! A toy game: at ply `p` the legal moves are `10p` to `10p + 4`, so a move read at
    //! the wrong ply never fits; signs are unused.
    use super::*;

    struct Toy(Vec<u32>);

    impl Sheet for Toy {
        type Position = u32;
        type Move = u32;
        fn len(&self) -> usize {
            self.0.len()
        }
        fn read(&self, ply: &u32, index: usize) -> Option<u32> {
            let written = *self.0.get(index)?;
            (written / 10 == *ply && written % 10 < 5).then_some(written)
        }
        fn play(&self, ply: &mut u32, _: u32) {
            *ply += 1;
        }
        fn marks(&self, _: &u32, _: usize, _: u32) -> i32 {
            0
        }
        fn slips(&self, ply: &u32, index: usize, out: &mut Vec<(u32, Slip)>) {
            // One digit off, at the ply the move is read.
            let digit = self.0[index] % 10;
            for d in [digit.wrapping_sub(1), digit + 1] {
                if d < 5 {
                    out.push((10 * ply + d, Slip::Destination));
                }
            }
        }
        fn legal(&self, ply: &u32, out: &mut Vec<u32>) {
            out.extend((0..5).map(|d| 10 * ply + d));
        }
        fn repeats(&self, index: usize) -> bool {
            index > 0 && self.0[index] == self.0[index - 1]
        }
    }

    fn game(plies: u32) -> Vec<u32> {
        (0..plies).map(|p| 10 * p + (p * 7 + 3) % 5).collect()
    }

    #[test]
    fn a_slip_whose_neighbour_alone_fits_is_clearly_ahead() {
        let mut sheet = game(30);
        sheet[10] = 105;
        let ranked = judge(&Toy(sheet), &10, 10);
        assert_eq!(
            ranked[0].edit,
            Edit::Replaced {
                mv: 104,
                slip: Slip::Destination
            }
        );
        assert_eq!(ranked[0].replayed, 19);
        assert!(ranked[0].to_end);
        // The only slip: 106 is no move. A half-move left out cannot be, since 105 does
        // not read at ply 11 either.
        assert_eq!(ranked.len(), 1);
        assert!(clearly_ahead(&ranked));
    }

    #[test]
    fn a_left_out_half_move_is_found_but_not_guessed() {
        let mut sheet = game(30);
        sheet.remove(12);
        let ranked = judge(&Toy(sheet), &12, 12);
        // Every legal move of ply 12 lets the sheet go on to its end: which one was
        // played, nothing says.
        let missing = ranked
            .iter()
            .filter(|c| matches!(c.edit, Edit::Missing { .. }))
            .count();
        assert_eq!(missing, 5);
        assert!(ranked[0].to_end);
        assert!(!clearly_ahead(&ranked));
    }

    #[test]
    fn swapped_and_doubled_moves_are_told_apart() {
        let real = game(20);
        let mut swapped = real.clone();
        swapped.swap(6, 8);
        let ranked = judge(&Toy(swapped), &6, 6);
        assert!(matches!(ranked[0].edit, Edit::Swapped { first: 60, .. }));
        assert!(clearly_ahead(&ranked));

        let mut doubled = real.clone();
        doubled.insert(7, real[6]);
        let ranked = judge(&Toy(doubled), &7, 7);
        assert_eq!(ranked[0].edit, Edit::Doubled);
        assert!(clearly_ahead(&ranked));
    }

    #[test]
    fn two_slips_close_together_are_judged_one_edit_further() {
        let mut sheet = game(30);
        sheet[10] = 105;
        sheet[12] = 125;
        let ranked = judge(&Toy(sheet), &10, 10);
        assert_eq!(
            ranked[0].edit,
            Edit::Replaced {
                mv: 104,
                slip: Slip::Destination
            }
        );
        assert_eq!(ranked[0].replayed, 1);
        assert_eq!(ranked[0].later_edits, 1);
        assert_eq!(ranked[0].reached, 30);
        assert!(clearly_ahead(&ranked));
    }

    #[test]
    fn the_evidence_names_the_runner_up() {
        let mut sheet = game(30);
        sheet[10] = 105;
        let ranked = judge(&Toy(sheet), &10, 10);
        assert_eq!(
            Evidence::of(&ranked),
            Some(Evidence {
                replayed: 19,
                runner_up: None
            })
        );
    }
}
