//! Generates large archives of random legal games for the benchmarks in `bench/run.sh`.
//!
//! `cargo run --release --example generate_archive -- FAMILY COUNT DIR`, where FAMILY is
//!
//! - `shatar`: `DIR/shatar.pgn` and `DIR/shatar.txt` (rulebook full notation);
//! - `draughts`: `DIR/draughts-russian.pdn`, Russian games in PDN with rulebook numbers
//!   (`[GameType "25,W,8,8,N0,0"]`, 1 = a1), a capture written with its full path only
//!   where another capture shares its from and to (what PDN, qipu and pydraughts need);
//! - `go`: `DIR/go/NNNN/NNNNNN.sgf`, one 19×19 game per file, 1 000 files a folder, and
//!   the same games concatenated in `DIR/go-collection.sgf`;
//! - `go-real`: `DIR/go-real/NNNN/NNNNNN.sgf`, games shaped like server and commentary
//!   files rather than like qipu's own output: a dozen root properties, time left on
//!   every move in half the files, comments on about one move in ten (long, in Chinese,
//!   Japanese, Korean and English), two or three variations, and one file in three
//!   encoded in GB18030 (`CA[GB18030]`, Chinese text only).
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
    for (color, point) in go_moves(rng, &mut board, GoColor::Black, length) {
        sgf.push_str(&format!(";{}[{}]", color.letter(), sgf_point(point)));
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

/// One random game's moves from an empty 19×19 board (a pass is `None`), and the board
/// after each: the positions variations branch from.
fn go_moves(
    rng: &mut Rng,
    board: &mut Board,
    color: GoColor,
    length: usize,
) -> Vec<(GoColor, Option<Point>)> {
    const SIZE: u8 = 19;
    let mut moves = Vec::with_capacity(length);
    let mut color = color;
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
                passes = 0;
            }
            None => {
                board.pass(color);
                passes += 1;
            }
        }
        moves.push((color, point));
        if passes == 2 {
            break;
        }
        color = color.opponent();
    }
    moves
}

/// Commentary as servers and commentators write it, in the languages real files carry.
const COMMENT_PHRASES: [&str; 16] = [
    "这手棋是本局的败着，白应该先在右下角补一手。",
    "黑棋厚实，形势稍优。",
    "双方进入中盘战斗，局面复杂。",
    "此处打劫，黑方劫材不足。",
    "白棋大龙尚未净活，需要小心。",
    "好手！既补强自身又瞄着对方的弱点。",
    "この手は疑問手で、白は左辺を打つべきだった。",
    "黒の模様が大きく、白は早めに消しに行きたい。",
    "이 수는 좋은 수로, 흑이 우세를 확립했습니다.",
    "백은 중앙을 두텁게 두는 것이 좋았습니다.",
    "A good move: it strengthens Black's group and threatens the white stones on the left.",
    "White should have played the ladder breaker first; now the corner is in danger.",
    "The game reaches the endgame with Black about five points ahead on the board.",
    "This invasion is severe. Black must choose between the corner and the side.",
    "Engine winrate: B 54.3%, score lead +1.2 (visits 1600).",
    "Time trouble for White: 3 byo-yomi periods left.",
];

/// The Chinese phrases alone, for files encoded in GB18030.
fn chinese_phrase(rng: &mut Rng) -> &'static str {
    COMMENT_PHRASES[rng.below(6)]
}

fn go_real_comment(rng: &mut Rng, chinese_only: bool) -> String {
    let phrases = 1 + rng.below(4);
    let mut comment = String::new();
    for i in 0..phrases {
        if i > 0 {
            comment.push(if rng.below(3) == 0 { '\n' } else { ' ' });
        }
        comment.push_str(if chinese_only {
            chinese_phrase(rng)
        } else {
            COMMENT_PHRASES[rng.below(COMMENT_PHRASES.len())]
        });
    }
    comment
}

fn sgf_point(point: Option<Point>) -> String {
    match point {
        Some(point) => {
            let [x, y] = point.to_sgf().expect("19x19 points have SGF letters");
            format!("{x}{y}")
        }
        None => String::new(),
    }
}

