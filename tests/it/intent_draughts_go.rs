//! Issue 19 for draughts and Go: at a move no legal move fits, the candidates for what
//! the writer meant are judged by the rest of the sheet; the help names them best first,
//! and `--repair` takes the first only when it is clearly ahead.

use crate::support::rng::Rng;
use qipu::diag::{EditKind, Repaired, Slip};
use qipu::draughts::{DraughtsIssue, Meant, Move, Numbering, Position, SquareStyle, Variant};
use qipu::{read_str, Document, Game, ReadOptions};

fn read(game: Game, name: &str, text: &str, repair: bool) -> Document {
    let options = ReadOptions {
        game: Some(game),
        keep_records: true,
        repair,
        ..ReadOptions::default()
    };
    read_str(name, text, &options)
}

/// The repairs of the first record.
fn repairs(document: &Document) -> Vec<Repaired> {
    document.records[0]
        .diagnostics
        .iter()
        .filter_map(|d| d.kind.game_issue::<Repaired>().cloned())
        .collect()
}

/// Each diagnostic of the first record but the notes, as `code@ply`.
fn codes(document: &Document) -> Vec<String> {
    document.records[0]
        .diagnostics
        .iter()
        .filter(|d| d.severity != qipu::Severity::Note)
        .map(|d| format!("{}@{}", d.code(), d.ply.unwrap_or(0)))
        .collect()
}

/// What the first draughts error's help names, best first.
fn meant(document: &Document) -> Vec<Meant> {
    document.records[0]
        .diagnostics
        .iter()
        .find_map(|d| match d.kind.game_issue::<DraughtsIssue>()? {
            DraughtsIssue::IllegalMove { meant, .. }
            | DraughtsIssue::NoSuchPiece { meant, .. }
            | DraughtsIssue::MissingMove { meant, .. } => Some(meant.clone()),
            _ => None,
        })
        .unwrap_or_default()
}

/// The first record's moves as replayed.
fn replayed(document: &Document) -> Vec<Move> {
    let record = document.records[0]
        .kept::<qipu::draughts::DraughtsRecord>()
        .expect("a kept draughts record");
    record.moves.iter().map(|n| n.mv.mv).collect()
}

const STYLE: SquareStyle = SquareStyle::Numeric(Numbering::Rulebook);

/// PDN of `moves` from the start, rulebook numbers.
fn pdn(moves: &[String]) -> String {
    let mut text = String::from("[GameType \"25\"]\n\n");
    for (i, mv) in moves.iter().enumerate() {
        if i % 2 == 0 {
            text.push_str(&format!("{}. ", i / 2 + 1));
        }
        text.push_str(mv);
        text.push(' ');
    }
    text.push_str("*\n");
    text
}

/// A random legal Russian game of at most `plies` plies, as moves and as written.
fn random_game(rng: &mut Rng, plies: usize) -> (Vec<Move>, Vec<String>) {
    let mut position = Position::initial();
    let (mut moves, mut written) = (Vec::new(), Vec::new());
    for _ in 0..plies {
        let legal = position.legal_moves(Variant::Russian);
        if legal.is_empty() {
            break;
        }
        let mv = legal[rng.below(legal.len())];
        let full = legal
            .iter()
            .any(|m| m.from() == mv.from() && m.to() == mv.to() && !m.same_effect(&mv));
        written.push(STYLE.write_move(&mv, full));
        moves.push(mv);
        position.play(&mv);
    }
    (moves, written)
}

