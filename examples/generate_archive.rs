//! Generates large archives of random legal games for the benchmarks in `bench/run.sh`.
//!
//! `cargo run --release --example generate_archive -- FAMILY COUNT DIR`, where FAMILY is
//!
//! - `shatar`: `DIR/shatar.pgn` and `DIR/shatar.txt` (rulebook full notation);
//! - `draughts`: `DIR/draughts-russian.pdn`, Russian games in PDN with rulebook numbers
//!   (`[GameType "25,W,8,8,N0,0"]`, 1 = a1), a capture written with its full path only
//!   where another capture shares its from and to (what PDN, qipu and pydraughts need);
//! - `go`: `DIR/go/NNNN/NNNNNN.sgf`, one 19×19 game per file, 1 000 files a folder, and
//!   the same games concatenated in `DIR/go-collection.sgf`.
//!
//! Moves are drawn from qipu's own rules engines with a fixed-seed generator, so every
//! game is legal and the archives are the same on every run.

use std::fs::File;
use std::io::{BufWriter, Write};

use qipu::draughts::DraughtsMove;
use qipu::draughts::GameResult;
use qipu::draughts::{Color as DraughtsColor, Position as DraughtsPosition, Variant};
use qipu::draughts::{PdnOptions, Results, Squares};
use qipu::go::{Board, Color as GoColor, Point};
use qipu::record::{Game, Node, Record, Tags};
use qipu::shatar::Position;
use qipu::shatar::ResultToken;
use qipu::shatar::ShatarMove;
use qipu::{GameRecord, WriteOptions};

#[path = "../tests/it/support/rng.rs"]
mod rng;
use rng::Rng;

/// The tags every generated game carries: event, site, date, round and two players.
fn archive_tags(index: usize) -> Tags {
    let mut tags = Tags::default();
    tags.set("Event", "Generated archive");
    tags.set("Site", "qipu");
    tags.set("Date", "2026.11.30");
    tags.set("Round", (index + 1).to_string());
    tags.set("White", format!("Player {}", 2 * index + 1));
    tags.set("Black", format!("Player {}", 2 * index + 2));
    tags
}

fn shatar_game(rng: &mut Rng, index: usize) -> Record<ShatarMove> {
    let mut record = Record::new(Game::Shatar);
    record.tags = archive_tags(index);
    let mut position = Position::new();
    let length = 40 + rng.below(120);
    for ply in 1..=length as u32 {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        let san = position.san(mv);
        position.play(mv);
        let node = Node::new(
            ShatarMove {
                mv,
                san: san.clone(),
                check: position.is_check(),
                mate: position.is_checkmate(),
            },
            ply,
            san,
            0..0,
        );
        record.moves.push(node);
    }
    let result = if position.is_checkmate() {
        if position.turn() == qipu::shatar::Color::White {
            ResultToken::BlueWins
        } else {
            ResultToken::WhiteWins
        }
    } else if position.is_stalemate() {
        ResultToken::Draw
    } else {
        ResultToken::Unknown
    };
    record.result = Some(result);
    record
}

/// The longest draughts game generated, in plies; most random games end sooner.
const DRAUGHTS_MAX_PLIES: usize = 150;

/// A random Russian game: each ply a legal move chosen uniformly (capture routes that
/// differ only in a king's landing square count as separate moves), until the side to
/// move has none (it has lost) or the ply limit.
fn draughts_game(rng: &mut Rng, index: usize) -> Record<DraughtsMove> {
    let mut record = Record::new(Game::Draughts);
    record.variant = Some(Variant::Russian);
    record.tags = archive_tags(index);
    let mut position = DraughtsPosition::initial();
    let mut lost = false;
    for ply in 1..=DRAUGHTS_MAX_PLIES as u32 {
        let legal = position.legal_moves(Variant::Russian);
        if legal.is_empty() {
            lost = true;
            break;
        }
        // As the validator decides: the full path is written when captures with the same
        // from and to take different pieces.
        let mv = legal[rng.below(legal.len())];
        let full_path = legal
            .iter()
            .filter(|m| m.from() == mv.from() && m.to() == mv.to())
            .any(|m| !m.same_effect(&mv) || m.promotes() != mv.promotes());
        position.play(&mv);
        record.moves.push(Node::new(
            DraughtsMove { mv, full_path },
            ply,
            mv.to_string(),
            0..0,
        ));
    }
    record.result = Some(match (lost, position.turn()) {
        (false, _) => GameResult::Unfinished,
        (true, DraughtsColor::White) => GameResult::ZeroTwo,
        (true, DraughtsColor::Black) => GameResult::TwoZero,
    });
    record
}

/// Go games are 150–250 moves (passes included) unless both players pass in a row.
const GO_MIN_MOVES: usize = 150;
const GO_MAX_MOVES: usize = 250;
/// A player passes with probability 1/GO_PASS_ODDS.
const GO_PASS_ODDS: usize = 60;
/// Random points tried before a player gives up and passes.
const GO_TRIES: usize = 200;

