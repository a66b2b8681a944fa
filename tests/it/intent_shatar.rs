//! Issue 19 for Shatar: an unreadable move is explained by one list of candidates judged
//! by the rest of the sheet; the help names them in that order and `--repair` takes the
//! first only where it is clearly ahead. Sheets are engine-played games with one mistake
//! of each kind written into them.

use crate::support::rng::Rng;
use qipu::diag::Repaired;
use qipu::record::Record;
use qipu::shatar::{Move, Position, Role, ShatarMove};
use qipu::{read_str, Document, Game, ReadOptions, Severity};

fn read(text: &str, repair: bool) -> Document {
    let options = ReadOptions {
        game: Some(Game::Shatar),
        keep_records: true,
        repair,
        ..ReadOptions::default()
    };
    read_str("sheet.pgn", text, &options)
}

/// The moves replayed, in order.
fn replayed(document: &Document) -> Vec<Move> {
    let record = document.records[0]
        .kept::<Record<ShatarMove>>()
        .expect("a Shatar record");
    record.moves.iter().map(|node| node.mv.mv).collect()
}

fn errors(document: &Document) -> Vec<&qipu::Diagnostic> {
    document.records[0]
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .collect()
}

fn repairs(document: &Document) -> Vec<&Repaired> {
    document.records[0]
        .diagnostics
        .iter()
        .filter_map(|d| d.kind.game_issue::<Repaired>())
        .collect()
}

/// `mv` in the rulebook's full notation, as qipu writes help: `Nb1—c3`, `e4:d5`.
fn full(mv: Move) -> String {
    let letter = match mv.role {
        Role::Pawn => String::new(),
        role => role.letter().to_string(),
    };
    let link = if mv.capture.is_some() { ':' } else { '—' };
    format!("{letter}{}{link}{}", mv.from, mv.to)
}

/// A random game of the engine's, `plies` long, without promotions (written in their own
/// form, tested apart), and its moves in full notation.
fn game(rng: &mut Rng, plies: usize) -> Option<Vec<Move>> {
    let mut position = Position::new();
    let mut moves = Vec::new();
    for _ in 0..plies {
        let legal: Vec<Move> = position
            .legal_moves()
            .iter()
            .copied()
            .filter(|m| m.promotion.is_none())
            .collect();
        if legal.is_empty() {
            return None;
        }
        let mv = legal[rng.below(legal.len())];
        position.play(mv);
        moves.push(mv);
    }
    Some(moves)
}

/// A sheet of written moves, numbered before White's as the game was played; where a
/// White move is not written, its number goes before Blue's (`7...`).
fn sheet(tokens: &[(usize, String)]) -> String {
    let mut text = String::from("[Variant \"Shatar\"]\n\n");
    let mut last_ply = None;
    for (ply, token) in tokens {
        let number = ply / 2 + 1;
        if last_ply != Some(*ply) {
            if ply % 2 == 0 {
                text.push_str(&format!("{number}. "));
            } else if last_ply.is_none_or(|last| last + 1 != *ply) {
                text.push_str(&format!("{number}... "));
            }
        }
        text.push_str(token);
        text.push(' ');
        last_ply = Some(*ply);
    }
    text.push_str("*\n");
    text
}