#[test]
fn eight_thirteen_is_read_as_the_move_the_rest_of_the_game_fits() {
    // 2. 8-13 is no move; 8-12 (the destination one number off) and 9-13 (the origin one
    // number off) both are. After 9-13, White must take 13x22 at move 3, so 12-15 does
    // not replay; after 8-12 the game goes on to its end.
    let text = "[GameType \"25\"]\n\n1. 12-16 21-17 2. 8-13 22-18 3. 12-15 25-21 4. 7-12 *\n";
    let plain = read(Game::Draughts, "case.pdn", text, false);
    assert_eq!(codes(&plain), ["illegal-move@3"]);
    let names: Vec<String> = meant(&plain).iter().map(name).collect();
    assert_eq!(names, ["8-12", "9-13"]);
    assert_eq!(
        plain.records[0].diagnostics[1].kind.help().as_deref(),
        Some("did you mean 8-12 or 9-13?")
    );
    let repaired = read(Game::Draughts, "case.pdn", text, true);
    let done = repairs(&repaired);
    assert_eq!(done.len(), 1, "{:?}", codes(&repaired));
    assert_eq!(
        (done[0].written.as_str(), done[0].used.as_str()),
        ("8-13", "8-12")
    );
    assert_eq!(done[0].edit, EditKind::Replaced(Slip::Destination));
    let evidence = done[0].evidence.expect("weighed by the rest of the game");
    assert_eq!((evidence.replayed, evidence.runner_up), (4, Some(1)));
    assert_eq!(repaired.records[0].plies, 7);

    // The same slip where the rest of the game fits 9-13: 13x22 is b4's capture.
    let other = "[GameType \"25\"]\n\n1. 12-16 21-17 2. 8-13 22-18 3. 13x22 26x19 4. 8-12 *\n";
    let repaired = read(Game::Draughts, "other.pdn", other, true);
    let names: Vec<String> = meant(&repaired).iter().map(name).collect();
    assert_eq!(names, ["9-13", "8-12"]);
    let done = repairs(&repaired);
    assert_eq!(
        (done[0].used.as_str(), done[0].edit),
        ("9-13", EditKind::Replaced(Slip::Origin))
    );
    assert_eq!(repaired.records[0].plies, 7);

    // Where nothing later tells them apart, both are named and nothing is repaired.
    let open = "[GameType \"25\"]\n\n1. 12-16 21-17 2. 8-13 *\n";
    let repaired = read(Game::Draughts, "open.pdn", open, true);
    assert_eq!(meant(&repaired).len(), 2);
    assert!(repairs(&repaired).is_empty());
    assert_eq!(repaired.records[0].plies, 2);
}

/// A candidate as the help writes it.
fn name(meant: &Meant) -> String {
    match meant {
        Meant::Move(mv) => STYLE.write_move(mv, false),
        Meant::LeftOut(mv) => format!("+{}", STYLE.write_move(mv, false)),
        Meant::Swapped(moves) => moves
            .iter()
            .map(|m| STYLE.write_move(m, false))
            .collect::<Vec<_>>()
            .join(" "),
        Meant::Doubled(_) => "doubled".to_string(),
    }
}

/// A mistake injected into a written game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Mistake {
    Destination,
    Origin,
    Missing,
    Swapped,
    /// A capture written as a step onto the piece it takes.
    Marks,
    /// A capture of several pieces written only to its first landing.
    CutShort,
    /// A move written twice.
    Doubled,
}

/// `written` with `mistake` at ply index `at`, and what the help should name there;
/// `None` where the mistake cannot be made there.
fn inject(
    mistake: Mistake,
    moves: &[Move],
    written: &[String],
    at: usize,
    rng: &mut Rng,
) -> Option<(Vec<String>, Meant, usize)> {
    let mv = moves[at];
    let mut out = written.to_vec();
    let number = |sq: qipu::draughts::Square| i32::from(sq.number(Numbering::Rulebook));
    let mut off = |n: i32| {
        let n = if rng.below(2) == 0 { n - 1 } else { n + 1 };
        (1..=32).contains(&n).then_some(n)
    };
    let sep = if mv.is_capture() { "x" } else { "-" };
    let meant = match mistake {
        Mistake::Destination => {
            out[at] = format!("{}{sep}{}", number(mv.from()), off(number(mv.to()))?);
            Meant::Move(mv)
        }
        Mistake::Origin => {
            out[at] = format!("{}{sep}{}", off(number(mv.from()))?, number(mv.to()));
            Meant::Move(mv)
        }
        Mistake::Missing => {
            out.remove(at);
            Meant::LeftOut(mv)
        }
        Mistake::Swapped => {
            if at + 2 >= moves.len() {
                return None;
            }
            out.swap(at, at + 2);
            // Played in order: the move now written two later first.
            Meant::Swapped([mv, moves[at + 1], moves[at + 2]])
        }
        Mistake::Marks => {
            let taken = mv.captured_squares().next()?;
            out[at] = format!("{}-{}", number(mv.from()), number(taken));
            Meant::Move(mv)
        }
        Mistake::CutShort => {
            if mv.capture_count() < 2 {
                return None;
            }
            out[at] = format!("{}x{}", number(mv.from()), number(mv.path()[1]));
            Meant::Move(mv)
        }
        Mistake::Doubled => {
            out.insert(at, written[at].clone());
            return Some((out, Meant::Doubled(None), at + 1));
        }
    };
    Some((out, meant, at))
}