/// A random 19×19 game as SGF text, normalised by qipu's SGF writer. Each move is a point
/// drawn uniformly from those the engine accepts (rejection sampling over the whole board
/// skips occupied points, suicide and ko), or now and then a pass (also when
/// `GO_TRIES` draws find no such point).
fn go_game(rng: &mut Rng, index: usize) -> String {
    const SIZE: u8 = 19;
    let mut board = Board::new(SIZE.into(), SIZE.into()).expect("19x19 is supported");
    let mut sgf = format!(
        "(;GM[1]FF[4]CA[UTF-8]SZ[{SIZE}]KM[7.5]RU[Chinese]EV[Generated archive]RO[{}]\
         PB[Player {}]PW[Player {}]",
        index + 1,
        2 * index + 1,
        2 * index + 2
    );
    let length = GO_MIN_MOVES + rng.below(GO_MAX_MOVES - GO_MIN_MOVES + 1);
    let mut color = GoColor::Black;
    let mut passes = 0;
    for _ in 0..length {
        let point = if rng.below(GO_PASS_ODDS) == 0 {
            None
        } else {
            (0..GO_TRIES)
                .map(|_| Point::new(rng.below(SIZE.into()) as u8, rng.below(SIZE.into()) as u8))
                .find(|&point| board.check(color, point).is_ok())
        };
        match point {
            Some(point) => {
                board.play(color, point).expect("checked just before");
                let [x, y] = point.to_sgf().expect("19x19 points have SGF letters");
                sgf.push_str(&format!(";{}[{x}{y}]", color.letter()));
                passes = 0;
            }
            None => {
                board.pass(color);
                sgf.push_str(&format!(";{}[]", color.letter()));
                passes += 1;
            }
        }
        if passes == 2 {
            break;
        }
        color = color.opponent();
    }
    sgf.push(')');
    let options = qipu::ReadOptions {
        keep_records: true,
        ..qipu::ReadOptions::default()
    };
    let document = qipu::read_str("game.sgf", &sgf, &options);
    let record = document.records[0]
        .record
        .as_ref()
        .expect("a kept Go record");
    let options = qipu::WriteOptions::default();
    qipu::write_record(record, "game.sgf", 0, qipu::go::SGF, &options).expect("SGF is written")
}

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [family, count, dir] = args.as_slice() else {
        eprintln!("usage: generate_archive shatar|draughts|go COUNT DIR");
        std::process::exit(2);
    };
    let count: usize = count.parse().expect("COUNT must be a number");
    std::fs::create_dir_all(dir)?;
    let mut rng = Rng(0x005E_ED0F_9195);
    match family.as_str() {
        "shatar" => {
            let mut pgn =
                std::io::BufWriter::new(std::fs::File::create(format!("{dir}/shatar.pgn"))?);
            let mut text =
                std::io::BufWriter::new(std::fs::File::create(format!("{dir}/shatar.txt"))?);
            for index in 0..count {
                let record = shatar_game(&mut rng, index);
                if index > 0 {
                    pgn.write_all(b"\n")?;
                    text.write_all(b"\n")?;
                }
                pgn.write_all(qipu::shatar::write_pgn(&record).as_bytes())?;
                text.write_all(
                    qipu::shatar::write_text(&record, &qipu::shatar::TextOptions::default())
                        .as_bytes(),
                )?;
            }
        }
        "draughts" => {
            let path = format!("{dir}/draughts-russian.pdn");
            let mut pdn = BufWriter::new(File::create(path)?);
            for index in 0..count {
                let record = draughts_game(&mut rng, index);
                if index > 0 {
                    pdn.write_all(b"\n")?;
                }
                // Rulebook numbers and points, as the benchmark figures were measured on.
                let options = PdnOptions {
                    squares: Squares::Numeric,
                    results: Some(Results::Points),
                };
                let record = record.with_extra(qipu::draughts::ReadConventions::default());
                let text = record
                    .write(
                        "",
                        0,
                        qipu::draughts::PDN,
                        &WriteOptions::default().with(options),
                    )
                    .expect("a draughts record writes as PDN");
                pdn.write_all(text.as_bytes())?;
            }
        }
        "go" => {
            let folder = format!("{dir}/go");
            if std::path::Path::new(&folder).exists() {
                std::fs::remove_dir_all(&folder)?; // no files left from a larger run
            }
            let mut collection = BufWriter::new(File::create(format!("{dir}/go-collection.sgf"))?);
            for index in 0..count {
                let sgf = go_game(&mut rng, index);
                let subfolder = format!("{folder}/{:04}", index / 1000);
                if index % 1000 == 0 {
                    std::fs::create_dir_all(&subfolder)?;
                }
                std::fs::write(format!("{subfolder}/{index:06}.sgf"), &sgf)?;
                collection.write_all(sgf.as_bytes())?;
            }
        }
        other => {
            eprintln!("unknown family {other}");
            std::process::exit(2);
        }
    }
    Ok(())
}
