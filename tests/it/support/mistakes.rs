//! Issue 19's benchmark: engine-played games written as the sheets an arbiter gets, each
//! with one mistake of a kind (two for "two slips") where it makes the written move
//! unreadable, read by the library with and without `repair`, and scored per kind:
//! whether the help at the mistake names the move meant, whether `repair` gives back the
//! whole game as played, and how many repairs replay a move that was not played. A
//! clean sheet must read valid and unchanged.
//!
//! The example `examples/mistakes.rs` prints the tables; tests/it/mistakes.rs asserts
//! today's figures on a small set. Both include this file with `#[path]` (next to
//! `rng.rs`, which it uses as `super::rng`).

use super::rng::Rng;
use qipu::diag::{EditKind, Repaired};
use qipu::{read_str, Game, ReadOptions, RecordReport, Severity};

/// The seed the example uses unless told another, and the test uses.
pub const SEED: u64 = 0x019B_E4C4;

/// A game family of the benchmark.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// Rulebook full notation, Latin and Chinese piece names.
    Shatar,
    /// Russian draughts in PDN with rulebook numbers.
    Draughts,
    /// 19×19 Go in SGF.
    Go,
}

impl Family {
    /// Every family, in the order the tables are printed.
    pub const ALL: [Family; 3] = [Family::Shatar, Family::Draughts, Family::Go];

    /// The family's name on the command line and in the tables.
    pub fn name(self) -> &'static str {
        match self {
            Family::Shatar => "shatar",
            Family::Draughts => "draughts",
            Family::Go => "go",
        }
    }

    /// The mistakes measured for the family.
    pub fn kinds(self) -> &'static [Mistake] {
        use Mistake::*;
        match self {
            Family::Shatar => &[
                Piece,
                Missing,
                TwoSlips,
                Destination,
                Origin,
                CaptureSign,
                CheckMarks,
                Swapped,
                Doubled,
                Promotion,
            ],
            Family::Draughts => &[
                Origin,
                Destination,
                Route,
                Missing,
                Swapped,
                Doubled,
                TwoSlips,
                CaptureSign,
            ],
            Family::Go => &[Colour, Point, TwoSlips],
        }
    }
}

/// A kind of mistake a writer makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mistake {
    /// Another piece letter, same squares (`Qf8—g7` for `Bf8—g7`).
    Piece,
    /// A half-move never written.
    Missing,
    /// Two one-square slips (piece, origin or destination; a point in Go) in one game.
    TwoSlips,
    /// The destination one square (or number) off.
    Destination,
    /// The origin one square (or number) off.
    Origin,
    /// A capture written with the sign of a plain move (`—` for `:`, `-` for `x`).
    CaptureSign,
    /// A check or mate mark left out, or written on a move that gives none.
    CheckMarks,
    /// Two moves of one side written in swapped order.
    Swapped,
    /// One move written twice.
    Doubled,
    /// A promotion written in another form (`后`, `升虎`, `=Q`, `Q`) or not at all.
    Promotion,
    /// A capture route cut short (draughts).
    Route,
    /// A stone written in the other colour's turn (Go).
    Colour,
    /// A stone one point off (Go).
    Point,
}

impl Mistake {
    /// The kind's name in the tables.
    pub fn label(self) -> &'static str {
        match self {
            Mistake::Piece => "wrong piece letter",
            Mistake::Missing => "half-move left out",
            Mistake::TwoSlips => "two slips in one game",
            Mistake::Destination => "destination one off",
            Mistake::Origin => "origin one off",
            Mistake::CaptureSign => "capture sign left out ¹",
            Mistake::CheckMarks => "check/mate mark wrong ¹",
            Mistake::Swapped => "two moves of a side swapped",
            Mistake::Doubled => "one move written twice",
            Mistake::Promotion => "promotion in another form ²",
            Mistake::Route => "capture route cut short",
            Mistake::Colour => "stone in the other colour's turn",
            Mistake::Point => "point one off",
        }
    }

    /// Only marks are wrong: the sheet must read valid, as the game played.
    fn marks_only(self) -> bool {
        matches!(self, Mistake::CaptureSign | Mistake::CheckMarks)
    }

    /// The move stays readable for a lenient reader: either reading it as played, or
    /// an error whose help names it, counts.
    fn may_read(self) -> bool {
        self.marks_only() || self == Mistake::Promotion
    }
}

/// One change to the written moves.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Change {
    /// Written move `index` written as the text.
    Replace(usize, String),
    /// Written move `index` left out.
    Remove(usize),
    /// Written moves `index` and `index + 2` (the same side's) exchanged.
    Swap(usize),
    /// Written move `index` written again after itself.
    Double(usize),
}

impl Change {
    /// The played move whose ply the mistake is reported at: the one written wrong, the
    /// one left out, or (for a move written twice) the one the repeat stands where.
    fn played_index(&self) -> usize {
        match *self {
            Change::Replace(i, _) | Change::Remove(i) | Change::Swap(i) => i,
            Change::Double(i) => i + 1,
        }
    }
}

