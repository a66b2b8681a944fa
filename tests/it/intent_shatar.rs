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
        let played = replayed(&repaired);
        if played == moves {
            tally.given_back += 1;
        } else if std::env::var("INTENT_DEBUG").is_ok_and(|k| k == format!("{mistake:?}")) {
            eprintln!("at {at}: {text}");
            for d in &repaired.records[0].diagnostics {
                eprintln!(
                    "  {} {:?} {} / {}",
                    d.code(),
                    d.ply,
                    d.kind.message(),
                    d.kind.help().unwrap_or_default()
                );
            }
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
    let (mut all, mut wrong) = (0, 0);
    for (mistake, seed) in kinds {
        let tally = tally(mistake, seed);
        report.push(format!("{mistake:?}: {tally:?}"));
        all += tally.cases;
        wrong += tally.wrong;
        assert!(tally.cases >= 40, "{mistake:?}: {tally:?}");
    }
    let report = report.join("\n");
    eprintln!("{report}");
    for line in report.lines() {
        let _ = line;
    }
    assert!(
        wrong * 100 <= all,
        "wrong repairs: {wrong} of {all}\n{report}"
    );
}