fn written(moves: &[Move]) -> Vec<(usize, String)> {
    moves.iter().map(|m| full(*m)).enumerate().collect()
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mistake {
    Piece,
    Origin,
    Destination,
    Missing,
    Swapped,
    Doubled,
}

/// Square `(file, rank)` offset by `(df, dr)`, on the board.
fn offset(square: qipu::shatar::Square, df: i8, dr: i8) -> Option<qipu::shatar::Square> {
    let (file, rank) = (square.file() as i8 + df, square.rank() as i8 + dr);
    ((0..8).contains(&file) && (0..8).contains(&rank))
        .then(|| qipu::shatar::Square::new(file as u8, rank as u8))
}

/// `moves` written with `mistake` at ply `at`, and the move the help should name; `None`
/// where the mistake cannot be made there.
fn inject(
    rng: &mut Rng,
    moves: &[Move],
    mistake: Mistake,
    at: usize,
) -> Option<(Vec<(usize, String)>, Option<Move>)> {
    let mut tokens = written(moves);
    let mv = moves[at];
    let link = if mv.capture.is_some() { ':' } else { '—' };
    let letter = |role: Role| match role {
        Role::Pawn => String::new(),
        role => role.letter().to_string(),
    };
    match mistake {
        Mistake::Piece => {
            let roles = [
                Role::King,
                Role::Queen,
                Role::Rook,
                Role::Bishop,
                Role::Knight,
            ];
            let role = roles[rng.below(roles.len())];
            if role == mv.role || mv.role == Role::Pawn {
                return None;
            }
            tokens[at].1 = format!("{}{}{link}{}", letter(role), mv.from, mv.to);
            Some((tokens, Some(mv)))
        }
        Mistake::Origin => {
            let (df, dr) = (rng.below(3) as i8 - 1, rng.below(3) as i8 - 1);
            let from = offset(mv.from, df, dr).filter(|s| *s != mv.from)?;
            tokens[at].1 = format!("{}{from}{link}{}", letter(mv.role), mv.to);
            Some((tokens, Some(mv)))
        }
        Mistake::Destination => {
            let (df, dr) = (rng.below(3) as i8 - 1, rng.below(3) as i8 - 1);
            let to = offset(mv.to, df, dr).filter(|s| *s != mv.to)?;
            tokens[at].1 = format!("{}{}{link}{to}", letter(mv.role), mv.from);
            Some((tokens, Some(mv)))
        }
        Mistake::Missing => {
            tokens.remove(at);
            Some((tokens, Some(mv)))
        }
        Mistake::Swapped => {
            let later = tokens[at + 2].1.clone();
            tokens[at + 2].1 = std::mem::replace(&mut tokens[at].1, later);
            Some((tokens, Some(mv)))
        }
        Mistake::Doubled => {
            tokens.insert(at + 1, tokens[at].clone());
            Some((tokens, None))
        }
    }
}

#[derive(Default, Debug)]
struct Tally {
    cases: u32,
    named: u32,
    given_back: u32,
    wrong: u32,
    /// Repairs whose move is not the first the help names.
    disagree: u32,
}

/// Over engine-played games, each mistake written once into a sheet: how often the help
/// names the move meant, how often `--repair` gives back the game played, how often it
/// replays a move never played.
fn tally(mistake: Mistake, seed: u64) -> Tally {
    let mut rng = Rng(seed);
    let mut tally = Tally::default();
    let mut games = 0;
    while tally.cases < 60 && games < 400 {
        games += 1;
        let Some(moves) = game(&mut rng, 50) else {
            continue;
        };
        let at = 2 + rng.below(moves.len() - 14);
        let Some((tokens, meant)) = inject(&mut rng, &moves, mistake, at) else {
            continue;
        };
        let text = sheet(&tokens);
        let plain = read(&text, false);
        // A mistake that still reads as a legal game is none qipu can see.
        let Some(error) = errors(&plain).first().copied() else {
            continue;
        };
        if error.ply != Some(at as u32 + 1 + u32::from(mistake == Mistake::Doubled)) {
            continue;
        }
        tally.cases += 1;
        let help = error.kind.help().unwrap_or_default();
        if meant.is_none_or(|mv| help.contains(&full(mv))) {
            tally.named += 1;
        }
        let repaired = read(&text, true);
        if let Some(repair) = repairs(&repaired).first() {
            let first = repair.used.split(' ').next().unwrap_or_default();
            if !first.is_empty() && !first_named(&help).is_some_and(|named| named == first) {
                tally.disagree += 1;
            }
        }
        let played = replayed(&repaired);
        if played == moves {
            tally.given_back += 1;
        } else if !repairs(&repaired).is_empty() && !moves.starts_with(&played) {
            tally.wrong += 1;
        }
    }
    tally
}

#[test]
fn each_kind_of_mistake_is_named_and_repaired() {
    let kinds = [
        (Mistake::Piece, 0x19_01),
        (Mistake::Origin, 0x19_02),
        (Mistake::Destination, 0x19_03),
        (Mistake::Missing, 0x19_04),
        (Mistake::Swapped, 0x19_05),
        (Mistake::Doubled, 0x19_06),
    ];
    let mut report = Vec::new();
    let (mut all, mut wrong, mut given_back) = (0, 0, 0);
    for (mistake, seed) in kinds {
        let tally = tally(mistake, seed);
        report.push(format!("{mistake:?}: {tally:?}"));
        all += tally.cases;
        wrong += tally.wrong;
        given_back += tally.given_back;
        assert!(tally.cases >= 40, "{mistake:?}: {tally:?}");
        assert!(
            tally.named * 100 >= tally.cases * 90,
            "{mistake:?}: {tally:?}"
        );
        // A half-move left out that nothing later in the sheet pins down (a pawn move
        // never referred to again) is named among its candidates but not guessed.
        let given_back_rate = if mistake == Mistake::Missing { 80 } else { 90 };
        assert!(
            tally.given_back * 100 >= tally.cases * given_back_rate,
            "{mistake:?}: {tally:?}"
        );
        assert_eq!(tally.disagree, 0, "{mistake:?}: {tally:?}");
    }
    let report = report.join("\n");
    eprintln!("{report}");
    assert!(
        wrong * 100 <= all,
        "wrong repairs: {wrong} of {all}\n{report}"
    );
    assert_eq!(
        given_back * 100 / all >= 90,
        true,
        "games given back: {given_back} of {all}\n{report}"
    );
}

/// The first move a help names: after "did you mean", "was one of" or "was".
fn first_named(help: &str) -> Option<&str> {
    let rest = ["did you mean ", "was one of ", "move was "]
        .iter()
        .find_map(|lead| help.split_once(lead).map(|(_, rest)| rest))?;
    rest.split([' ', ',', '?'])
        .next()
        .map(|name| name.trim_end_matches([':', ';']))
}

fn error_codes(document: &Document) -> Vec<(&'static str, u32)> {
    errors(document)
        .iter()
        .map(|d| (d.code(), d.ply.unwrap_or(0)))
        .collect()
}

#[test]
fn another_piece_letter_is_answered_with_the_piece_on_the_square() {
    let text = "[Variant \"Shatar\"]\n\n1. d2—d4 d7—d5 2. Ng1—f3 g7—g6 3. Nb1—c3 Qf8—g7 \
                4. e2—e3 Ng8—f6 5. Bf1—d3 Ke8—f8 *\n";
    let document = read(text, false);
    let error = errors(&document)[0];
    assert_eq!(error.ply, Some(6));
    let help = error.kind.help().unwrap_or_default();
    assert_eq!(first_named(&help), Some("Bf8—g7"), "{help}");
    let repaired = read(text, true);
    assert_eq!(repairs(&repaired)[0].used, "Bf8—g7");
    assert_eq!(repaired.records[0].plies, 10);
}

#[test]
fn a_knight_written_for_the_camel_is_told_by_its_later_capture() {
    // The camel on c1 goes to d2, and takes on c3 later: not a knight from b1 or f3.
    let text = "[Variant \"Shatar\"]\n\n1. d2—d4 d7—d5 2. Ng1—f3 Ng8—f6 3. Nc1—d2 Nf6—e4 \
                4. e2—e3 Ne4—c3 5. Bd2:c3 e7—e6 6. Bf1—d3 *\n";
    let document = read(text, false);
    let help = errors(&document)[0].kind.help().unwrap_or_default();
    assert_eq!(first_named(&help), Some("Bc1—d2"), "{help}");
    let repaired = read(text, true);
    let used: Vec<&str> = repairs(&repaired).iter().map(|r| r.used.as_str()).collect();
    assert_eq!(used, ["Bc1—d2"]);
    assert_eq!(repaired.records[0].plies, 11, "Bd2:c3 replays");
    assert_eq!(error_codes(&repaired), [("no-such-piece", 5)]);
}

#[test]
fn a_half_move_left_out_is_named_and_supplied_where_one_alone_fits() {
    let text = "[Variant \"Shatar\"]\n\n1. d2—d4 d7—d5 2. Ng1—f3 Ng8—f6 3. Bc8—f5 \
                4. Nc3—b5 e7—e6 5. e2—e3 Bf8—d6 *\n";
    let document = read(text, false);
    let error = errors(&document)[0];
    assert_eq!(error.code(), "missing-move");
    assert_eq!(
        error.kind.message(),
        "White's move 3 is not written: the next move written, Bc8—f5, is Blue's"
    );
    assert_eq!(
        error.kind.help().unwrap_or_default(),
        "White's move was Nb1—c3; the next 5 moves replay with it"
    );
    let repaired = read(text, true);
    let repair = repairs(&repaired)[0];
    assert_eq!(repair.used, "Nb1—c3");
    assert_eq!(repair.edit, qipu::diag::EditKind::Missing);
    assert_eq!(repaired.records[0].plies, 10);
    // Written out, the supplied move is a move of its own, and the game reads back clean.
    let record = repaired.records[0].record.as_ref().unwrap();
    let pgn = qipu::write_record(
        record,
        "sheet.pgn",
        0,
        qipu::Format::Pgn,
        &qipu::WriteOptions::default(),
    )
    .unwrap();
    assert!(
        pgn.contains("3. Nc3 {repaired, written as nothing: a half-move left out}"),
        "{pgn}"
    );
    let again = read(&pgn, false);
    assert!(
        again.records[0].diagnostics.is_empty(),
        "{:?}",
        again.records[0].diagnostics
    );
    assert_eq!(again.records[0].plies, 10);

    // A half-move left out before the last move written: nothing after it tells which.
    let last = "[Variant \"Shatar\"]\n\n1. d2—d4 d7—d5 2. Ng1—f3 Ng8—f6 3. Bc8—f5 *\n";
    let document = read(last, true);
    assert!(repairs(&document).is_empty());
}

#[test]
fn two_moves_of_a_side_written_in_swapped_order_are_replayed_in_order() {
    let text = "[Variant \"Shatar\"]\n\n1. d2—d4 d7—d5 2. Ng1—f3 Ng8—f6 3. Bf1—d3 e7—e6 \
                4. e2—e3 Bf8—d6 5. Nb1—c3 Nb8—c6 6. Bd3—b5 a7—a6 *\n";
    let repaired = read(text, true);
    let repair = repairs(&repaired)[0];
    assert_eq!(repair.edit, qipu::diag::EditKind::Swapped);
    assert_eq!(repair.used, "e2—e3 e7—e6 Bf1—d3");
    assert_eq!(repaired.records[0].plies, 12);
    assert_eq!(error_codes(&repaired).len(), 1);
}

#[test]
fn a_move_written_twice_is_skipped() {
    let text = "[Variant \"Shatar\"]\n\n1. d2—d4 d7—d5 2. Ng1—f3 Ng8—f6 3. e2—e3 e2—e3 \
                e7—e6 4. Bf1—d3 Bf8—d6 *\n";
    let repaired = read(text, true);
    let repair = repairs(&repaired)[0];
    assert_eq!(repair.edit, qipu::diag::EditKind::Doubled);
    assert_eq!(repaired.records[0].plies, 8);
}

#[test]
fn two_slips_in_one_game_are_both_repaired() {
    let text = "[Variant \"Shatar\"]\n\n1. d2—d4 d7—d5 2. Ng1—f3 g7—g6 3. Nb1—c3 Qf8—g7 \
                4. e2—e3 Ng8—f6 5. Bf1—d3 Ke8—f8 6. Ke1—f1 Nb8—c6 7. Nc3—b6 a7—a6 \
                8. a2—a3 Nc6—a5 *\n";
    let repaired = read(text, true);
    let used: Vec<&str> = repairs(&repaired).iter().map(|r| r.used.as_str()).collect();
    assert_eq!(used, ["Bf8—g7", "Nc3—b5"]);
    assert_eq!(repaired.records[0].plies, 16);
}

#[test]
fn a_sheet_without_a_mistake_is_never_changed() {
    let mut rng = Rng(0x19_00);
    let mut checked = 0;
    for _ in 0..30 {
        let Some(moves) = game(&mut rng, 60) else {
            continue;
        };
        let document = read(&sheet(&written(&moves)), true);
        assert!(
            document.records[0].diagnostics.is_empty(),
            "{:?}",
            document.records[0].diagnostics
        );
        assert_eq!(replayed(&document), moves);
        checked += 1;
    }
    assert!(checked >= 20);
}