/// The written moves with `changes` made, the later first so indices stay right.
fn apply(written: &[String], changes: &[Change]) -> Vec<String> {
    let mut out = written.to_vec();
    let mut sorted: Vec<&Change> = changes.iter().collect();
    sorted.sort_by_key(|c| std::cmp::Reverse(c.played_index()));
    for change in sorted {
        match change {
            Change::Replace(i, text) => out[*i] = text.clone(),
            Change::Remove(i) => {
                out.remove(*i);
            }
            Change::Swap(i) => out.swap(*i, *i + 2),
            Change::Double(i) => out.insert(*i + 1, out[*i].clone()),
        }
    }
    out
}

/// What a family gives the benchmark.
trait Bench {
    /// A game played by the engine, with how it is written.
    type Played;
    /// The game's family for `read_str`, and the sheet's file name.
    const GAME: Game;
    const FILE: &'static str;
    /// The first written move a mistake may touch (Shatar's forced first pair has an
    /// answer of its own).
    const FIRST: usize;

    fn play(&self, rng: &mut Rng) -> Self::Played;
    /// Each played move, as compared with the kept main line.
    fn keys(&self, game: &Self::Played) -> Vec<String>;
    /// Each played move as written on a clean sheet.
    fn written(&self, game: &Self::Played) -> Vec<String>;
    /// The sheet with these written moves.
    fn render(&self, game: &Self::Played, written: &[String]) -> String;
    /// The kept record's main line, as keys.
    fn kept(&self, report: &RecordReport) -> Vec<String>;
    /// The ways a help may name played move `index`, and those of every other legal move
    /// there.
    fn forms(&self, game: &Self::Played, index: usize) -> (Vec<String>, Vec<Vec<String>>);
    /// The single-move slips of `kind` the family can write, at any ply.
    fn slips(&self, game: &Self::Played, kind: Mistake) -> Vec<Change>;
    /// The slips "two slips" draws from.
    const TWO_SLIPS: &'static [Mistake];
}

/// One kind's figures.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// The kind's label, or "clean sheet".
    pub kind: &'static str,
    pub sheets: usize,
    /// Sheets whose help named every move meant (marks-only kinds: read valid, rightly).
    pub named: usize,
    /// Sheets whose repaired record is the game as played, with no error left unrepaired.
    pub given_back: usize,
    pub repairs: usize,
    /// Repairs that replay a move that was not played there.
    pub wrong_repairs: usize,
    /// Games tried for the kind that offered no ply where the mistake is unreadable.
    pub skipped: usize,
}

/// Every kind of `family` measured on `per_kind` sheets each, then `per_kind` clean
/// sheets; the same figures for the same seed.
pub fn measure(family: Family, per_kind: usize, seed: u64) -> Vec<Score> {
    match family {
        Family::Shatar => measure_with(&ShatarBench, family, per_kind, seed),
        Family::Draughts => measure_with(&DraughtsBench, family, per_kind, seed),
        Family::Go => measure_with(&GoBench, family, per_kind, seed),
    }
}

fn read<B: Bench>(text: &str, repair: bool) -> RecordReport {
    let options = ReadOptions {
        game: Some(B::GAME),
        keep_records: true,
        repair,
        ..ReadOptions::default()
    };
    let mut document = read_str(B::FILE, text, &options);
    assert_eq!(document.records.len(), 1, "one sheet, one record:\n{text}");
    document.records.remove(0)
}

fn first_error(report: &RecordReport) -> Option<u32> {
    report
        .diagnostics
        .iter()
        .find(|d| d.severity == Severity::Error)
        .map(|d| d.ply.unwrap_or(0))
}

/// At most this many plies are tried in a game for a mistake that makes the move
/// unreadable before another game is played.
const TRIES: usize = 40;

fn measure_with<B: Bench>(bench: &B, family: Family, per_kind: usize, seed: u64) -> Vec<Score> {
    let mut rng = Rng(seed.max(1));
    let mut scores = Vec::new();
    for (k, &kind) in family.kinds().iter().enumerate() {
        let mut rng = Rng(rng.next() ^ (k as u64 + 1) << 32 | 1);
        let mut score = Score {
            kind: kind.label(),
            ..Score::default()
        };
        // Bounded: a kind no game offers (no promotions ever played) ends with fewer sheets.
        let mut games = 0;
        while score.sheets < per_kind && games < 20 * per_kind {
            games += 1;
            let game = bench.play(&mut rng);
            match inject(bench, &game, kind, &mut rng) {
                Some(changes) => score_sheet(bench, &game, kind, &changes, &mut score),
                None => score.skipped += 1,
            }
        }
        scores.push(score);
    }
    let mut clean = Score {
        kind: "clean sheet (no mistake)",
        ..Score::default()
    };
    for _ in 0..per_kind {
        let game = bench.play(&mut rng);
        let text = bench.render(&game, &bench.written(&game));
        let keys = bench.keys(&game);
        let plain = read::<B>(&text, false);
        let repaired = read::<B>(&text, true);
        let repairs = count_repairs(&repaired);
        clean.sheets += 1;
        clean.repairs += repairs;
        clean.wrong_repairs += repairs;
        if plain.valid() && bench.kept(&plain) == keys {
            clean.named += 1;
        }
        if repaired.valid() && repairs == 0 && bench.kept(&repaired) == keys {
            clean.given_back += 1;
        }
    }
    scores.push(clean);
    scores
}