/// A game shaped like a server's or a commentator's file (see the module's docs), as
/// bytes in its encoding.
fn go_real_game(rng: &mut Rng, index: usize) -> Vec<u8> {
    let gb18030 = index % 3 == 2;
    let timed = rng.below(2) == 0;
    let mut board = Board::new(19, 19).expect("19x19 is supported");
    let length = GO_MIN_MOVES + rng.below(GO_MAX_MOVES - GO_MIN_MOVES + 1);
    let mut start = board.clone();
    let moves = go_moves(rng, &mut start, GoColor::Black, length);
    let ranks = ["9段", "7d", "3段", "1k", "5段", "2p"];
    let mut sgf = format!(
        "(;GM[1]FF[4]CA[{}]AP[Generated server:1.0]SZ[19]GN[第{}局]DT[2026-11-{:02}]\
         PC[网络对局室 {}]EV[第十二届网络围棋联赛]RO[{}]PB[棋手{}]BR[{}]PW[Player {}]WR[{}]\
         KM[6.5]HA[0]RU[Chinese]TM[1800]OT[3x30 byo-yomi]RE[{}]US[录入员]SO[generated]\
         C[{}]\n",
        if gb18030 { "GB18030" } else { "UTF-8" },
        index + 1,
        1 + index % 28,
        index % 40,
        1 + index % 9,
        2 * index + 1,
        ranks[rng.below(ranks.len())],
        2 * index + 2,
        ranks[rng.below(ranks.len())],
        if rng.below(2) == 0 { "B+R" } else { "W+3.5" },
        go_real_comment(rng, gb18030),
    );
    // Two or three plies a variation branches from, each with an alternative line.
    let branches: Vec<usize> = (0..2 + rng.below(2))
        .map(|_| 20 + rng.below(moves.len().saturating_sub(40).max(1)))
        .collect();
    // Each main-line node as written, and the alternative line to it where one branches.
    let mut left = [1800.0f64, 1800.0];
    let mut nodes = Vec::with_capacity(moves.len());
    let mut alternatives = vec![None; moves.len()];
    for (ply, (color, point)) in moves.iter().enumerate() {
        if branches.contains(&ply) {
            let mut alternative = board.clone();
            let length = 3 + rng.below(6);
            let mut line = String::new();
            for (color, point) in go_moves(rng, &mut alternative, *color, length) {
                line.push_str(&format!(";{}[{}]", color.letter(), sgf_point(point)));
                if rng.below(2) == 0 {
                    line.push_str(&format!("C[{}]", go_real_comment(rng, gb18030)));
                }
            }
            alternatives[ply] = Some(line);
        }
        match point {
            Some(point) => {
                board.play(*color, *point).expect("legal in the game");
            }
            None => board.pass(*color),
        }
        let mut node = format!(";{}[{}]", color.letter(), sgf_point(*point));
        if timed {
            let side = usize::from(*color == GoColor::White);
            left[side] = (left[side] - rng.below(600) as f64 / 10.0).max(0.0);
            let letter = if side == 0 { 'B' } else { 'W' };
            node.push_str(&format!("{letter}L[{:.1}]", left[side]));
        }
        if rng.below(10) == 0 {
            node.push_str(&format!("C[{}]", go_real_comment(rng, gb18030)));
        }
        if ply % 10 == 9 {
            node.push('\n');
        }
        nodes.push(node);
    }
    // The game first, as servers write it: at a branch, the main line's rest is the
    // first variation and the alternative the second.
    let mut tail = String::new();
    for (node, alternative) in nodes.iter().zip(&alternatives).rev() {
        tail.insert_str(0, node);
        if let Some(alternative) = alternative {
            tail = format!("({tail})\n({alternative})");
        }
    }
    sgf.push_str(&tail);
    sgf.push_str(")\n");
    if gb18030 {
        let (bytes, _, unmappable) = encoding_rs::GB18030.encode(&sgf);
        assert!(!unmappable, "GB18030 maps every character");
        bytes.into_owned()
    } else {
        sgf.into_bytes()
    }
}

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [family, count, dir] = args.as_slice() else {
        eprintln!("usage: generate_archive shatar|draughts|go|go-real COUNT DIR");
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
        "go-real" => {
            let folder = format!("{dir}/go-real");
            if std::path::Path::new(&folder).exists() {
                std::fs::remove_dir_all(&folder)?;
            }
            for index in 0..count {
                let sgf = go_real_game(&mut rng, index);
                let subfolder = format!("{folder}/{:04}", index / 1000);
                if index % 1000 == 0 {
                    std::fs::create_dir_all(&subfolder)?;
                }
                std::fs::write(format!("{subfolder}/{index:06}.sgf"), &sgf)?;
            }
        }
        other => {
            eprintln!("unknown family {other}");
            std::process::exit(2);
        }
    }
    Ok(())
}