fn same_meant(a: &Meant, b: &Meant) -> bool {
    let same = |a: &Move, b: &Move| a.same_effect(b) && a.promotes() == b.promotes();
    match (a, b) {
        (Meant::Move(a), Meant::Move(b)) | (Meant::LeftOut(a), Meant::LeftOut(b)) => same(a, b),
        (Meant::Swapped(a), Meant::Swapped(b)) => a.iter().zip(b).all(|(a, b)| same(a, b)),
        (Meant::Doubled(_), Meant::Doubled(_)) => true,
        _ => false,
    }
}

#[derive(Default, Debug)]
struct Tally {
    cases: u32,
    named: u32,
    restored: u32,
    wrong: u32,
}

/// Random engine-played games, each with one mistake injected where it makes the written
/// move unreadable: the help names the move meant, and the repair gives back the game.
#[test]
fn injected_mistakes_in_engine_games_are_named_and_repaired() {
    let kinds = [
        Mistake::Destination,
        Mistake::Origin,
        Mistake::Missing,
        Mistake::Swapped,
        Mistake::Marks,
        Mistake::CutShort,
        Mistake::Doubled,
    ];
    let mut tallies: Vec<Tally> = kinds.iter().map(|_| Tally::default()).collect();
    let mut rng = Rng(0x1919_D4A6);
    let mut games = 0;
    while tallies.iter().any(|t| t.cases < 60) && games < 20_000 {
        games += 1;
        let (moves, written) = random_game(&mut rng, 80);
        if moves.len() < 20 {
            continue;
        }
        for (kind, tally) in kinds.iter().zip(tallies.iter_mut()) {
            if tally.cases >= 60 {
                continue;
            }
            let at = 2 + rng.below(moves.len() - 12);
            let Some((text, truth, error_at)) = inject(*kind, &moves, &written, at, &mut rng)
            else {
                continue;
            };
            let text = pdn(&text);
            let plain = read(Game::Draughts, "mistake.pdn", &text, false);
            // Only a mistake that leaves the written move unreadable where it is made.
            let first_error = plain.records[0]
                .diagnostics
                .iter()
                .find(|d| d.severity == qipu::Severity::Error);
            if first_error.and_then(|d| d.ply) != Some(error_at as u32 + 1) {
                continue;
            }
            tally.cases += 1;
            let named = meant(&plain);
            if named.first().is_some_and(|m| same_meant(m, &truth)) {
                tally.named += 1;
            }
            let fixed = read(Game::Draughts, "mistake.pdn", &text, true);
            let back = replayed(&fixed);
            // Help and repair never disagree: a repair plays the first move named.
            if !repairs(&fixed).is_empty() {
                let first = match &named[0] {
                    Meant::Move(mv) | Meant::LeftOut(mv) | Meant::Swapped([mv, ..]) => Some(mv),
                    Meant::Doubled(_) => None,
                };
                if let Some(first) = first {
                    assert!(back[error_at].same_effect(first), "{text}");
                }
            }
            let restored =
                back.len() == moves.len() && back.iter().zip(&moves).all(|(a, b)| a.same_effect(b));
            if restored {
                tally.restored += 1;
            } else if !repairs(&fixed).is_empty() {
                tally.wrong += 1;
            }
        }
    }
    let mut report = String::new();
    for (kind, tally) in kinds.iter().zip(&tallies) {
        report.push_str(&format!("{kind:?}: {tally:?}\n"));
    }
    eprintln!("{report}");
    let (cases, wrong): (u32, u32) = tallies
        .iter()
        .fold((0, 0), |(c, w), t| (c + t.cases, w + t.wrong));
    for (kind, tally) in kinds.iter().zip(&tallies) {
        assert!(tally.cases >= 60, "{kind:?}: too few cases\n{report}");
        assert!(
            tally.named * 10 >= tally.cases * 9,
            "{kind:?} named\n{report}"
        );
        assert!(
            tally.restored * 10 >= tally.cases * 9,
            "{kind:?} restored\n{report}"
        );
    }
    assert!(wrong * 100 <= cases, "wrong repairs\n{report}");
}