fn count_repairs(report: &RecordReport) -> usize {
    report
        .diagnostics
        .iter()
        .filter(|d| d.kind.game_issue::<Repaired>().is_some())
        .count()
}

/// The changes of one mistake of `kind` at a random ply where it makes the written move
/// unreadable (its first error is there); marks-only kinds at any ply they fit.
fn inject<B: Bench>(
    bench: &B,
    game: &B::Played,
    kind: Mistake,
    rng: &mut Rng,
) -> Option<Vec<Change>> {
    let written = bench.written(game);
    let len = written.len();
    let mut candidates: Vec<Change> = match kind {
        Mistake::Missing => (B::FIRST..len - 1).map(Change::Remove).collect(),
        Mistake::Swapped => (B::FIRST..len.saturating_sub(2))
            .map(Change::Swap)
            .collect(),
        Mistake::Doubled => (B::FIRST..len - 1).map(Change::Double).collect(),
        Mistake::TwoSlips => B::TWO_SLIPS
            .iter()
            .flat_map(|&k| bench.slips(game, k))
            .collect(),
        kind => bench.slips(game, kind),
    };
    candidates.retain(|c| c.played_index() >= B::FIRST && c.played_index() < len);
    let unreadable = |changes: &[Change], at: usize| {
        let text = bench.render(game, &apply(&written, changes));
        first_error(&read::<B>(&text, false)) == Some(at as u32 + 1)
    };
    let mut pick = |candidates: &mut Vec<Change>| -> Option<Change> {
        for _ in 0..TRIES {
            if candidates.is_empty() {
                return None;
            }
            let change = candidates.swap_remove(rng.below(candidates.len()));
            if kind.may_read() || unreadable(std::slice::from_ref(&change), change.played_index()) {
                return Some(change);
            }
        }
        None
    };
    let first = pick(&mut candidates)?;
    if kind != Mistake::TwoSlips {
        return Some(vec![first]);
    }
    // The second slip on another move, each unreadable alone and the first one first.
    candidates.retain(|c| c.played_index().abs_diff(first.played_index()) > 1);
    let second = pick(&mut candidates)?;
    let mut both = vec![first, second];
    both.sort_by_key(Change::played_index);
    unreadable(&both, both[0].played_index()).then_some(both)
}

fn score_sheet<B: Bench>(
    bench: &B,
    game: &B::Played,
    kind: Mistake,
    changes: &[Change],
    score: &mut Score,
) {
    let keys = bench.keys(game);
    let text = bench.render(game, &apply(&bench.written(game), changes));
    let repaired = read::<B>(&text, true);
    let kept = bench.kept(&repaired);
    score.sheets += 1;

    let read_rightly = repaired.valid() && count_repairs(&repaired) == 0 && kept == keys;
    let named = if kind.marks_only() {
        read_rightly
    } else {
        (kind.may_read() && read_rightly)
            || changes
                .iter()
                .all(|change| names_move(bench, game, &repaired, change.played_index()))
    };
    score.named += usize::from(named);

    // Every error is followed by its repair, and the moves are the game played.
    let diagnostics = &repaired.diagnostics;
    let all_repaired = diagnostics.iter().enumerate().all(|(i, d)| {
        d.severity != Severity::Error
            || diagnostics[i + 1..]
                .iter()
                .take_while(|r| r.severity != Severity::Error)
                .any(|r| r.kind.game_issue::<Repaired>().is_some() && r.ply == d.ply)
    });
    score.given_back += usize::from(all_repaired && kept == keys);

    for d in diagnostics {
        let Some(repair) = d.kind.game_issue::<Repaired>() else {
            continue;
        };
        score.repairs += 1;
        let ply = d.ply.unwrap_or(0) as usize;
        // The played moves the repair accounts for, from the start of the game.
        let extent = ply
            + match repair.edit {
                EditKind::Missing => 1,
                EditKind::Swapped => 2,
                _ => 0,
            };
        let right =
            extent <= kept.len() && extent <= keys.len() && kept[..extent] == keys[..extent];
        score.wrong_repairs += usize::from(!right);
    }
}

/// Whether the error at played move `index`'s ply names that move in its message or
/// help, among at most three moves named.
fn names_move<B: Bench>(bench: &B, game: &B::Played, report: &RecordReport, index: usize) -> bool {
    let ply = index as u32 + 1;
    let Some(error) = report
        .diagnostics
        .iter()
        .find(|d| d.severity == Severity::Error && d.ply == Some(ply))
    else {
        return false;
    };
    let text = format!(
        "{} {}",
        error.kind.message(),
        error.kind.help().unwrap_or_default()
    );
    let tokens: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || ",;?()，；？、".contains(c))
        .map(|t| t.trim_end_matches(['+', '#', '.', '!']))
        .filter(|t| !t.is_empty())
        .collect();
    let (meant, others) = bench.forms(game, index);
    let named = |forms: &[String]| forms.iter().any(|f| tokens.contains(&f.as_str()));
    named(&meant) && others.iter().filter(|forms| named(forms)).count() <= 2
}

/// The scores as a Markdown table.
pub fn table(family: Family, scores: &[Score]) -> String {
    let percent = |n: usize, of: usize| {
        if of == 0 {
            "—".to_string()
        } else {
            format!("{n}/{of} ({:.0} %)", 100.0 * n as f64 / of as f64)
        }
    };
    let mut out = format!(
        "{}\n\n| kind | sheets | help names the move meant | game given back | wrong repairs |\n|---|---:|---:|---:|---:|\n",
        family.name()
    );
    let (mut sheets, mut named, mut back, mut repairs, mut wrong) = (0, 0, 0, 0, 0);
    for score in scores {
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} |\n",
            score.kind,
            score.sheets,
            percent(score.named, score.sheets),
            percent(score.given_back, score.sheets),
            percent(score.wrong_repairs, score.repairs),
        ));
        if !score.kind.starts_with("clean") {
            sheets += score.sheets;
            named += score.named;
            back += score.given_back;
            repairs += score.repairs;
            wrong += score.wrong_repairs;
        }
    }
    out.push_str(&format!(
        "| **all mistakes** | {sheets} | {} | {} | {} |\n",
        percent(named, sheets),
        percent(back, sheets),
        percent(wrong, repairs)
    ));
    let skipped: usize = scores.iter().map(|s| s.skipped).sum();
    out.push_str(&format!(
        "\n¹ Only marks are wrong: counted in both columns when the sheet reads valid, as the \
         game played, with no repair. ² Counted so too, or (help) when the error at it names \
         the move. Clean sheets: valid and read as played, without and with repair. Games \
         played that offered no ply for the mistake: {skipped}.\n"
    ));
    out
}

// ---- Shatar ----

use qipu::shatar::{Color as ShatarColor, Move as ShatarMove, Position, Role, Square};

struct ShatarBench;

/// A Shatar game: its moves, the position before each, and the piece names it is written with.
struct ShatarGame {
    moves: Vec<ShatarMove>,
    before: Vec<Position>,
    chinese: bool,
}

/// A Shatar game is 60–120 plies unless it ends sooner; one shorter than 30 is played again.
const SHATAR_PLIES: (usize, usize) = (60, 120);

fn latin_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "",
        Role::Knight => "N",
        Role::Bishop => "B",
        Role::Rook => "R",
        Role::Queen => "Q",
        Role::King => "K",
    }
}

fn chinese_name(role: Role, color: ShatarColor) -> &'static str {
    match (role, color) {
        (Role::Pawn, _) => "",
        (Role::Knight, _) => "马",
        (Role::Bishop, _) => "驼",
        (Role::Rook, _) => "车",
        (Role::Queen, ShatarColor::White) => "虎",
        (Role::Queen, ShatarColor::Blue) => "狮",
        (Role::King, _) => "王",
    }
}

/// Full notation without promotion or marks: piece, from, sign, to.
fn shatar_full(mv: ShatarMove, from: Square, to: Square, piece: &str, capture: &str) -> String {
    let sign = if mv.capture.is_some() { capture } else { "—" };
    format!("{piece}{from}{sign}{to}")
}

impl ShatarGame {
    fn piece(&self, role: Role, color: ShatarColor) -> &'static str {
        if self.chinese {
            chinese_name(role, color)
        } else {
            latin_name(role)
        }
    }

    fn capture_sign(&self) -> &'static str {
        if self.chinese {
            "："
        } else {
            ":"
        }
    }

    fn promotion(&self, role: Role, color: ShatarColor) -> String {
        if self.chinese {
            format!("变{}", chinese_name(role, color))
        } else {
            format!("={}", latin_name(role))
        }
    }

    fn marks(&self, index: usize) -> &'static str {
        let mut after = self.before[index].clone();
        after.play(self.moves[index]);
        if after.is_checkmate() {
            "+#"
        } else if after.is_check() {
            "+"
        } else {
            ""
        }
    }

    /// Move `index` written with `piece`, `from`, `to`, sign, promotion and marks.
    fn write(&self, index: usize, piece: &str, from: Square, to: Square, sign: &str) -> String {
        let mv = self.moves[index];
        let color = self.before[index].turn();
        let promotion = mv
            .promotion
            .map_or(String::new(), |role| self.promotion(role, color));
        format!(
            "{}{promotion}{}",
            shatar_full(mv, from, to, piece, sign),
            self.marks(index)
        )
    }

    fn written(&self, index: usize) -> String {
        let mv = self.moves[index];
        let piece = self.piece(mv.role, self.before[index].turn());
        self.write(index, piece, mv.from, mv.to, self.capture_sign())
    }
}