/// The first game of the fixed seed's sequence where `mistake` at ply index `at` makes
/// that move unreadable: the true moves and the text with the mistake.
fn game_with(mistake: Mistake, at: usize) -> (Vec<Move>, String, Meant) {
    let mut rng = Rng(0x5EED_0019);
    loop {
        let (moves, written) = random_game(&mut rng, 60);
        if moves.len() < at + 12 {
            continue;
        }
        let Some((text, truth, error_at)) = inject(mistake, &moves, &written, at, &mut rng) else {
            continue;
        };
        let text = pdn(&text);
        let plain = read(Game::Draughts, "mistake.pdn", &text, false);
        let errors: Vec<_> = plain.records[0]
            .diagnostics
            .iter()
            .filter(|d| d.severity == qipu::Severity::Error)
            .collect();
        if errors.first().and_then(|d| d.ply) == Some(error_at as u32 + 1) {
            return (moves, text, truth);
        }
    }
}

fn restored(document: &Document, moves: &[Move]) -> bool {
    let back = replayed(document);
    back.len() == moves.len() && back.iter().zip(moves).all(|(a, b)| a.same_effect(b))
}

#[test]
fn a_half_move_left_out_is_a_missing_move_error() {
    let (moves, text, truth) = game_with(Mistake::Missing, 9);
    let plain = read(Game::Draughts, "missing.pdn", &text, false);
    let error = plain.records[0]
        .diagnostics
        .iter()
        .find(|d| d.severity == qipu::Severity::Error)
        .unwrap();
    assert_eq!(error.code(), "missing-move");
    assert_eq!(error.ply, Some(10));
    // Ply 10 is Black's: the written move is White's, so Black's half-move is left out.
    assert!(
        error
            .kind
            .message()
            .contains("a half-move of Black is left out"),
        "{}",
        error.kind.message()
    );
    let named = meant(&plain);
    assert!(same_meant(&named[0], &truth), "{named:?}");
    let help = error.kind.help().unwrap();
    assert!(help.starts_with("did you mean "), "{help}");
    assert!(help.contains("left out before it"), "{help}");

    let fixed = read(Game::Draughts, "missing.pdn", &text, true);
    let done = repairs(&fixed);
    assert_eq!(done.len(), 1);
    assert_eq!(done[0].edit, EditKind::Missing);
    assert!(restored(&fixed, &moves));
    assert!(!fixed.records[0].valid(), "the error stays");
}

#[test]
fn a_swapped_pair_is_put_back_in_order() {
    let (moves, text, truth) = game_with(Mistake::Swapped, 12);
    let fixed = read(Game::Draughts, "swapped.pdn", &text, true);
    assert!(same_meant(&meant(&fixed)[0], &truth));
    let done = repairs(&fixed);
    assert_eq!(done.len(), 1, "{:?}", codes(&fixed));
    assert_eq!(done[0].edit, EditKind::Swapped);
    assert_eq!(done[0].used.split(' ').count(), 3, "{}", done[0].used);
    assert!(restored(&fixed, &moves));
}

#[test]
fn two_slips_in_one_game_are_both_repaired() {
    let mut rng = Rng(0x7770_0019);
    let mut tried = 0;
    loop {
        tried += 1;
        assert!(tried < 10_000, "no game takes both slips");
        let (moves, written) = random_game(&mut rng, 60);
        if moves.len() < 40 {
            continue;
        }
        let Some((once, _, _)) = inject(Mistake::Destination, &moves, &written, 8, &mut rng) else {
            continue;
        };
        let Some((twice, _, _)) = inject(Mistake::Origin, &moves, &once, 20, &mut rng) else {
            continue;
        };
        let text = pdn(&twice);
        let plain = read(Game::Draughts, "two.pdn", &text, false);
        if codes(&plain).first().map(String::as_str) != Some("illegal-move@9")
            && codes(&plain).first().map(String::as_str) != Some("no-such-piece@9")
        {
            continue;
        }
        let fixed = read(Game::Draughts, "two.pdn", &text, true);
        let errors: Vec<u32> = fixed.records[0]
            .diagnostics
            .iter()
            .filter(|d| d.severity == qipu::Severity::Error)
            .filter_map(|d| d.ply)
            .collect();
        if errors != [9, 21] {
            // The second slip made another legal move, or none: not the case wanted.
            continue;
        }
        assert_eq!(repairs(&fixed).len(), 2, "{text}");
        assert!(restored(&fixed, &moves), "{text}");
        // JSON lists every edit.
        let line = qipu::json::report_line_in(&fixed, &fixed.records[0], qipu::lang::Lang::En);
        let json: serde_json::Value = serde_json::from_str(&line).unwrap();
        let edits: Vec<&str> = json["repaired"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["edit"].as_str().unwrap())
            .collect();
        assert_eq!(edits, ["destination", "origin"]);
        break;
    }
}