/// The squares one file, rank or diagonal from `square`.
fn shatar_neighbours(square: Square) -> impl Iterator<Item = Square> {
    let (file, rank) = (square.file() as i8, square.rank() as i8);
    (-1i8..=1)
        .flat_map(move |df| (-1i8..=1).map(move |dr| (file + df, rank + dr)))
        .filter(move |&(f, r)| (f, r) != (file, rank) && (0..8).contains(&f) && (0..8).contains(&r))
        .map(|(f, r)| Square::new(f as u8, r as u8))
}

impl Bench for ShatarBench {
    type Played = ShatarGame;
    const GAME: Game = Game::Shatar;
    const FILE: &'static str = "sheet.txt";
    const FIRST: usize = 2;
    const TWO_SLIPS: &'static [Mistake] = &[Mistake::Piece, Mistake::Destination, Mistake::Origin];

    fn play(&self, rng: &mut Rng) -> ShatarGame {
        loop {
            let target = SHATAR_PLIES.0 + rng.below(SHATAR_PLIES.1 - SHATAR_PLIES.0 + 1);
            let mut position = Position::new();
            let (mut moves, mut before) = (Vec::new(), Vec::new());
            while moves.len() < target && position.drawn_ending().is_none() {
                let legal = position.legal_moves();
                if legal.is_empty() {
                    break;
                }
                // Games that look played: a capture or a promotion when there is one,
                // half the time; pawns pushed a quarter of the time.
                let captures: Vec<ShatarMove> = legal
                    .iter()
                    .copied()
                    .filter(|m| m.capture.is_some() || m.promotion.is_some())
                    .collect();
                let pawns: Vec<ShatarMove> = legal
                    .iter()
                    .copied()
                    .filter(|m| m.role == Role::Pawn)
                    .collect();
                let mv = if !captures.is_empty() && rng.below(2) == 0 {
                    captures[rng.below(captures.len())]
                } else if !pawns.is_empty() && rng.below(4) == 0 {
                    pawns[rng.below(pawns.len())]
                } else {
                    legal[rng.below(legal.len())]
                };
                before.push(position.clone());
                position.play(mv);
                moves.push(mv);
            }
            if moves.len() >= 30 {
                let chinese = rng.below(2) == 0;
                return ShatarGame {
                    moves,
                    before,
                    chinese,
                };
            }
        }
    }

    fn keys(&self, game: &ShatarGame) -> Vec<String> {
        game.moves.iter().map(|m| m.uci().to_string()).collect()
    }

    fn written(&self, game: &ShatarGame) -> Vec<String> {
        (0..game.moves.len()).map(|i| game.written(i)).collect()
    }

    fn render(&self, game: &ShatarGame, written: &[String]) -> String {
        let (players, comma, semicolon) = if game.chinese {
            ("白方：甲 蓝方：乙\n", "，", "；")
        } else {
            ("White: Player 1  Blue: Player 2\n", ",", ";")
        };
        let mut out = players.to_string();
        for (pair, moves) in written.chunks(2).enumerate() {
            out.push_str(&format!("({}){}", pair + 1, moves[0]));
            if let Some(blue) = moves.get(1) {
                out.push_str(&format!("{comma}{blue}{semicolon}"));
            }
            out.push(if pair % 4 == 3 { '\n' } else { ' ' });
        }
        out.push_str("*\n");
        out
    }

    fn kept(&self, report: &RecordReport) -> Vec<String> {
        report
            .kept::<qipu::record::Record<qipu::shatar::ShatarMove>>()
            .map_or_else(Vec::new, |record| {
                record
                    .moves
                    .iter()
                    .map(|n| n.mv.mv.uci().to_string())
                    .collect()
            })
    }

    fn forms(&self, game: &ShatarGame, index: usize) -> (Vec<String>, Vec<Vec<String>>) {
        let position = &game.before[index];
        let color = position.turn();
        let forms = |mv: ShatarMove| {
            let mut forms = Vec::new();
            for piece in [latin_name(mv.role), chinese_name(mv.role, color)] {
                for sign in [":", "：", "—", "-"] {
                    let full = shatar_full(mv, mv.from, mv.to, piece, sign);
                    if let Some(role) = mv.promotion {
                        forms.push(format!("{full}={}", latin_name(role)));
                        forms.push(format!("{full}变{}", chinese_name(role, color)));
                    } else {
                        forms.push(full);
                    }
                }
            }
            forms.push(position.san(mv).trim_end_matches(['+', '#']).to_string());
            forms
        };
        let played = game.moves[index];
        let others = position
            .legal_moves()
            .iter()
            .filter(|&&m| m != played)
            .map(|&m| forms(m))
            .collect();
        (forms(played), others)
    }

    fn slips(&self, game: &ShatarGame, kind: Mistake) -> Vec<Change> {
        let mut out = Vec::new();
        for (i, &mv) in game.moves.iter().enumerate() {
            let color = game.before[i].turn();
            let legal = game.before[i].legal_moves();
            let piece = game.piece(mv.role, color);
            let sign = game.capture_sign();
            let fits =
                |from: Square, to: Square| legal.iter().any(|m| m.from == from && m.to == to);
            match kind {
                Mistake::Piece => {
                    for role in [
                        Role::Knight,
                        Role::Bishop,
                        Role::Rook,
                        Role::Queen,
                        Role::King,
                    ] {
                        if role != mv.role {
                            let wrong = game.piece(role, color);
                            out.push(Change::Replace(
                                i,
                                game.write(i, wrong, mv.from, mv.to, sign),
                            ));
                        }
                    }
                }
                Mistake::Destination => {
                    for to in shatar_neighbours(mv.to).filter(|&to| !fits(mv.from, to)) {
                        out.push(Change::Replace(i, game.write(i, piece, mv.from, to, sign)));
                    }
                }
                Mistake::Origin => {
                    let origins = shatar_neighbours(mv.from).filter(|&from| from != mv.to);
                    for from in origins.filter(|&from| !fits(from, mv.to)) {
                        out.push(Change::Replace(i, game.write(i, piece, from, mv.to, sign)));
                    }
                }
                Mistake::CaptureSign if mv.capture.is_some() => {
                    out.push(Change::Replace(
                        i,
                        game.write(i, piece, mv.from, mv.to, "—"),
                    ));
                }
                Mistake::CheckMarks => {
                    let written = game.written(i);
                    let wrong = match game.marks(i) {
                        "+#" => written.trim_end_matches('#').to_string(),
                        "+" => written.trim_end_matches('+').to_string(),
                        _ => format!("{written}+"),
                    };
                    out.push(Change::Replace(i, wrong));
                }
                Mistake::Promotion => {
                    let Some(role) = mv.promotion else { continue };
                    let plain = shatar_full(mv, mv.from, mv.to, piece, sign);
                    let marks = game.marks(i);
                    let forms = if game.chinese {
                        let mut forms = vec![
                            format!("升{}", chinese_name(role, color)),
                            format!("={}", latin_name(role)),
                            String::new(),
                        ];
                        // 后, chess's queen, stands for the tiger alone.
                        if role == Role::Queen {
                            forms.push("后".to_string());
                        }
                        forms
                    } else {
                        vec![latin_name(role).to_string(), String::new()]
                    };
                    for form in forms {
                        out.push(Change::Replace(i, format!("{plain}{form}{marks}")));
                    }
                }
                _ => {}
            }
        }
        out
    }
}

// ---- Draughts ----

use qipu::draughts::{
    Move as DraughtsMove, Position as DraughtsPosition, Square as DraughtsSquare,
};
use qipu::draughts::{Numbering, Variant};

struct DraughtsBench;

struct DraughtsGame {
    moves: Vec<DraughtsMove>,
    before: Vec<DraughtsPosition>,
    /// Whether PDN writes move `index` with its full path (another capture shares its
    /// from and to).
    full_path: Vec<bool>,
}

/// A draughts game is 40–100 plies unless it ends sooner; one shorter than 30 is played again.
const DRAUGHTS_PLIES: (usize, usize) = (40, 100);

fn number(square: DraughtsSquare) -> u8 {
    square.number(Numbering::Rulebook)
}

/// `from` and the squares after it, as PDN writes them: `9-13`, `22x15`, `22x15x6`.
fn pdn_move(capture: bool, squares: &[DraughtsSquare], sign: char) -> String {
    let sign = if capture { sign } else { '-' };
    squares
        .iter()
        .map(|&sq| number(sq).to_string())
        .collect::<Vec<_>>()
        .join(&sign.to_string())
}

impl DraughtsGame {
    fn written(&self, index: usize) -> String {
        let mv = &self.moves[index];
        if self.full_path[index] {
            pdn_move(mv.is_capture(), mv.path(), 'x')
        } else {
            pdn_move(mv.is_capture(), &[mv.from(), mv.to()], 'x')
        }
    }
}

/// The dark squares diagonally next to `square` or one number off it.
fn draughts_neighbours(square: DraughtsSquare) -> Vec<DraughtsSquare> {
    let n = number(square);
    let mut out: Vec<DraughtsSquare> = [n.wrapping_sub(1), n + 1]
        .into_iter()
        .filter_map(|m| DraughtsSquare::from_number(m, Numbering::Rulebook))
        .collect();
    for (df, dr) in [(1i8, 1i8), (1, -1), (-1, 1), (-1, -1)] {
        let (f, r) = (square.file() as i8 + df, square.rank() as i8 + dr);
        if (0..8).contains(&f) && (0..8).contains(&r) {
            if let Some(sq) = DraughtsSquare::from_coords(f as u8, r as u8) {
                if !out.contains(&sq) {
                    out.push(sq);
                }
            }
        }
    }
    out
}

/// What makes a draughts move the move it is: from, to, the pieces taken and whether
/// it crowns (a king's landing squares on the way do not).
fn draughts_key(mv: &DraughtsMove) -> String {
    let mut taken: Vec<u8> = mv.captured_squares().map(number).collect();
    taken.sort_unstable();
    let crowned = if mv.promotes() { " crowned" } else { "" };
    format!(
        "{}-{} x{taken:?}{crowned}",
        number(mv.from()),
        number(mv.to())
    )
}