#[test]
fn a_record_with_no_mistake_is_never_changed() {
    let mut rng = Rng(0xC0DE_0019);
    for _ in 0..200 {
        let (moves, written) = random_game(&mut rng, 120);
        let text = pdn(&written);
        let plain = read(Game::Draughts, "clean.pdn", &text, false);
        let fixed = read(Game::Draughts, "clean.pdn", &text, true);
        assert!(fixed.records[0].valid(), "{text}");
        assert!(repairs(&fixed).is_empty());
        assert_eq!(plain.records[0].diagnostics, fixed.records[0].diagnostics);
        assert!(restored(&fixed, &moves));
    }
}

#[test]
fn go_a_stone_one_point_off_is_read_as_the_point_the_rest_of_the_game_leaves_free() {
    // W[ee] is occupied. Of its neighbours, de, fe and ed are played later, so only ef
    // lets the game go on to its end.
    let sgf = "(;FF[4]GM[1]SZ[9];B[ee];W[cc];B[gg];W[ee];B[de];W[ff];B[fe];W[gc];B[ed];W[hh];B[bb];W[hb])";
    let plain = read(Game::Go, "off.sgf", sgf, false);
    assert_eq!(codes(&plain), ["occupied-point@4"]);
    let error = &plain.records[0].diagnostics[0];
    let help = error.kind.help().unwrap();
    assert!(help.contains("did you mean W[ef] (E4)"), "{help}");
    assert_eq!(plain.records[0].plies, 3);

    let fixed = read(Game::Go, "off.sgf", sgf, true);
    let done = repairs(&fixed);
    assert_eq!(done.len(), 1, "{:?}", codes(&fixed));
    assert_eq!(
        (done[0].written.as_str(), done[0].used.as_str()),
        ("W[ee]", "W[ef]")
    );
    assert_eq!(done[0].edit, EditKind::Replaced(Slip::Destination));
    assert_eq!(fixed.records[0].plies, 12);

    // Where nothing later tells the neighbours apart, they are named and none is played.
    let open = "(;FF[4]GM[1]SZ[9];B[ee];W[cc];B[gg];W[ee];B[bb])";
    let fixed = read(Game::Go, "open.sgf", open, true);
    assert!(repairs(&fixed).is_empty());
    let help = fixed.records[0].diagnostics[0].kind.help().unwrap();
    // The best three of the four neighbours.
    assert_eq!(help.matches("W[").count(), 3, "{help}");
    assert_eq!(fixed.records[0].plies, 3);
}

#[test]
fn go_a_stone_in_the_other_colours_turn_is_repaired_and_help_agrees() {
    // Black moved last; B[aa] would be suicide, White may play there.
    let sgf = "(;FF[4]GM[1]SZ[9];B[ee];W[ba];B[ff];W[ab];B[gg];B[aa];B[hh])";
    let plain = read(Game::Go, "colour.sgf", sgf, false);
    let help = plain.records[0].diagnostics[0].kind.help().unwrap();
    assert!(help.ends_with("; did you mean W[aa] (A9)?"), "{help}");
    let fixed = read(Game::Go, "colour.sgf", sgf, true);
    let done = repairs(&fixed);
    assert_eq!(done[0].used, "W[aa]");
    assert_eq!(done[0].edit, EditKind::Replaced(Slip::Colour));
    assert_eq!(fixed.records[0].plies, 7);
}