impl Bench for DraughtsBench {
    type Played = DraughtsGame;
    const GAME: Game = Game::Draughts;
    const FILE: &'static str = "game.pdn";
    const FIRST: usize = 0;
    const TWO_SLIPS: &'static [Mistake] = &[Mistake::Origin, Mistake::Destination];

    fn play(&self, rng: &mut Rng) -> DraughtsGame {
        loop {
            let target = DRAUGHTS_PLIES.0 + rng.below(DRAUGHTS_PLIES.1 - DRAUGHTS_PLIES.0 + 1);
            let mut position = DraughtsPosition::initial();
            let mut game = DraughtsGame {
                moves: Vec::new(),
                before: Vec::new(),
                full_path: Vec::new(),
            };
            while game.moves.len() < target {
                let legal = position.legal_moves(Variant::Russian);
                if legal.is_empty() {
                    break;
                }
                let mv = legal[rng.below(legal.len())];
                let full_path = legal
                    .iter()
                    .filter(|m| m.from() == mv.from() && m.to() == mv.to())
                    .any(|m| !m.same_effect(&mv) || m.promotes() != mv.promotes());
                game.before.push(position);
                position.play(&mv);
                game.moves.push(mv);
                game.full_path.push(full_path);
            }
            if game.moves.len() >= 30 {
                return game;
            }
        }
    }

    fn keys(&self, game: &DraughtsGame) -> Vec<String> {
        game.moves.iter().map(draughts_key).collect()
    }

    fn written(&self, game: &DraughtsGame) -> Vec<String> {
        (0..game.moves.len()).map(|i| game.written(i)).collect()
    }

    fn render(&self, _: &DraughtsGame, written: &[String]) -> String {
        let mut out = String::from(
            "[Event \"Benchmark\"]\n[White \"Player 1\"]\n[Black \"Player 2\"]\n[GameType \"25,W,8,8,N0,0\"]\n[Result \"*\"]\n\n",
        );
        for (pair, moves) in written.chunks(2).enumerate() {
            out.push_str(&format!("{}. {}", pair + 1, moves.join(" ")));
            out.push(if pair % 6 == 5 { '\n' } else { ' ' });
        }
        out.push_str("*\n");
        out
    }

    fn kept(&self, report: &RecordReport) -> Vec<String> {
        report
            .kept::<qipu::draughts::DraughtsRecord>()
            .map_or_else(Vec::new, |record| {
                record
                    .moves
                    .iter()
                    .map(|n| draughts_key(&n.mv.mv))
                    .collect()
            })
    }

    fn forms(&self, game: &DraughtsGame, index: usize) -> (Vec<String>, Vec<Vec<String>>) {
        let forms = |mv: &DraughtsMove| {
            let mut forms = Vec::new();
            for sign in ['x', ':', '-'] {
                forms.push(pdn_move(mv.is_capture(), &[mv.from(), mv.to()], sign));
                forms.push(pdn_move(mv.is_capture(), mv.path(), sign));
            }
            forms
        };
        let played = &game.moves[index];
        let others = game.before[index]
            .legal_moves(Variant::Russian)
            .iter()
            .filter(|m| !m.same_effect(played))
            .map(forms)
            .collect();
        (forms(played), others)
    }

    fn slips(&self, game: &DraughtsGame, kind: Mistake) -> Vec<Change> {
        let mut out = Vec::new();
        for (i, mv) in game.moves.iter().enumerate() {
            let legal = game.before[i].legal_moves(Variant::Russian);
            let fits = |from: DraughtsSquare, to: DraughtsSquare| {
                legal.iter().any(|m| m.from() == from && m.to() == to)
            };
            let write = |from, to| pdn_move(mv.is_capture(), &[from, to], 'x');
            match kind {
                Mistake::Origin => {
                    for from in draughts_neighbours(mv.from()) {
                        if !fits(from, mv.to()) {
                            out.push(Change::Replace(i, write(from, mv.to())));
                        }
                    }
                }
                Mistake::Destination => {
                    for to in draughts_neighbours(mv.to()) {
                        if !fits(mv.from(), to) {
                            out.push(Change::Replace(i, write(mv.from(), to)));
                        }
                    }
                }
                Mistake::Route if mv.path().len() > 2 => {
                    for end in 2..mv.path().len() {
                        out.push(Change::Replace(i, pdn_move(true, &mv.path()[..end], 'x')));
                    }
                }
                Mistake::CaptureSign if mv.is_capture() => {
                    let squares: &[DraughtsSquare] = if game.full_path[i] {
                        mv.path()
                    } else {
                        &[mv.from(), mv.to()]
                    };
                    out.push(Change::Replace(i, pdn_move(true, squares, '-')));
                }
                _ => {}
            }
        }
        out
    }
}

// ---- Go ----

use qipu::go::{Board, Color as GoColor, Point as GoPoint};

struct GoBench;

struct GoGame {
    /// Each move's colour and point (`None`: a pass).
    moves: Vec<(GoColor, Option<GoPoint>)>,
}

const GO_SIZE: u8 = 19;
/// Go games are 150–250 moves; a player passes once in 60 moves.
const GO_PLIES: (usize, usize) = (150, 250);
const GO_PASS_ODDS: usize = 60;
/// Random points tried before a player gives up and passes.
const GO_TRIES: usize = 200;

fn sgf_move(color: GoColor, point: Option<GoPoint>) -> String {
    let value: String = point
        .and_then(GoPoint::to_sgf)
        .map_or_else(String::new, |letters| letters.iter().collect());
    format!("{}[{value}]", color.letter())
}

impl GoGame {
    /// The board before move `index`.
    fn board_before(&self, index: usize) -> Board {
        let mut board = Board::new(GO_SIZE.into(), GO_SIZE.into()).expect("19×19 is supported");
        for &(color, point) in &self.moves[..index] {
            match point {
                Some(point) => {
                    board.play(color, point).expect("a played move");
                }
                None => board.pass(color),
            }
        }
        board
    }
}

impl Bench for GoBench {
    type Played = GoGame;
    const GAME: Game = Game::Go;
    const FILE: &'static str = "game.sgf";
    const FIRST: usize = 0;
    const TWO_SLIPS: &'static [Mistake] = &[Mistake::Point];

    fn play(&self, rng: &mut Rng) -> GoGame {
        let mut board = Board::new(GO_SIZE.into(), GO_SIZE.into()).expect("19×19 is supported");
        let length = GO_PLIES.0 + rng.below(GO_PLIES.1 - GO_PLIES.0 + 1);
        let mut color = GoColor::Black;
        let mut moves = Vec::new();
        for _ in 0..length {
            let point = if rng.below(GO_PASS_ODDS) == 0 {
                None
            } else {
                (0..GO_TRIES)
                    .map(|_| {
                        GoPoint::new(
                            rng.below(GO_SIZE.into()) as u8,
                            rng.below(GO_SIZE.into()) as u8,
                        )
                    })
                    .find(|&point| board.check(color, point).is_ok())
            };
            match point {
                Some(point) => {
                    board.play(color, point).expect("checked just before");
                }
                None => board.pass(color),
            }
            moves.push((color, point));
            // Two passes in a row end the game.
            if moves.len() >= 2 && moves[moves.len() - 2..].iter().all(|m| m.1.is_none()) {
                break;
            }
            color = color.opponent();
        }
        GoGame { moves }
    }

    fn keys(&self, game: &GoGame) -> Vec<String> {
        self.written(game)
    }

    fn written(&self, game: &GoGame) -> Vec<String> {
        game.moves.iter().map(|&(c, p)| sgf_move(c, p)).collect()
    }

    fn render(&self, _: &GoGame, written: &[String]) -> String {
        let mut out = format!(
            "(;GM[1]FF[4]CA[UTF-8]SZ[{GO_SIZE}]KM[7.5]RU[Chinese]PB[Player 1]PW[Player 2]\n"
        );
        for (i, mv) in written.iter().enumerate() {
            out.push(';');
            out.push_str(mv);
            if i % 10 == 9 {
                out.push('\n');
            }
        }
        out.push_str(")\n");
        out
    }

    fn kept(&self, report: &RecordReport) -> Vec<String> {
        report
            .kept::<qipu::go::GoRecord>()
            .map_or_else(Vec::new, |record| {
                record
                    .moves
                    .iter()
                    .map(|n| sgf_move(n.mv.color, n.mv.point))
                    .collect()
            })
    }

    fn forms(&self, game: &GoGame, index: usize) -> (Vec<String>, Vec<Vec<String>>) {
        let (color, point) = game.moves[index];
        let board = game.board_before(index);
        let others = (0..GO_SIZE)
            .flat_map(|y| (0..GO_SIZE).map(move |x| GoPoint::new(x, y)))
            .filter(|&p| Some(p) != point && board.check(color, p).is_ok())
            .map(|p| vec![sgf_move(color, Some(p))])
            .collect();
        (vec![sgf_move(color, point)], others)
    }

    fn slips(&self, game: &GoGame, kind: Mistake) -> Vec<Change> {
        let mut out = Vec::new();
        for (i, &(color, point)) in game.moves.iter().enumerate() {
            let Some(point) = point else { continue };
            match kind {
                Mistake::Colour => {
                    out.push(Change::Replace(i, sgf_move(color.opponent(), Some(point))));
                }
                Mistake::Point => {
                    let (x, y) = (point.x as i16, point.y as i16);
                    for (dx, dy) in [(1i16, 0i16), (-1, 0), (0, 1), (0, -1)] {
                        let (nx, ny) = (x + dx, y + dy);
                        if (0..GO_SIZE as i16).contains(&nx) && (0..GO_SIZE as i16).contains(&ny) {
                            let slipped = GoPoint::new(nx as u8, ny as u8);
                            out.push(Change::Replace(i, sgf_move(color, Some(slipped))));
                        }
                    }
                }
                _ => {}
            }
        }
        out
    }
}
